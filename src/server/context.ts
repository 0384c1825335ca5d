import type { Context as HonoContext } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Config, normalizeAddress } from './config';
import type { Clock } from './clock';
import type { Db } from './db';
import type { Mailer } from './services/mail';
import type { Limiters } from './services/rate-limit';
import { ADMIN_COOKIE, cookieName, PARENT_COOKIE, readCookie, sessionCookie } from './auth/cookies';
import { type AdminIdentity, type Auth, type ParentIdentity, validateAdminToken, validateParentToken } from './auth/session';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: Clock;
}

export interface Context extends AppDeps {
  auth: Auth | null;
  ip: string;
  /** The request's Cookie header, for what reads a cookie besides the session (the sign-in's known device). */
  requestCookies?: string | null;
  limits: Limiters;
  /** Headers the procedure wants on the response (Set-Cookie, Retry-After). */
  resHeaders: Headers;
}

/**
 * The context a procedure hands a domain function (ADR 071): trpc.ts's builders narrow `auth` to the caller's
 * kind, and their `ctx.db` is the guarded database of auth/write-rights.ts (ADR 063). A domain function queries
 * through `ctx.db`, so every write it makes, and every transaction it opens, is checked again.
 */
export type StaffContext = Context & { auth: Extract<Auth, { kind: 'admin' }>; admin: AdminIdentity };
export type ParentContext = Context & { auth: Extract<Auth, { kind: 'parent' }>; parent: ParentIdentity };
export type SignedInContext = Context & { auth: Auth };

/**
 * The caller's address, for rate limits. Directly on the internet it is the socket's peer. Behind the
 * centre's reverse proxy (TRUST_PROXY names its address), requests from the proxy are counted by the last
 * X-Forwarded-For entry: the one the proxy itself added (earlier entries are whatever the client sent).
 * From any other peer the header is ignored, so a client that reaches the app directly cannot choose its
 * own address.
 */
export function clientIp(c: HonoContext, trustedProxies: readonly string[]): string {
  let peer: string;
  try {
    peer = normalizeAddress(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    peer = 'unknown';
  }
  if (trustedProxies.includes(peer)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return normalizeAddress(forwarded.slice(0, 64));
  }
  return peer;
}

/** Who is calling: an admin cookie, or a parent bearer token / cookie. The server decides, never the client. */
export function resolveAuth(deps: AppDeps, c: HonoContext, resHeaders: Headers): Auth | null {
  const cookies = c.req.header('cookie');
  const adminToken = readCookie(cookies, cookieName(deps.config, ADMIN_COOKIE));
  if (adminToken) {
    const auth = validateAdminToken(deps.db, deps.clock, adminToken);
    if (auth) {
      if (auth.refreshed) resHeaders.append('Set-Cookie', sessionCookie(deps.config, ADMIN_COOKIE, adminToken, auth.expiresAt));
      return auth;
    }
  }
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const parentToken = bearer ?? readCookie(cookies, cookieName(deps.config, PARENT_COOKIE));
  if (parentToken) {
    const auth = validateParentToken(deps.db, deps.clock, parentToken);
    if (auth) {
      if (auth.refreshed && !bearer)
        resHeaders.append('Set-Cookie', sessionCookie(deps.config, PARENT_COOKIE, parentToken, auth.expiresAt));
      return auth;
    }
  }
  return null;
}

/** Who each request is, checked once: the response cache (cache/response-cache.ts) and the procedures share it. */
const resolved = new WeakMap<HonoContext, { auth: Auth | null; cookies: string[] }>();

/** The sign-in check of this request (done on first ask), with the cookie a refreshed session must be sent. */
export function requestAuth(deps: AppDeps, c: HonoContext): { auth: Auth | null; cookies: string[] } {
  let found = resolved.get(c);
  if (!found) {
    const headers = new Headers();
    const auth = resolveAuth(deps, c, headers);
    found = { auth, cookies: headers.getSetCookie() };
    resolved.set(c, found);
  }
  return found;
}

export function createContext(deps: AppDeps, limits: Limiters, c: HonoContext, resHeaders: Headers): Context {
  const { auth, cookies } = requestAuth(deps, c);
  for (const cookie of cookies) resHeaders.append('Set-Cookie', cookie);
  return { ...deps, limits, resHeaders, ip: clientIp(c, deps.config.trustProxy), requestCookies: c.req.header('cookie') ?? null, auth };
}
