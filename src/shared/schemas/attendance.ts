import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { idSchema } from './content';
import { enumField, idField, isoDate, isValidIsoDate, optionalText, phoneField, plainString, requiredText } from './fields';

/** An adult who may pick a child up (`POST .../pickups`, staff and parents alike). */
export const pickupSchema = z.strictObject(
  {
    name: requiredText('error.nameRequired', 100),
    relationship: requiredText('error.relationshipRequired', 60),
    phone: phoneField(),
  },
  { error: 'error.pickupFields' },
);
export type PickupInput = z.input<typeof pickupSchema>;

export const ATTENDANCE_KINDS = ['in', 'out'] as const;
export type AttendanceKind = (typeof ATTENDANCE_KINDS)[number];
const kindField = enumField(ATTENDANCE_KINDS, 'error.kindInOut');

/** A moment as an ISO 8601 string with its offset (or a Date, from the tRPC client). */
export const momentField = z.union([
  z.date({ error: 'error.timeValid' }),
  plainString('error.timeValid')
    .max(40, 'error.timeValid')
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v), 'error.timeExample')
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), 'error.timeValid'),
]);

export const OVERRIDE_REASON_REQUIRED = 'error.overrideReason';

/** `POST /api/admin/attendance`. */
export const attendanceRecordSchema = z
  .strictObject(
    {
      childId: idSchema,
      kind: kindField,
      by: requiredText('error.whoDroppedOff', 100),
      at: momentField.optional(),
      override: z.boolean({ error: 'error.overrideBoolean' }).optional(),
      reason: optionalText(500),
    },
    { error: 'error.attendanceFields' },
  )
  .refine((v) => !v.override || !!v.reason, { message: OVERRIDE_REASON_REQUIRED, path: ['reason'] });
export type AttendanceRecordInput = z.input<typeof attendanceRecordSchema>;

/** `PATCH /api/admin/attendance/{id}`: a corrected time. */
export const attendanceCorrectionSchema = z.strictObject({ id: idSchema, at: momentField }, { error: 'error.attendanceCorrect' });

/** `POST /api/admin/staff-attendance`: the signed-in staff member clocks in or out of a room. */
export const staffAttendanceSchema = z.strictObject(
  {
    kind: kindField,
    classroomId: idField('error.chooseClassroom'),
    /** Set after the person was told that leaving puts the room over ratio, and chose to leave anyway. */
    confirmOverRatio: z.boolean({ error: 'error.confirmOverRatioBoolean' }).optional(),
  },
  { error: 'error.staffAttendanceFields' },
);

export const attendanceDaySchema = z.strictObject({ date: isoDate('error.dateGive') });

/** `YYYY-MM` of the monthly report. */
export const reportMonthSchema = z.strictObject({
  month: plainString('error.month').refine((v) => /^\d{4}-\d{2}$/.test(v) && isValidIsoDate(`${v}-01`), 'error.month'),
});

/** The longest span a parent's history answers at once. */
export const PARENT_RANGE_MAX_DAYS = 92;

/** `GET /api/parent/attendance/{childId}?from=&to=`: both optional (default: the last 30 days). */
export const parentAttendanceSchema = z
  .strictObject({
    childId: idSchema,
    from: isoDate('error.fromDate').optional(),
    to: isoDate('error.toDate').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'error.fromAfterTo', path: ['from'] });

export const childIdInput = z.strictObject({ childId: idSchema });
/** A parent adds a person to their child's list: name, relationship and phone. */
export const pickupAddSchema = pickupSchema.extend({ childId: idSchema });
export const pickupDeleteSchema = z.strictObject({ childId: idSchema, id: idSchema });

/**
 * Optional free text in a change: absent stays absent (nothing to change), blank becomes null (cleared). Unlike
 * optionalText, which reads an absent field as null.
 */
export function changeableText(max: number) {
  return plainString()
    .max(max, errorId('error.tooLong', { max }))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
}

/** What staff checked about the person ("ID checked"); staff only, never shown to the family (ADR 073). */
const pickupNoteField = changeableText(200);

/** Staff add a person with a note of their own (`POST /api/admin/enrolled-children/{id}/pickups`). */
export const staffPickupSchema = z.strictObject({ ...pickupSchema.shape, note: pickupNoteField }, { error: 'error.pickupFields' });
export type StaffPickupInput = z.input<typeof staffPickupSchema>;
export const staffPickupAddSchema = staffPickupSchema.extend({ childId: idSchema });

/** `PATCH /api/admin/enrolled-children/{id}/pickups/{pickupId}`: any of the fields, at least one. */
export const pickupUpdateSchema = z
  .strictObject(
    {
      childId: idSchema,
      id: idSchema,
      name: pickupSchema.shape.name.optional(),
      relationship: pickupSchema.shape.relationship.optional(),
      phone: pickupSchema.shape.phone.optional(),
      note: pickupNoteField,
    },
    { error: 'error.pickupChangeFields' },
  )
  .refine(({ childId: _c, id: _id, ...v }) => Object.values(v).some((x) => x !== undefined), 'error.nothingToChange');
export type PickupUpdateInput = z.input<typeof pickupUpdateSchema>;
