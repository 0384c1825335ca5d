import type { MiddlewareHandler } from 'hono';
import { ADMIN_COOKIE, PARENT_COOKIE, readCookie } from './cookies';
import { englishOf } from '../refusal';
import { messageIdsHeader } from '../rest/shim';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'error.crossSite';

/**
 * Refuses every unsafe request (POST, PUT, PATCH, DELETE…) that does not come from our own pages, with or
 * without a session cookie, sign-in included (login CSRF): the browser's `Sec-Fetch-Site` must say
 * `same-origin`; a browser too old to send it must send an `Origin` equal to PUBLIC_URL. A request with
 * neither is refused as well, so a missing header never means "allowed" (scripts add `Origin`).
 *
 * One exemption (ADR 006): a request that authenticates only with `Authorization: Bearer` and carries no
 * session cookie. A browser never adds that header on its own, and another site cannot add it without a CORS
 * preflight this server never grants, so such a request carries no ambient authority to forge.
 */
export function csrfGuard(publicUrl: string): MiddlewareHandler {
  const allowedOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (site !== undefined ? site === 'same-origin' : origin === allowedOrigin) return next();
    if (bearerOnly(c.req.header('authorization'), c.req.header('cookie')) && site === undefined && origin === undefined) return next();
    return c.json(
      { message: englishOf(CROSS_SITE_MESSAGE) },
      403,
      messageIdsHeader({ messageId: CROSS_SITE_MESSAGE, values: {}, fieldErrorIds: null }),
    );
  };
}

function bearerOnly(authorization: string | undefined, cookie: string | undefined): boolean {
  if (!authorization || !/^Bearer\s+\S+$/i.test(authorization)) return false;
  // Either spelling of either session cookie (plain over http, `__Host-` over https).
  return [ADMIN_COOKIE, PARENT_COOKIE].every((name) => !readCookie(cookie, name) && !readCookie(cookie, `__Host-${name}`));
}
