import type { ErrorKey } from './errors-en';
import { formatLite } from './lite';

/**
 * A refusal as the schemas and the server say it (ADR 069): a catalogue id (errors-en.ts) and its values, never a
 * sentence. A zod message is a string, so a schema's message is the id, with its values as JSON after a space
 * (`error.tooLong {"max":"200"}`); `errorRef` reads it back. Values are strings (a number would be written with
 * the locale's grouping by FormatJS, '2,025', and as it is by lite.ts). No catalogue is imported here: the public
 * pages' scripts import the schemas and get the few messages they need from the page.
 */
export type ErrorValues = Record<string, string>;
export interface ErrorRef {
  id: ErrorKey;
  values: ErrorValues;
}

const ID = /^error\.[A-Za-z0-9]+$/;

/** Values as messages take them: numbers as plain digits. */
export function plainValues(values: Record<string, string | number> | undefined): ErrorValues {
  const out: ErrorValues = {};
  for (const [name, value] of Object.entries(values ?? {})) out[name] = String(value);
  return out;
}

/** A schema's message: the id, and its values when the rule has them (a maximum length). */
export function errorId(id: ErrorKey, values?: Record<string, string | number>): string {
  return values ? `${id} ${JSON.stringify(plainValues(values))}` : id;
}

/** The id and values a message (a schema's, or one the server sent) stands for; null for anything else. */
export function errorRef(message: string): ErrorRef | null {
  const space = message.indexOf(' ');
  const id = space === -1 ? message : message.slice(0, space);
  if (!ID.test(id)) return null;
  if (space === -1) return { id: id as ErrorKey, values: {} };
  try {
    const values: unknown = JSON.parse(message.slice(space + 1));
    if (!values || typeof values !== 'object' || Array.isArray(values)) return null;
    return { id: id as ErrorKey, values: plainValues(values as Record<string, string>) };
  } catch {
    return null;
  }
}

/**
 * A message in a catalogue's language, with the small formatter (lite.ts): for the public pages' scripts and the
 * staff pages, which carry no FormatJS. What is not an id the catalogue has (a sentence the server already wrote in
 * the reader's language) becomes `fallback`, or stays as it is without one.
 */
export function formatErrorLite(catalogue: Readonly<Record<string, string>>, locale: string, message: string, fallback?: string): string {
  const ref = errorRef(message);
  const text = ref && catalogue[ref.id];
  return text ? formatLite(locale, text, ref.values) : (fallback ?? message);
}
