import type { PortalKey } from '~/shared/i18n/portal-en';
import type { IncidentKind } from '~/shared/licensing-notice';

/** The catalogue key of a report's kind; a kind the portal does not know reads as an injury's neutral word. */
export function kindKey(kind: string): PortalKey {
  return `portal.incidents.kind.${kind as IncidentKind}`;
}
