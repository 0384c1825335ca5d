import { TRPCError } from '@trpc/server';
import type { z } from 'zod';

/**
 * Checks the rules that depend on the day (a date of birth not in the future, a start date not in the past)
 * with the server's own clock, after the procedure's input schema has checked the format. A refusal reads like
 * any validation failure: a 400 with the message at its field (client-errors.ts).
 */
export function checkDayRules(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  if (!result.success) throw new TRPCError({ code: 'BAD_REQUEST', message: result.error.issues[0]?.message ?? 'Invalid date', cause: result.error });
}
