import { pageCentre } from '../../shared/page-centre';
import { errorsEn } from '../../shared/i18n/errors-en';
import { formatLite } from '../../shared/i18n/lite';

/** What a tRPC client error carries: the server's message and, when it answered at all, the HTTP status. */
interface CallError {
  message?: unknown;
  data?: { httpStatus?: number } | null;
}

/** The page's centre (its data block): the phone these sentences give. */
const centre = pageCentre();
export const NETWORK_MESSAGE = formatLite('en-US', errorsEn['error.network'], { phone: centre.phone });
export const SERVER_MESSAGE = formatLite('en-US', errorsEn['error.server'], { phone: centre.phone });

/** A message a person wrote, not a machine's: no JSON, no "500: ..." status prefix, no stack or error names. */
function isPlainSentence(message: string): boolean {
  return (
    message.length <= 300 &&
    !/^\s*[[{<]/.test(message) &&
    !/^\d{3}\b/.test(message) &&
    !/\b(?:[A-Z][a-z]+)?Error\b|Failed to fetch|Unexpected token|\bat .+:\d+/.test(message)
  );
}

/**
 * The sentence a parent reads when a call fails. The server's own message when it refused the request on
 * purpose (a 4xx with words written for people: a validation message, "too many attempts"); otherwise a plain
 * sentence: the network failed (no answer at all) or the server failed (5xx). Never a raw technical error.
 */
export function plainErrorMessage(error: unknown, fallback: string): string {
  const e = (error ?? {}) as CallError;
  const status = e.data?.httpStatus;
  const message = typeof e.message === 'string' ? e.message.trim() : '';
  if (status !== undefined && status >= 400 && status < 500) return message && isPlainSentence(message) ? message : fallback;
  if (status !== undefined && status >= 500) return SERVER_MESSAGE;
  return NETWORK_MESSAGE;
}
