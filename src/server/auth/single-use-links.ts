/**
 * The secret of a single-use link (a parent's or a staff member's password reset, a staff invitation): 32
 * random bytes in base32; the database keeps only its SHA-256, so a copy of the database opens no account.
 * The link carries it in the fragment (`#token=`), which browsers never send to a server or in a Referer.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

export function newLinkToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashLinkToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The text a sent message's stored copies keep: the token replaced, so only the delivered message holds it. */
export function withoutToken(text: string, token: string): string {
  return text.replaceAll(token, '[link removed]');
}
