import { z } from 'zod';
import type { Choice } from '../constants';

/** Building blocks for the bounded input schemas that the forms and the server share. */

export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** Optional free text: blank becomes null so the database never holds empty strings. */
export function optionalText(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export function emailField(message = 'Please enter a valid email address') {
  return z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }))
    .transform((v) => v.toLowerCase());
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A calendar date `YYYY-MM-DD`; an empty or missing value answers `message`. */
export function isoDate(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine(isValidIsoDate, 'Please enter a valid date (YYYY-MM-DD)');
}

/** `HH:MM` on a 24-hour clock, blank meaning none. */
export function optionalTime() {
  return z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Please enter a time as HH:MM');
}

/**
 * One of a select's choices. The stored value or its label (any case) is accepted, so a client that
 * posts what the form shows is understood as well as one that posts the value.
 */
export function choiceField<const C extends readonly Choice[]>(choices: C, message: string) {
  return z
    .string({ error: message })
    .trim()
    .transform((v, ctx): C[number]['value'] => {
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
