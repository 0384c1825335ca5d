import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { errorRef } from '../shared/i18n/error-ids';
import { englishOf } from './refusal';

export { fieldError } from './refusal';

/**
 * Checks the rules that depend on the day (a date of birth not in the future, a start date not in the past)
 * with the server's own clock, after the procedure's input schema has checked the format. A refusal reads like
 * any validation failure: a 400 with the message at its field.
 */
export function checkDayRules(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
}

/** A schema's refusal, thrown by hand (a schema checked inside a procedure): a 400 with its messages at their fields. */
export function validationError(error: z.ZodError): TRPCError {
  const first = error.issues[0]?.message ?? 'error.other';
  const ref = errorRef(first);
  return new TRPCError({ code: 'BAD_REQUEST', message: ref ? englishOf(ref.id, ref.values) : first, cause: error });
}
