/**
 * Medication authorizations and doses (ADR 092): the bodies the portal's form, the staff tab and the REST paths
 * send. Field messages are catalogue ids (ADR 069).
 */
import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { PHYSICIAN_REASONS } from '../medication-rules';
import { momentField } from './daily-entries';
import { enumField, idField, isoDate, looseBoolean, optionalText, requiredText } from './fields';

export const MEDICATION_TIMES_MAX = 8;
export const MEDICATION_TEXT_MAX = 200;
export const MEDICATION_NOTES_MAX = 1000;
export const RETURN_REASON_MAX = 1000;

const timeOfDay = z
  .string({ error: 'error.timeHhMm' })
  .max(5, 'error.timeHhMm')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'error.timeHhMm');

/** One medication, as the parent asks for it (JFS 01217): `times` empty when `asNeeded` holds the sign to look for. */
const authorizationFields = {
  medicationName: requiredText('error.medicationName', MEDICATION_TEXT_MAX),
  reason: requiredText('error.medicationReason', MEDICATION_TEXT_MAX),
  dose: requiredText('error.medicationDose', MEDICATION_TEXT_MAX),
  route: requiredText('error.medicationRoute', MEDICATION_TEXT_MAX),
  times: z
    .array(timeOfDay, { error: 'error.medicationTimes' })
    .max(MEDICATION_TIMES_MAX, errorId('error.medicationTimesMax', { max: MEDICATION_TIMES_MAX }))
    .default([]),
  asNeeded: optionalText(MEDICATION_TEXT_MAX),
  startDate: isoDate('error.medicationStart'),
  endDate: isoDate('error.medicationEnd'),
  refrigerate: looseBoolean.default(false),
  prescription: looseBoolean.default(false),
  physicianNeeded: looseBoolean.default(false),
  physicianReasons: z
    .array(enumField(PHYSICIAN_REASONS, 'error.physicianReason'), { error: 'error.physicianReason' })
    .max(PHYSICIAN_REASONS.length, 'error.physicianReason')
    .default([]),
  /** The parent's typed full name. */
  signature: requiredText('error.signature', MEDICATION_TEXT_MAX),
  /** The upload URL of the physician's instructions or the pharmacy label (or, from staff, the paper form's scan). */
  documentUrl: z.string({ error: 'error.uploadBeforeSubmit' }).max(500, 'error.uploadBeforeSubmit').nullish(),
};

/** What both kinds of request must say together: times or "as needed" (one of them), each time once, in date order. */
function checkRequest(v: { times: string[]; asNeeded: string | null; startDate: string; endDate: string }, ctx: z.RefinementCtx): void {
  if (v.times.length > 0 === (v.asNeeded !== null))
    ctx.addIssue({ code: 'custom', message: 'error.medicationTimesOrAsNeeded', path: ['times'] });
  if (new Set(v.times).size !== v.times.length) ctx.addIssue({ code: 'custom', message: 'error.medicationTimesTwice', path: ['times'] });
  if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', message: 'error.medicationEndBeforeStart', path: ['endDate'] });
}

/** A parent's request for their own child (the child's id is in the path). */
export const parentAuthorizationSchema = z.object({ childId: idField(), ...authorizationFields }).superRefine(checkRequest);

/** Staff enter a request from the paper form: the child, and the day the parent signed it. */
export const staffAuthorizationSchema = z
  .object({ childId: idField('error.childRequired'), ...authorizationFields, signedOn: isoDate('error.signedOn') })
  .superRefine(checkRequest);

export const authorizationListSchema = z
  .object({
    status: enumField(['pending', 'active', 'returned', 'ended'], 'error.medicationStatus').nullish(),
    childId: idField().nullish(),
  })
  .prefault({});

export const returnAuthorizationSchema = z.object({
  id: idField(),
  reason: requiredText('error.returnReason', RETURN_REASON_MAX, { multiline: true }),
});

export const doseSchema = z.object({
  authorizationId: idField(),
  givenAt: momentField('error.timeIso'),
  dose: requiredText('error.medicationDose', MEDICATION_TEXT_MAX),
  notes: optionalText(MEDICATION_NOTES_MAX, { multiline: true }),
});

const dayParam = isoDate('error.dateAsIso').nullish();

/** The room's medication for a day (none: today) and a room (none: every child). */
export const roomDosesSchema = z.object({ date: dayParam, classroomId: idField().nullish() }).prefault({});

export const childDosesSchema = z.object({ childId: idField(), date: dayParam });
