/**
 * Incident and injury reports (ADR 093): the report a teacher writes, its amendments, the licensing notice the
 * director records, the parent's acknowledgement and the paper copy handed over at pickup; the list's and the
 * summary's ranges. One schema per input, used by the staff tab, the portal and the procedures alike.
 */
import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { INCIDENT_KINDS } from '../licensing-notice';
import { idSchema } from './content';
import { momentField as anyMoment } from './attendance';
import { enumField, isoDate, optionalText, requiredText } from './fields';
import { pageFields } from './page';

export { INCIDENT_KINDS };

/** A moment (ISO 8601 with its offset, or a Date from the tRPC client); anything else is told the shape expected. */
const momentField = z.union(anyMoment.options, { error: 'error.timeExample' });
export const MAX_WITNESSES = 10;
/** The longest range a list or a summary covers: the two years a prospective parent may ask about, and a day more. */
export const INCIDENT_RANGE_DAYS = 732;
export const LICENSING_METHODS = ['phone', 'email', 'online', 'in-person'] as const;

/** `POST /api/admin/incidents`. */
export const incidentSchema = z.strictObject(
  {
    childId: idSchema,
    occurredAt: momentField,
    location: requiredText('error.incidentLocation', 200),
    kind: enumField(INCIDENT_KINDS, 'error.incidentKind'),
    description: requiredText('error.incidentDescription', 4000, { multiline: true }),
    firstAid: optionalText(2000, { multiline: true }),
    /** Who was told (a parent by phone, the director) and when. */
    whoWasTold: optionalText(200),
    toldAt: momentField.nullish(),
    witnesses: z
      .array(requiredText('error.witnessName', 100), { error: 'error.witnessList' })
      .max(MAX_WITNESSES, errorId('error.witnessMax', { max: MAX_WITNESSES }))
      .default([]),
    serious: z.boolean({ error: 'error.seriousBoolean' }).default(false),
  },
  { error: 'error.incidentFields' },
);
export type IncidentInput = z.input<typeof incidentSchema>;

/** `POST /api/admin/incidents/{id}/amendments`. */
export const amendmentSchema = z.strictObject(
  { id: idSchema, text: requiredText('error.amendmentText', 4000, { multiline: true }) },
  { error: 'error.amendmentFields' },
);

/** `POST /api/admin/incidents/{id}/licensing-notice` (director only). */
export const licensingNoticeSchema = z.strictObject(
  {
    id: idSchema,
    notifiedAt: momentField,
    method: enumField(LICENSING_METHODS, 'error.licensingMethod'),
    reference: optionalText(100),
  },
  { error: 'error.licensingFields' },
);

/** `POST /api/parent/incidents/{id}/acknowledge`: the parent's typed full name. */
export const acknowledgeSchema = z.strictObject(
  { id: idSchema, signature: requiredText('error.signatureRequired', 100).refine((v) => v.length >= 2, 'error.signatureRequired') },
  { error: 'error.acknowledgeFields' },
);

/** `POST /api/admin/incidents/{id}/handed-over`: the paper copy given at pickup, and to whom. */
export const handoverSchema = z.strictObject(
  { id: idSchema, to: requiredText('error.handedOverTo', 100) },
  { error: 'error.handoverFields' },
);

function spanDays(a: string, b: string): number {
  return (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
}

const range = {
  from: isoDate('error.startDateRequired'),
  to: isoDate('error.endDateRequired'),
};

/** `GET /api/admin/incidents?from=&to=&childId=`: a page, newest first; no range is the last 30 days. */
export const incidentListSchema = z
  .object({ from: range.from.optional(), to: range.to.optional(), childId: idSchema.optional(), ...pageFields })
  .refine((r) => !r.from || !r.to || r.to >= r.from, { message: 'error.endBeforeStart', path: ['to'] })
  .refine((r) => !r.from || !r.to || spanDays(r.from, r.to) <= INCIDENT_RANGE_DAYS, {
    message: errorId('error.incidentRange', { days: INCIDENT_RANGE_DAYS }),
    path: ['to'],
  });

/** `GET /api/admin/incidents/summary?from=&to=`: counts by kind. */
export const incidentSummarySchema = z
  .object(range)
  .refine((r) => r.to >= r.from, { message: 'error.endBeforeStart', path: ['to'] })
  .refine((r) => spanDays(r.from, r.to) <= INCIDENT_RANGE_DAYS, {
    message: errorId('error.incidentRange', { days: INCIDENT_RANGE_DAYS }),
    path: ['to'],
  });
