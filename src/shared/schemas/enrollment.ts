import { z } from 'zod';
import { PROGRAM_CHOICES } from '../constants';
import { HOW_HEARD_CHOICES, RELATIONSHIP_CHOICES, STATE_CHOICES } from '../enrollment-choices';

/** The languages an application can be made in: the public pages'. */
export const LANGUAGE_CHOICES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
] as const;
import {
  birthDateField,
  choiceField,
  dateFromToday,
  emailField,
  honeypotField,
  optionalPhoneField,
  optionalText,
  phoneField,
  plainString,
  requiredText,
} from './fields';

/**
 * The online enrollment application of docs/product.md §3 and §5: one schema for the form and the server.
 *
 * Built the first time it checks something (`z.lazy`), not when its module loads: its two dozen fields, each a
 * chain of zod schemas (normalized, trimmed, refined, bounded), took 20 ms of a desktop's CPU to build (80 ms on
 * Lighthouse's phone) in the task that opens `/enrollment`, before anyone had typed a letter. It checks the same,
 * on the server and in the form.
 */
export const enrollmentSchema = z.lazy(() => enrollmentObject());

/**
 * The same with the rules that depend on the day: the child's date of birth neither in the future nor more than
 * 13 years back, the start date not before `today`. The form passes the browser's centre date; the server
 * checks `enrollmentDatesSchema` with its own clock's date after the schema above.
 */
export const enrollmentSchemaOn = (today: string) => z.lazy(() => enrollmentObject(today));

export const START_DATE_IN_PAST = 'error.startInPast';

const CHILD_DOB_REQUIRED = 'error.childDateOfBirth';
const START_DATE_REQUIRED = 'error.startDate';

/** Only the day-dependent fields, for the server's check with its clock. */
export const enrollmentDatesSchema = (today: string) =>
  z.object({
    childDateOfBirth: birthDateField(CHILD_DOB_REQUIRED, today),
    startDate: dateFromToday(START_DATE_REQUIRED, START_DATE_IN_PAST, today),
  });

function enrollmentObject(today?: string) {
  return z.object({
    parentFirstName: requiredText('error.parentFirstName', 100),
    parentLastName: requiredText('error.parentLastName', 100),
    parentEmail: emailField(),
    parentPhone: phoneField(),
    parentAddress: requiredText('error.parentAddress', 200),
    parentCity: requiredText('error.parentCity', 100),
    parentState: choiceField(STATE_CHOICES, 'error.state').default('OH'),
    parentZip: plainString('error.zip').min(5, 'error.zip').max(10, 'error.zip'),
    childFirstName: requiredText('error.childFirstName', 100),
    childLastName: requiredText('error.childLastName', 100),
    childDateOfBirth: birthDateField(CHILD_DOB_REQUIRED, today),
    childAge: requiredText('error.childAge', 50),
    programRequested: choiceField(PROGRAM_CHOICES, 'error.selectProgram'),
    startDate: dateFromToday(START_DATE_REQUIRED, START_DATE_IN_PAST, today),
    emergencyContactName: requiredText('error.emergencyContactName', 100),
    emergencyContactPhone: phoneField(),
    emergencyContactRelationship: choiceField(RELATIONSHIP_CHOICES, 'error.selectRelationship'),
    pediatricianName: optionalText(100),
    pediatricianPhone: optionalPhoneField(),
    allergies: optionalText(2000, { multiline: true }),
    medications: optionalText(2000, { multiline: true }),
    medicalConditions: optionalText(2000, { multiline: true }),
    specialInstructions: optionalText(2000, { multiline: true }),
    howDidYouHear: choiceField(HOW_HEARD_CHOICES, 'error.option')
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    /** The language the family applied in: the page's, `/es/enrollment` is Spanish; staff e-mails follow it. */
    language: choiceField(LANGUAGE_CHOICES, 'error.language')
      .or(z.literal('').transform(() => 'en' as const))
      .optional()
      .transform((v) => v ?? 'en'),
    /** Honeypot: hidden from people, filled in by bots (never stored; anything in it marks the sender as a bot). */
    website: honeypotField(),
  });
}

export type EnrollmentInput = z.input<typeof enrollmentSchema>;
export type Enrollment = z.output<typeof enrollmentSchema>;

export const EMPTY_ENROLLMENT: Record<keyof EnrollmentInput, string> = {
  parentFirstName: '',
  parentLastName: '',
  parentEmail: '',
  parentPhone: '',
  parentAddress: '',
  parentCity: '',
  parentState: 'OH',
  parentZip: '',
  childFirstName: '',
  childLastName: '',
  childDateOfBirth: '',
  childAge: '',
  programRequested: '',
  startDate: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
  pediatricianName: '',
  pediatricianPhone: '',
  allergies: '',
  medications: '',
  medicalConditions: '',
  specialInstructions: '',
  howDidYouHear: '',
  language: 'en',
  website: '',
};
