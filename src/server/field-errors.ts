import { TRPCError } from '@trpc/server';
import { z } from 'zod';

/**
 * A refusal that belongs to one field (a wrong current password): a 400 whose message sits at that field, like
 * any validation failure (client-errors.ts gives the form `fieldErrors`).
 */
export function fieldError(field: string, message: string): TRPCError {
  // A ZodError made by parsing: one built with `new ZodError` is not an Error to tRPC, which would drop it.
  const { error } = z.object({ [field]: z.never({ error: message }) }).safeParse({ [field]: 0 });
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: error });
}

/**
 * Checks the rules that depend on the day (a date of birth not in the future, a start date not in the past)
 * with the server's own clock, after the procedure's input schema has checked the format. A refusal reads like
 * any validation failure: a 400 with the message at its field.
 */
export function checkDayRules(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new TRPCError({ code: 'BAD_REQUEST', message: result.error.issues[0]?.message ?? 'Invalid date', cause: result.error });
}
