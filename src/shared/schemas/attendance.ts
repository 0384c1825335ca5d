import { z } from 'zod';
import { idSchema } from './content';
import { enumField, idField, isoDate, isValidIsoDate, optionalText, phoneField, plainString, requiredText } from './fields';

/** An adult who may pick a child up (`POST .../pickups`, staff and parents alike). */
export const pickupSchema = z.strictObject(
  {
    name: requiredText('Name is required', 100),
    relationship: requiredText('Relationship is required', 60),
    phone: phoneField(),
  },
  { error: 'Only name, relationship and phone can be set' },
);
export type PickupInput = z.input<typeof pickupSchema>;

export const ATTENDANCE_KINDS = ['in', 'out'] as const;
export type AttendanceKind = (typeof ATTENDANCE_KINDS)[number];
const kindField = enumField(ATTENDANCE_KINDS, "kind must be 'in' or 'out'");

/** A moment as an ISO 8601 string with its offset (or a Date, from the tRPC client). */
export const momentField = z.union([
  z.date({ error: 'Please give a valid time' }),
  plainString('Please give a valid time')
    .max(40, 'Please give a valid time')
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v),
      'Please give a time such as 2026-11-27T07:42:00-05:00',
    )
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), 'Please give a valid time'),
]);

export const OVERRIDE_REASON_REQUIRED = 'An override needs a reason';

/** `POST /api/admin/attendance`. */
export const attendanceRecordSchema = z
  .strictObject(
    {
      childId: idSchema,
      kind: kindField,
      by: requiredText('Please say who dropped off or picked up', 100),
      at: momentField.optional(),
      override: z.boolean({ error: 'override must be true or false' }).optional(),
      reason: optionalText(500),
    },
    { error: 'Only childId, kind, by, at, override and reason can be set' },
  )
  .refine((v) => !v.override || !!v.reason, { message: OVERRIDE_REASON_REQUIRED, path: ['reason'] });
export type AttendanceRecordInput = z.input<typeof attendanceRecordSchema>;

/** `PATCH /api/admin/attendance/{id}`: a corrected time. */
export const attendanceCorrectionSchema = z.strictObject({ id: idSchema, at: momentField }, { error: 'Only at can be corrected' });

/** `POST /api/admin/staff-attendance`: the signed-in staff member clocks in or out of a room. */
export const staffAttendanceSchema = z.strictObject(
  { kind: kindField, classroomId: idField('Please choose a classroom') },
  { error: 'Only kind and classroomId can be set' },
);

export const attendanceDaySchema = z.strictObject({ date: isoDate('Please give a date (YYYY-MM-DD)') });

/** `YYYY-MM` of the monthly report. */
export const reportMonthSchema = z.strictObject({
  month: plainString('Please give a month (YYYY-MM)').refine(
    (v) => /^\d{4}-\d{2}$/.test(v) && isValidIsoDate(`${v}-01`),
    'Please give a month (YYYY-MM)',
  ),
});

/** The longest span a parent's history answers at once. */
export const PARENT_RANGE_MAX_DAYS = 92;

/** `GET /api/parent/attendance/{childId}?from=&to=`: both optional (default: the last 30 days). */
export const parentAttendanceSchema = z
  .strictObject({
    childId: idSchema,
    from: isoDate('from must be a date (YYYY-MM-DD)').optional(),
    to: isoDate('to must be a date (YYYY-MM-DD)').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must not be after to', path: ['from'] });

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
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
}

/** What staff checked about the person ("ID checked"); staff only, never shown to the family (ADR 073). */
const pickupNoteField = changeableText(200);

/** Staff add a person with a note of their own (`POST /api/admin/enrolled-children/{id}/pickups`). */
export const staffPickupSchema = z.strictObject(
  { ...pickupSchema.shape, note: pickupNoteField },
  { error: 'Only name, relationship, phone and note can be set' },
);
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
    { error: 'Only name, relationship, phone and note can be changed' },
  )
  .refine(({ childId: _c, id: _id, ...v }) => Object.values(v).some((x) => x !== undefined), 'Please send something to change');
export type PickupUpdateInput = z.input<typeof pickupUpdateSchema>;
