import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { englishOfMessage } from './refusal';

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
  return new TRPCError({ code: 'BAD_REQUEST', message: englishOfMessage(error.issues[0]?.message ?? 'error.other'), cause: error });
}
