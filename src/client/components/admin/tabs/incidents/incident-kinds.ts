import { INCIDENT_KINDS, type IncidentKind } from '~/shared/licensing-notice';
import { tabText } from '../tab-words';

/** A report's kind in the staff's words; a kind the screen does not know, as stored. */
export function kindWord(kind: string): string {
  return (INCIDENT_KINDS as readonly string[]).includes(kind) ? tabText(`staff.incidents.kind.${kind as IncidentKind}`) : kind;
}

export const kindOptions = () => INCIDENT_KINDS.map((k) => ({ value: k, label: kindWord(k) }));
