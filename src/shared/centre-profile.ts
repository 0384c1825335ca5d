/**
 * The centre's profile (ADR 090): its name, address, phones, hours, licence, tax ID, time zone, licensing state
 * and programs, kept in the database and edited by the director (the Settings tab, `PATCH /api/admin/centre`).
 * This file holds its shape and small helpers (the schema the form and the server validate it with is
 * src/shared/schemas/centre-profile.ts, kept apart so that zod stays out of the pages' first load); the default profile
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
  /** Tuition billing (ADR 100): days from an invoice's issue to its due date, and the late-pickup fee per started 15 minutes. */
  billing: CentreBilling;
  /** The logo's public path (`/uploads/{uuid}.webp`, re-encoded by the server: server/centre/logo.ts), or null. */
  logo: string | null;
  /** The logo's size in pixels as the server encoded it, for the header's `width` and `height`; null without one. */
  logoSize: LogoSize | null;
}

export interface LogoSize {
  width: number;
  height: number;
}

/** The header's logo: `height` CSS pixels high, as wide as its shape gives, at most four times its height. */
export function logoBox(size: LogoSize | null, height: number): LogoSize {
  if (!size) return { width: height, height };
  return { width: Math.max(1, Math.min(4 * height, Math.round((size.width * height) / size.height))), height };
}

export interface CentreBilling {
  invoiceDueDays: number;
  /** An amount with two decimals, `"5.00"`. */
  lateFeePerQuarterHour: string;
}

/** What a profile stored before billing existed reads. */
export const DEFAULT_CENTRE_BILLING: CentreBilling = { invoiceDueDays: 10, lateFeePerQuarterHour: '5.00' };

/** What anyone may read (`GET /api/centre`, the pages' data): the profile without the tax ID and the billing settings. */
export type PublicCentre = Omit<CentreProfile, 'taxId' | 'billing'>;

export function publicCentreOf(profile: CentreProfile): PublicCentre {
  const { taxId: _taxId, billing: _billing, ...rest } = profile;
  return rest;
}

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
