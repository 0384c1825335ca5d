import type { MiddlewareHandler } from 'hono';
import { ADMIN_COOKIE, PARENT_COOKIE, readCookie } from './cookies';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses writes that ride on a session cookie unless they come from our own pages: `Sec-Fetch-Site:
 * same-origin`, or an `Origin` equal to PUBLIC_URL. hono's csrf() skips JSON bodies, so it is not enough.
 * Writes without a session cookie (public enrollment, bearer-token parent calls) carry no ambient authority.
 */
export function csrfGuard(publicUrl: string): MiddlewareHandler {
  const allowedOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const cookie = c.req.header('cookie');
    if (!readCookie(cookie, ADMIN_COOKIE) && !readCookie(cookie, PARENT_COOKIE)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (site === 'same-origin' || origin === allowedOrigin) return next();
    return c.json({ message: 'Cross-site request refused' }, 403);
  };
}
