import { z } from 'zod';
import { STATE_CHOICES } from './enrollment-choices';
import { errorId } from './i18n/error-ids';
import { choiceField, emailField, optionalPhoneField, optionalText, phoneField, plainString, requiredText } from './schemas/fields';

/**
 * The centre's profile (ADR 090): its name, address, phones, hours, licence, tax ID, time zone, licensing state
 * and programs, kept in the database and edited by the director (the Settings tab, `PATCH /api/admin/centre`).
 * This file holds its shape and the one schema the form and the server validate it with; the default profile
 * (the centre the product ships as) is src/shared/centre.ts, read by the server only. The server reads the
 * profile through src/server/centre/profile.ts; pages get it from the server's render or `GET /api/centre`.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** schema.org's names of the days (the home page's structured data), in WEEKDAYS's order. */
export const SCHEMA_ORG_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface DayHours {
  /** `HH:MM`, 24-hour clock, centre time. */
  opens: string;
  closes: string;
}

export interface CentreProgram {
  /** The enrollment form's program it describes (infant, preschool, kindergarten). */
  id: string;
  /** The youngest and oldest age it takes, in whole months. */
  fromMonths: number;
  toMonths: number;
}

export interface CentreProfile {
  name: string;
  shortName: string;
  address: { street: string; city: string; state: string; zip: string };
  phone: string;
  secondPhone: string | null;
  email: string;
  /** Each weekday's opening hours, or null when the centre is closed that day. */
  hours: Record<Weekday, DayHours | null>;
  licenceNumber: string | null;
  /** The provider's taxpayer ID on the year-end statements. */
  taxId: string;
  /** IANA time zone of the centre's wall clock. */
  timeZone: string;
  /** Two-letter state whose licensing rules (the ratio table) apply. */
  licensingState: string;
  programs: CentreProgram[];
}

/** What anyone may read (`GET /api/centre`, the pages' data): the profile without the tax ID. */
export type PublicCentre = Omit<CentreProfile, 'taxId'>;

export function publicCentreOf(profile: CentreProfile): PublicCentre {
  const { taxId: _taxId, ...rest } = profile;
  return rest;
}

/** Whether this runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = plainString('error.timeHhMm').regex(TIME, 'error.timeHhMm');
const dayHoursSchema = z
  .object({ opens: hhmm, closes: hhmm })
  .nullable()
  .refine((h) => h === null || h.closes > h.opens, { message: 'error.endTime', path: ['closes'] });

const hoursSchema = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>);

const programSchema = z
  .object({
    id: plainString('error.centreProgram').regex(/^[a-z_]{1,32}$/, 'error.centreProgram'),
    fromMonths: z
      .number({ error: 'error.centreProgramAges' })
      .int('error.centreProgramAges')
      .min(0, 'error.centreProgramAges')
      .max(216, 'error.centreProgramAges'),
    toMonths: z
      .number({ error: 'error.centreProgramAges' })
      .int('error.centreProgramAges')
      .min(0, 'error.centreProgramAges')
      .max(216, 'error.centreProgramAges'),
  })
  .refine((p) => p.toMonths >= p.fromMonths, { message: 'error.centreProgramAges', path: ['toMonths'] });

/** Every field of the profile, as the server stores it and the Settings form sends it. */
export const centreProfileSchema = z.object({
  name: requiredText('error.centreName', 120),
  shortName: requiredText('error.centreShortName', 60),
  address: z.object({
    street: requiredText('error.parentAddress', 200),
    city: requiredText('error.parentCity', 100),
    state: choiceField(STATE_CHOICES, 'error.state'),
    zip: plainString('error.zip').regex(/^\d{5}(-\d{4})?$/, 'error.zip'),
  }),
  phone: phoneField(),
  secondPhone: optionalPhoneField(),
  email: emailField(),
  hours: hoursSchema,
  licenceNumber: optionalText(60),
  taxId: plainString('error.centreTaxId').regex(/^\d{2}-\d{7}$/, 'error.centreTaxId'),
  timeZone: plainString('error.centreTimeZone').refine(isTimeZone, 'error.centreTimeZone'),
  licensingState: choiceField(STATE_CHOICES, 'error.state'),
  programs: z.array(programSchema).max(12, errorId('error.centreTooManyPrograms', { max: 12 })),
});

/** `PATCH /api/admin/centre`: any of the profile's fields; the address only whole. Unknown fields are refused. */
export const centreProfilePatchSchema = z
  .strictObject(centreProfileSchema.partial().shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'error.centreUnknownField' : undefined),
  })
  .refine((p) => Object.keys(p).length > 0, 'error.centreNothingToChange');
export type CentreProfilePatch = z.input<typeof centreProfilePatchSchema>;

/** The address on one line: "1480 Summit Street, Columbus, OH 43201". */
export function addressLine(profile: Pick<CentreProfile, 'address'>): string {
  const a = profile.address;
  return `${a.street}, ${a.city}, ${a.state} ${a.zip}`;
}

/** A maps search for the address; opened in a new tab by the visitor's own choice. */
export function mapsUrl(profile: Pick<CentreProfile, 'address'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine(profile))}`;
}

/** The phones to show, the main line first. */
export function phonesOf(profile: Pick<CentreProfile, 'phone' | 'secondPhone'>): string[] {
  return profile.secondPhone ? [profile.phone, profile.secondPhone] : [profile.phone];
}

/** `tel:` link for a display phone number. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')}`;
}

/** The weekdays the centre opens, with their hours, in WEEKDAYS's order. */
export function openDays(profile: Pick<CentreProfile, 'hours'>): { day: Weekday; index: number; hours: DayHours }[] {
  return WEEKDAYS.flatMap((day, index) => {
    const hours = profile.hours[day];
    return hours ? [{ day, index, hours }] : [];
  });
}

/** JavaScript's day number (0 = Sunday) of a weekday. */
export const jsDayOf = (day: Weekday): number => (WEEKDAYS.indexOf(day) + 1) % 7;
