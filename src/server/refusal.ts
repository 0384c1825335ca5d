import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { t } from '../shared/i18n';
import { type ErrorRef, errorId, errorRef, plainValues } from '../shared/i18n/error-ids';
import type { ErrorKey } from '../shared/i18n/errors-en';

/**
 * How the server refuses (ADR 069): with a catalogue id and its values, never a sentence. The error's own message
 * is the English (what a log, a test's `toThrow` and an English caller read); the answer (client-errors.ts) says it
 * in the caller's language and carries the id and values, so a page renders it in its reader's language.
 */
const said = new WeakMap<Error, ErrorRef>();

/** Remembers what `error` says (for errors made elsewhere, such as a subclass of TRPCError). */
export function saying<E extends Error>(error: E, id: ErrorKey, values?: Record<string, string | number>): E {
  said.set(error, { id, values: plainValues(values) });
  return error;
}

/** The id and values a refusal was thrown with; null for an error that has none. */
export function refusalOf(error: unknown): ErrorRef | null {
  return error instanceof Error ? (said.get(error) ?? null) : null;
}

/** The English of an id (what the error's own message is). */
export const englishOf = (id: ErrorKey, values?: Record<string, string | number>) => t('en', id, plainValues(values));

/** A message that may be an id (a schema's) in English; anything else as it is. */
export function englishOfMessage(message: string): string {
  const ref = errorRef(message);
  return ref ? t('en', ref.id, ref.values) : message;
}

/** `throw refuse('NOT_FOUND', 'error.childNotFound')`: a refusal with its status, id and values. */
export function refuse(code: TRPCError['code'], id: ErrorKey, values?: Record<string, string | number>, cause?: unknown): TRPCError {
  return saying(new TRPCError({ code, message: englishOf(id, values), cause }), id, values);
}

/**
 * A refusal that belongs to one field (a wrong current password): a 400 whose message sits at that field, like
 * any validation failure (client-errors.ts gives the form `fieldErrors` and `fieldErrorIds`).
 */
export function fieldError(field: string, id: ErrorKey, values?: Record<string, string | number>): TRPCError {
  // A ZodError made by parsing: one built with `new ZodError` is not an Error to tRPC, which would drop it.
  const { error } = z.object({ [field]: z.never({ error: errorId(id, values) }) }).safeParse({ [field]: 0 });
  return saying(new TRPCError({ code: 'BAD_REQUEST', message: englishOf(id, values), cause: error }), id, values);
}
