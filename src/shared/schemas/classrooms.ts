import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { idSchema } from './content';
import { changeableText } from './attendance';
import { enumField, idField, isoDate, requiredText } from './fields';

/** The rooms' age groups; the Classrooms view's words for each are `staff.classrooms.group.*` (staff-tabs-en.ts). */
export const CLASSROOM_AGE_GROUPS = ['infant', 'young_toddler', 'older_toddler', 'preschool_3', 'preschool_4_5', 'school_age'] as const;
export type ClassroomAgeGroup = (typeof CLASSROOM_AGE_GROUPS)[number];

const AGE_GROUP_MESSAGE = errorId('error.ageGroup', { groups: CLASSROOM_AGE_GROUPS.join(', ') });
export const CAPACITY_MAX = 200;

const capacityField = z
  .number({ error: 'error.capacityWhole' })
  .int('error.capacityWhole')
  .min(1, 'error.capacityMin')
  .max(CAPACITY_MAX, errorId('error.capacityMax', { max: CAPACITY_MAX }));

/** Staff assigned to a room: the whole list, replacing the one before. */
const staffIdsField = z.array(idField(), { error: 'error.staffIdsList' }).max(100, 'error.tooManyStaff');

export const classroomSchema = z.strictObject(
  {
    name: requiredText('error.roomNameRequired', 80),
    ageGroup: enumField(CLASSROOM_AGE_GROUPS, AGE_GROUP_MESSAGE),
    capacity: capacityField,
    staffIds: staffIdsField.optional(),
  },
  { error: 'error.classroomFieldsSet' },
);
export type ClassroomInput = z.input<typeof classroomSchema>;

/**
 * The New Classroom / Edit dialog's form: the same rules, with the capacity as typed (a text field). What it
 * parses to is what `classrooms.create` takes; the server checks it again with `classroomSchema`.
 */
export const classroomFormSchema = classroomSchema.extend({
  capacity: z
    .string({ error: 'error.capacityWhole' })
    .trim()
    .regex(/^\d{1,6}$/, 'error.capacityWhole')
    .transform(Number)
    .pipe(capacityField),
  staffIds: staffIdsField,
});

/** `PATCH /api/admin/classrooms/{id}`: any of the fields, at least one. */
export const classroomUpdateSchema = z
  .strictObject(
    {
      id: idSchema,
      name: requiredText('error.roomNameRequired', 80).optional(),
      ageGroup: enumField(CLASSROOM_AGE_GROUPS, AGE_GROUP_MESSAGE).optional(),
      capacity: capacityField.optional(),
      staffIds: staffIdsField.optional(),
    },
    { error: 'error.classroomFieldsChange' },
  )
  .refine(({ id: _id, ...v }) => Object.values(v).some((x) => x !== undefined), 'error.nothingToChange');

/** A consent's date may not be after the centre's today (a record of what a family did, not a plan). */
export const CONSENT_DATE_IN_FUTURE = 'error.consentDateFuture';

/**
 * `PATCH /api/admin/enrolled-children/{id}`: the child's room (null: none) and photo consent. A consent change is
 * a record (ADR 073): given or withdrawn, the day the family did it (default: today) and the parent who did; the
 * staff member who records it is the session.
 */
export const childPatchSchema = z
  .strictObject(
    {
      id: idSchema,
      classroomId: idField().nullable().optional(),
      photoConsent: z.boolean({ error: 'error.photoConsentBoolean' }).optional(),
      photoConsentDate: isoDate('error.photoConsentDate').optional(),
      photoConsentGivenBy: changeableText(100),
    },
    { error: 'error.childFields' },
  )
  .refine(({ id: _id, ...v }) => Object.values(v).some((x) => x !== undefined), 'error.childPatch');
export type ChildPatchInput = z.input<typeof childPatchSchema>;
