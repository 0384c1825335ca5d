import type { Config } from '../config';

export const ADMIN_COOKIE = 'admin_session';
export const PARENT_COOKIE = 'parent_session';

/**
 * The cookie's name. Over https it carries the `__Host-` prefix: browsers then accept it only with Secure,
 * Path=/ and no Domain, set by this very host, so no sibling subdomain (or an http page) can plant or
 * overwrite a session cookie.
 */
export function cookieName(config: Pick<Config, 'secureCookies'>, base: string): string {
  return config.secureCookies ? `__Host-${base}` : base;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Secure (and `__Host-`) when the site is served over https. */
export function sessionCookie(config: Config, base: string, token: string, expiresAt: Date): string {
  const parts = [`${cookieName(config, base)}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Expires=${expiresAt.toUTCString()}`];
  if (config.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export function clearedCookie(config: Config, base: string): string {
  const parts = [`${cookieName(config, base)}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
  if (config.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export function readCookie(header: string | undefined | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null; // A malformed cookie is no session, not a server error.
    }
  }
  return null;
}
