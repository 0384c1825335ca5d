import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { centre } from './centre/profile';
import { t } from '../shared/i18n';
import { type ErrorRef, type ErrorValues, errorRef } from '../shared/i18n/error-ids';
import type { ErrorKey } from '../shared/i18n/errors-en';
import type { Language } from '../shared/i18n/languages';
import { fieldMessages } from '../shared/schemas/fields';
import { refusalOf } from './refusal';

/** What a 500 says, over tRPC and REST alike: nothing of what failed (the centre's phone as its profile has it now). */
const serverFailureRef = (): ErrorRef => ({ id: 'error.server', values: { phone: centre.phones[0]! } });

/**
 * The messages tRPC writes itself when it cannot read a request (@trpc/server resolveResponse): they name its
 * internals, never the visitor's mistake. Errors with a cause (JSON.parse's SyntaxError, superjson) are caught
 * by the cause instead; our own procedures' messages pass unchanged.
 */
const TRPC_READ_FAILURE =
  /^(Batch call exceeds|"input" needs to be|Cannot mix procedure types|Invalid URL|Batching is not enabled|Streaming requests must|Cannot batch subscription|Unknown transformation)/;

/**
 * A refusal as it is answered (ADR 069): `message` in the caller's language, and the id and values it was said
 * with, for the field messages too, so a page renders it in its reader's language.
 */
export interface ClientError {
  message: string;
  messageId: ErrorKey;
  values: ErrorValues;
  fieldErrors: Record<string, string> | null;
  fieldErrorIds: Record<string, ErrorRef> | null;
}

/** An id and values in `language`. */
export const sayIn = (language: Language, ref: ErrorRef) => t(language, ref.id, ref.values);

/** A 500's answer: nothing of what failed. */
export function serverFailure(language: Language): ClientError {
  return said(language, serverFailureRef());
}

/**
 * What a 4xx answer may say (both APIs: tRPC's error formatter and the REST shim). Validation failures read
 * as the form's own messages; a body that is not even an object, or a request tRPC or the JSON parser could
 * not read, gets one plain sentence, so no answer names a library, a parser or a stack. In `language`: the
 * signed-in parent's saved one (parents/preferences.ts callerLanguage), English for everyone else.
 */
export function clientError(error: TRPCError, language: Language = 'en'): ClientError {
  if (error.cause instanceof ZodError) {
    const fields = fieldMessages(error.cause);
    const root = error.cause.issues.find((i) => i.path.length === 0);
    if (root) fields._form = root.code === 'invalid_type' ? 'error.notAnObject' : (fields._form ?? 'error.notAnObject');
    const fieldErrors: Record<string, string> = {};
    const fieldErrorIds: Record<string, ErrorRef> = {};
    for (const [field, message] of Object.entries(fields)) {
      const ref = errorRef(message);
      // A message that is no id (zod's own, where a schema gave none) is said as zod says it, in English only.
      fieldErrorIds[field] = ref ?? { id: 'error.other', values: {} };
      fieldErrors[field] = ref ? sayIn(language, ref) : language === 'en' ? message : sayIn(language, fieldErrorIds[field]);
    }
    const first = Object.keys(fieldErrors)[0];
    const ref = first ? fieldErrorIds[first]! : { id: 'error.notAnObject' as const, values: {} };
    return {
      message: first ? fieldErrors[first]! : sayIn(language, ref),
      messageId: ref.id,
      values: ref.values,
      fieldErrors,
      fieldErrorIds,
    };
  }
  const readFailure = error.code === 'PARSE_ERROR' || error.code === 'BAD_REQUEST' || error.code === 'UNSUPPORTED_MEDIA_TYPE';
  if (
    readFailure &&
    ((error.cause !== undefined && !(error.cause instanceof Error && error.cause.name === 'TRPCError')) ||
      TRPC_READ_FAILURE.test(error.message))
  ) {
    return said(language, { id: 'error.unreadable', values: {} });
  }
  const ref = refusalOf(error);
  if (ref) return said(language, ref);
  // What tRPC says itself (no such procedure, a wrong method): its English, or the general sentence in Spanish.
  const other: ErrorRef = { id: 'error.other', values: {} };
  return { ...said(language, other), message: language === 'en' ? error.message : sayIn(language, other) };
}

function said(language: Language, ref: ErrorRef): ClientError {
  return { message: sayIn(language, ref), messageId: ref.id, values: ref.values, fieldErrors: null, fieldErrorIds: null };
}
