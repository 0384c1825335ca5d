import { z } from 'zod';
import { HOW_HEARD_CHOICES, PROGRAM_CHOICES, RELATIONSHIP_CHOICES, STATE_CHOICES } from '../constants';
import { choiceField, emailField, isoDate, optionalText, requiredText } from './fields';

/** The online enrollment application of SPEC.md §3 and §5: one schema for the form and the server. */
export const enrollmentSchema = z.object({
  parentFirstName: requiredText('Parent first name is required', 100),
  parentLastName: requiredText('Parent last name is required', 100),
  parentEmail: emailField(),
  parentPhone: z
    .string({ error: 'Please enter a valid phone number' })
    .trim()
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number'),
  parentAddress: requiredText('Street address is required', 200),
  parentCity: requiredText('City is required', 100),
  parentState: choiceField(STATE_CHOICES, 'Please choose a state').default('OH'),
  parentZip: z
    .string({ error: 'Please enter a valid ZIP code' })
    .trim()
    .min(5, 'Please enter a valid ZIP code')
    .max(10, 'Please enter a valid ZIP code'),
  childFirstName: requiredText("Child's first name is required", 100),
  childLastName: requiredText("Child's last name is required", 100),
  childDateOfBirth: isoDate("Child's date of birth is required"),
  childAge: requiredText("Child's age is required", 50),
  programRequested: choiceField(PROGRAM_CHOICES, 'Please select a program'),
  startDate: isoDate('Desired start date is required'),
  emergencyContactName: requiredText('Emergency contact name is required', 100),
  emergencyContactPhone: z
    .string({ error: 'Please enter a valid phone number' })
    .trim()
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number'),
  emergencyContactRelationship: choiceField(RELATIONSHIP_CHOICES, 'Please select a relationship'),
  pediatricianName: optionalText(100),
  pediatricianPhone: optionalText(30),
  allergies: optionalText(2000),
  medications: optionalText(2000),
  medicalConditions: optionalText(2000),
  specialInstructions: optionalText(2000),
  howDidYouHear: choiceField(HOW_HEARD_CHOICES, 'Please choose an option')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
});

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
