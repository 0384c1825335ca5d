import type { Config } from '../config';

export const ADMIN_COOKIE = 'admin_session';
export const PARENT_COOKIE = 'parent_session';

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Secure when the site is served over https. */
export function sessionCookie(config: Config, name: string, token: string, expiresAt: Date): string {
  const parts = [`${name}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Expires=${expiresAt.toUTCString()}`];
  if (config.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export function clearedCookie(config: Config, name: string): string {
  const parts = [`${name}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
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
