import { errorMessage } from '~/client/lib/trpc';

/** A refusal's field messages (`subsidy.familyShare` → `familyShare`), or null when it names no field. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const fields = (error as { data?: { fieldErrors?: Record<string, string> | null } } | null)?.data?.fieldErrors ?? null;
  return fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.').at(-1)!, v])) : null;
}

export { errorMessage };
