/**
 * One account per browser at a time (ADR 062). A successful sign-in of one kind ends, in the same response,
 * the session of the other kind that the request carries: deleted on the server (session.ts) and its cookie
 * cleared (cookies.ts). Without this a browser holding a staff cookie could never use a parent's sign-in: the
 * staff cookie wins in resolveAuth (context.ts), so the portal refused every call and sent the parent back to
 * the sign-in page. Called only after the sign-in succeeded: a refused sign-in changes nothing.
 */
import { recordAudit } from '../audit/record';
import type { Context } from '../context';
import { ADMIN_COOKIE, clearedCookie, cookieName, PARENT_COOKIE, readCookie } from './cookies';
import { type Auth, deleteSession, validateAdminToken, validateParentToken } from './session';

export function endOtherKindOfSession(ctx: Context, signingIn: Auth['kind']): void {
  const other: Auth['kind'] = signingIn === 'admin' ? 'parent' : 'admin';
  const base = other === 'admin' ? ADMIN_COOKIE : PARENT_COOKIE;
  const validate = other === 'admin' ? validateAdminToken : validateParentToken;
  const cookieToken = readCookie(ctx.requestCookies, cookieName(ctx.config, base));

  // The other kind's session: the one its cookie names, and the one the request was known by (a parent's
  // may have come as a bearer token); usually the same session, ended once.
  const sessions = new Map<string, Auth>();
  const fromCookie = cookieToken ? validate(ctx.db, ctx.clock, cookieToken) : null;
  if (fromCookie) sessions.set(fromCookie.sessionId, fromCookie);
  if (ctx.auth?.kind === other) sessions.set(ctx.auth.sessionId, ctx.auth);

  for (const auth of sessions.values()) {
    if (auth.kind === 'admin') {
      // Ending a staff session is a staff sign-out, recorded as adminAuth.logout records it.
      const { id, name } = auth.admin;
      ctx.db.transaction(() => {
        deleteSession(ctx.db, auth);
        recordAudit(ctx.db, ctx, { action: 'sign-out', entity: 'session', entityId: id, actor: { id, name } });
      });
    } else {
      deleteSession(ctx.db, auth);
    }
  }
  // A cookie of the other kind, live or not, is of no more use in this browser.
  if (cookieToken) ctx.resHeaders.append('Set-Cookie', clearedCookie(ctx.config, base));
}
