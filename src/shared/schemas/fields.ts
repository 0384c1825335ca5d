import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import type { Choice } from '../constants';

/**
 * Building blocks for the bounded input schemas that the forms and the server share. Every text a person
 * types goes through `plainString` (directly or through a helper below): it is NFC-normalized, trimmed,
 * and refused when it holds characters that a reader cannot see but that change what they read, by Unicode
 * category rather than by a list that new characters slip past:
 *
 * - everywhere: controls (Cc) but tab and line breaks in multi-line text, line and paragraph separators (Zl,
 *   Zp), private-use (Co), unassigned (Cn) and lone surrogates (Cs), and the fillers that render as nothing yet
 *   are letters (the Hangul fillers U+3164, U+115F, U+1160, U+FFA0);
 * - in one-line fields (names, subjects, e-mails, ids) also every format character (Cf: bidi overrides, marks,
 *   zero-width characters, tags, the soft hyphen) and the blank braille pattern;
 * - in multi-line text (descriptions, contents, notes) a format character only where a language needs it:
 *   a zero-width joiner or non-joiner between two visible characters (Persian, Indic scripts, emoji families)
 *   and the left-to-right, right-to-left and Arabic letter marks that mixed-direction writing uses. Overrides,
 *   embeddings and isolates stay refused (U+202E makes a name read backwards).
 */

export const INVISIBLE_CHARACTERS_MESSAGE = 'error.invisible';

/** Refused in every field. */
const NEVER = /[\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}\u3164\u115F\u1160\uFFA0]|(?![\t\n\r])\p{Cc}/u;
/** Refused in one-line fields besides NEVER. */
const ONE_LINE_ONLY = /[\p{Cc}\p{Cf}\u2800]/u;
/** In multi-line text: a joiner between two visible characters, or a direction mark. */
const NEEDED_FORMAT = /(?<=[^\s\p{C}])[\u200C\u200D](?=[^\s\p{C}])|[\u200E\u200F\u061C]/gu;

/** Whether a text is free of the characters its kind of field refuses (see above). */
export function hasOnlyVisibleCharacters(value: string, multiline = false): boolean {
  if (NEVER.test(value)) return false;
  if (!multiline) return !ONE_LINE_ONLY.test(value);
  return !/\p{Cf}/u.test(value.replace(NEEDED_FORMAT, ''));
}

export interface TextOptions {
  /** Tabs and line breaks allowed (a textarea): descriptions, contents, notes, medical details. */
  multiline?: boolean;
}

/**
 * The base of every text field: a string, NFC-normalized and trimmed, with the invisible-character check.
 * Further checks (`.min`, `.max`, `.regex`) chain on it as on any zod string.
 */
export function plainString(message?: string, options: TextOptions = {}) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .normalize('NFC')
    .trim()
    .refine((v) => hasOnlyVisibleCharacters(v, options.multiline), INVISIBLE_CHARACTERS_MESSAGE);
}

export function requiredText(message: string, max = 200, options: TextOptions = {}) {
  return plainString(message, options).min(1, message).max(max, errorId('error.tooLong', { max }));
}

/** Optional free text: blank becomes null so the database never holds empty strings. */
export function optionalText(max = 2000, options: TextOptions = {}) {
  return plainString(undefined, options)
    .max(max, errorId('error.tooLong', { max }))
    .nullish()
    .transform((v) => (v ? v : null));
}

export function emailField(message = 'error.email', requiredMessage = message) {
  return plainString(requiredMessage)
    .min(1, requiredMessage)
    .max(254, message)
    .pipe(z.email({ error: message }))
    .transform((v) => v.toLowerCase());
}

/**
 * A North American phone number: 10 digits once spaces, dots, dashes and brackets are taken out, with an
 * optional leading +1. Stored as typed (the centre calls it; it is not reformatted).
 */
export function isValidPhone(value: string): boolean {
  return /^(\+?1)?\d{10}$/.test(value.replace(/[\s.()-]/g, ''));
}

export function phoneField(message = 'error.phone') {
  return plainString(message).min(1, message).max(30, message).refine(isValidPhone, message);
}

/** An optional phone number: blank becomes null, anything else must be a phone number. */
export function optionalPhoneField(message = 'error.phone') {
  return plainString(message)
    .max(30, message)
    .refine((v) => v === '' || isValidPhone(v), message)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A record id from a path or a form: bounded, and an id with hidden characters is refused before any look-up. */
export function idField(requiredMessage = 'error.idRequired') {
  return plainString(requiredMessage).min(1, requiredMessage).max(64, 'error.unknownId');
}

/**
 * A password as typed. It is neither trimmed nor normalized (the hash must see exactly the characters that
 * were chosen), only bounded; it is never shown or stored as text.
 */
export function passwordField(message = 'error.passwordRequired') {
  return z.string({ error: message }).min(1, message).max(200, 'error.passwordTooLong');
}

/**
 * The enrollment form's honeypot, hidden from people: whatever a bot puts in it is accepted (and the
 * application quietly dropped), so it is only bounded, never checked or stored.
 */
export function honeypotField() {
  return z.string().max(500).optional();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar date `YYYY-MM-DD`; an empty or missing value answers `message`. */
export function isoDate(message: string) {
  return plainString(message).min(1, message).refine(isValidIsoDate, 'error.date');
}

/** The oldest child the centre enrolls or keeps on file, in years (it serves 6 weeks to 5 years, plus school-age siblings). */
export const OLDEST_CHILD_YEARS = 13;
export const BIRTH_DATE_IN_FUTURE = 'error.birthInFuture';
export const BIRTH_DATE_TOO_EARLY = errorId('error.birthTooEarly', { years: OLDEST_CHILD_YEARS });

/** `YYYY-MM-DD` moved by whole years (29 February becomes 28 February in a common year). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, 1));
  const lastDay = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * A child's date of birth. With `today` (the centre's date: the server's clock, or the browser's in a form) it
 * must also be neither in the future nor more than 13 years back; without it only the format is checked.
 */
export function birthDateField(message: string, today?: string) {
  const field = isoDate(message);
  if (today === undefined) return field;
  return field
    .refine((v) => !isValidIsoDate(v) || v <= today, BIRTH_DATE_IN_FUTURE)
    .refine((v) => !isValidIsoDate(v) || v >= addYears(today, -OLDEST_CHILD_YEARS), BIRTH_DATE_TOO_EARLY);
}

/** A date that may not be before `today` (when given; see `birthDateField`). */
export function dateFromToday(message: string, pastMessage: string, today?: string) {
  const field = isoDate(message);
  if (today === undefined) return field;
  return field.refine((v) => !isValidIsoDate(v) || v >= today, pastMessage);
}

/** `HH:MM` on a 24-hour clock, blank meaning none. */
export function optionalTime() {
  return plainString()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'error.timeHhMm');
}

/**
 * One of a select's choices. The stored value or its label (any case) is accepted, so a client that
 * posts what the form shows is understood as well as one that posts the value.
 */
export function choiceField<const C extends readonly Choice[]>(choices: C, message: string) {
  return plainString(message).transform((v, ctx): C[number]['value'] => {
    const lower = v.toLowerCase();
    const found = choices.find((c) => c.value.toLowerCase() === lower || c.label.toLowerCase() === lower);
    if (!found) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return found.value;
  });
}

export function enumField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A boolean that also understands the strings a form or a multipart body sends. */
export const looseBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1'),
]);

/** The first message of each field, in the order the issues came: what a form shows next to a field. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_form';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
