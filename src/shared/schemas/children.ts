import { z } from 'zod';
import { APPLICATION_STATUSES, PROGRAM_CHOICES } from '../constants';
import { idSchema } from './content';
import { birthDateField, choiceField, emailField, isoDate, looseBoolean, optionalPhoneField, optionalText, requiredText } from './fields';
import { pageFields } from './page';

const DOB_REQUIRED = 'error.dobRequired';

/**
 * The admin's enrolled-child form (docs/product.md §5 Enrolled child form): one schema for the dialog and the server.
 * With `today` the date of birth is also checked against the day (see `birthDateField`); the start date may be
 * in the past, since children already enrolled started earlier.
 */
const childObject = (today?: string) =>
  z.object({
    childName: requiredText('error.childNameRequired', 100),
    dateOfBirth: birthDateField(DOB_REQUIRED, today),
    program: choiceField(PROGRAM_CHOICES, 'error.chooseProgram').default('preschool'),
    startDate: isoDate('error.startRequired'),
    parentName: requiredText('error.parentNameRequired', 100),
    parentEmail: emailField('error.email', 'error.emailRequired'),
    parentPhone: optionalPhoneField(),
    isActive: looseBoolean.default(true),
    /** Roomy: a child enrolled from an application carries its medical and emergency details here. */
    notes: optionalText(10000, { multiline: true }),
  });
export const childSchema = childObject();
/** The form's schema, with the browser's centre date. */
export const childSchemaOn = (today: string) => childObject(today);
/** The day-dependent fields alone, for the server's check with its own clock. */
export const childDatesSchema = (today: string) => z.object({ dateOfBirth: birthDateField(DOB_REQUIRED, today) });
export type ChildInput = z.input<typeof childSchema>;
export type Child = z.output<typeof childSchema>;

export const childUpdateSchema = childSchema.extend({ id: idSchema });

export const EMPTY_CHILD = {
  childName: '',
  dateOfBirth: '',
  program: 'preschool',
  startDate: '',
  parentName: '',
  parentEmail: '',
  parentPhone: '',
  isActive: true,
  notes: '',
};

/** PATCH /api/enrollment-applications/{id}/status: any status to any status (docs/product.md §4). */
export const statusUpdateSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, {
    error: 'error.validStatus',
  }),
  sendEmail: looseBoolean.default(false),
});
export type StatusUpdateInput = z.input<typeof statusUpdateSchema>;

export const applicationStatusUpdateSchema = statusUpdateSchema.extend({
  id: idSchema,
});

/** The Applications tab: a page of the applications (ADR 014), of one status or (none) of all. */
export const applicationsPageInput = z
  .object({ status: z.enum(APPLICATION_STATUSES, { error: 'error.validStatus' }).nullish(), ...pageFields })
  .prefault({});
