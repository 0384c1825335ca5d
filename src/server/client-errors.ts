import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Language } from '../shared/i18n/languages';
import { portalErrorIn, portalErrorsIn } from '../shared/i18n/portal-errors';
import { fieldMessages } from '../shared/schemas/fields';

/** What a 500 says, over tRPC and REST alike: nothing of what failed. */
export const SERVER_FAILURE = 'Something went wrong on our side. Please try again.';
export const UNREADABLE_REQUEST = 'The request could not be read. Please send valid JSON.';
export const NOT_AN_OBJECT = 'The request body must be a JSON object';

/**
 * The messages tRPC writes itself when it cannot read a request (@trpc/server resolveResponse): they name its
 * internals, never the visitor's mistake. Errors with a cause (JSON.parse's SyntaxError, superjson) are caught
 * by the cause instead; our own procedures' messages pass unchanged.
 */
const TRPC_READ_FAILURE =
  /^(Batch call exceeds|"input" needs to be|Cannot mix procedure types|Invalid URL|Batching is not enabled|Streaming requests must|Cannot batch subscription|Unknown transformation)/;

/**
 * What a 4xx answer may say (both APIs: tRPC's error formatter and the REST shim). Validation failures read
 * as the form's own messages; a body that is not even an object, or a request tRPC or the JSON parser could
 * not read, gets one plain sentence, so no answer names a library, a parser or a stack. In `language`: the
 * signed-in parent's saved one (callerLanguage), English for everyone else.
 */
export function clientError(error: TRPCError, language: Language = 'en'): { message: string; fieldErrors: Record<string, string> | null } {
  const { message, fieldErrors } = englishClientError(error);
  if (language === 'en') return { message, fieldErrors };
  return { message: portalErrorIn(language, message), fieldErrors: fieldErrors && portalErrorsIn(language, fieldErrors) };
}

function englishClientError(error: TRPCError): { message: string; fieldErrors: Record<string, string> | null } {
  if (error.cause instanceof ZodError) {
    const fields = fieldMessages(error.cause);
    const root = error.cause.issues.find((i) => i.path.length === 0);
    if (root) fields._form = root.code === 'invalid_type' ? NOT_AN_OBJECT : (fields._form ?? NOT_AN_OBJECT);
    return { message: Object.values(fields)[0] ?? NOT_AN_OBJECT, fieldErrors: fields };
  }
  const readFailure = error.code === 'PARSE_ERROR' || error.code === 'BAD_REQUEST' || error.code === 'UNSUPPORTED_MEDIA_TYPE';
  if (
    readFailure &&
    ((error.cause !== undefined && !(error.cause instanceof Error && error.cause.name === 'TRPCError')) ||
      TRPC_READ_FAILURE.test(error.message))
  ) {
    return { message: UNREADABLE_REQUEST, fieldErrors: null };
  }
  return { message: error.message, fieldErrors: null };
}
