import { createContext } from 'react';

/**
 * What a form's messages (a shared schema's id, or the id the server answered, ADR 069) become where they are
 * shown: the parent's language in the portal (client/i18n.tsx); none given, English (the staff pages: the form's
 * hook, lib/use-schema-form.ts, says them with lib/refusal-words.ts). Its own module, with no catalogue: the
 * portal's first load provides it and has no form (ADR 089), and the staff pages' forms import no FormatJS for it.
 */
export const FieldMessageLanguage = createContext<((message: string) => string) | null>(null);

/** What a failed tRPC call said, as an id with its values (the errorFormatter's `data.messageId`), or null. */
export function refusalOf(error: unknown): string | null {
  const data = (error as { data?: { messageId?: unknown; values?: unknown } | null } | null)?.data;
  if (typeof data?.messageId !== 'string') return null;
  const values = data.values && typeof data.values === 'object' ? (data.values as Record<string, string>) : {};
  return Object.keys(values).length ? `${data.messageId} ${JSON.stringify(values)}` : data.messageId;
}
