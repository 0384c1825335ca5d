import { z } from 'zod';
import { HOW_HEARD_CHOICES, PROGRAM_CHOICES, RELATIONSHIP_CHOICES, STATE_CHOICES } from '../constants';
import { choiceField, emailField, honeypotField, isoDate, optionalText, phoneField, plainString, requiredText } from './fields';

/**
 * The online enrollment application of SPEC.md §3 and §5: one schema for the form and the server.
 *
 * Built the first time it checks something (`z.lazy`), not when its module loads: its two dozen fields, each a
 * chain of zod schemas (normalized, trimmed, refined, bounded), took 20 ms of a desktop's CPU to build (80 ms on
 * Lighthouse's phone) in the task that opens `/enrollment`, before anyone had typed a letter. It checks the same,
 * on the server and in the form.
 */
export const enrollmentSchema = z.lazy(() =>
  z.object({
    parentFirstName: requiredText('Parent first name is required', 100),
    parentLastName: requiredText('Parent last name is required', 100),
    parentEmail: emailField(),
    parentPhone: phoneField(),
    parentAddress: requiredText('Street address is required', 200),
    parentCity: requiredText('City is required', 100),
    parentState: choiceField(STATE_CHOICES, 'Please choose a state').default('OH'),
    parentZip: plainString('Please enter a valid ZIP code').min(5, 'Please enter a valid ZIP code').max(10, 'Please enter a valid ZIP code'),
    childFirstName: requiredText("Child's first name is required", 100),
    childLastName: requiredText("Child's last name is required", 100),
    childDateOfBirth: isoDate("Child's date of birth is required"),
    childAge: requiredText("Child's age is required", 50),
    programRequested: choiceField(PROGRAM_CHOICES, 'Please select a program'),
    startDate: isoDate('Desired start date is required'),
    emergencyContactName: requiredText('Emergency contact name is required', 100),
    emergencyContactPhone: phoneField(),
    emergencyContactRelationship: choiceField(RELATIONSHIP_CHOICES, 'Please select a relationship'),
    pediatricianName: optionalText(100),
    pediatricianPhone: optionalText(30),
    allergies: optionalText(2000, { multiline: true }),
    medications: optionalText(2000, { multiline: true }),
    medicalConditions: optionalText(2000, { multiline: true }),
    specialInstructions: optionalText(2000, { multiline: true }),
    howDidYouHear: choiceField(HOW_HEARD_CHOICES, 'Please choose an option')
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((v) => v ?? null),
    /** Honeypot: hidden from people, filled in by bots (never stored; anything in it marks the sender as a bot). */
    website: honeypotField(),
  }),
);

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
  website: '',
};
