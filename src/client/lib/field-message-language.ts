import { createContext } from 'react';
import { formatErrorLite } from '~/shared/i18n/error-ids';
import { errorsEn } from '~/shared/i18n/errors-en';

/**
 * What a form's messages (a shared schema's id, or the id the server answered, ADR 069) become where they are
 * shown: English by default (the staff pages), the parent's language in the portal (client/i18n.tsx). Its own
 * module: the staff pages' forms import no FormatJS for it.
 */
export const FieldMessageLanguage = createContext<(message: string) => string>((message) => formatErrorLite(errorsEn, 'en-US', message));

/** What a failed tRPC call said, as an id with its values (the errorFormatter's `data.messageId`), or null. */
export function refusalOf(error: unknown): string | null {
  const data = (error as { data?: { messageId?: unknown; values?: unknown } | null } | null)?.data;
  if (typeof data?.messageId !== 'string') return null;
  const values = data.values && typeof data.values === 'object' ? (data.values as Record<string, string>) : {};
  return Object.keys(values).length ? `${data.messageId} ${JSON.stringify(values)}` : data.messageId;
}
