/**
 * The first start (ADR 091): on a database with no staff account, and without ADMIN_EMAIL/ADMIN_PASSWORD, the
 * server prints a setup link (valid 24 hours, used once) and saves it in the private folder. The link's page
 * creates the director and signs her in. As every single-use link (auth/single-use-links.ts): only SHA-256 of the
 * token is stored, the token rides in the fragment, and the check and the use share one transaction.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { adminUsers, setupLinks } from '~/db/schema';
import type { firstStartSetupSchema } from '../../shared/schemas/password-policy';
import { recordAudit } from '../audit/record';
import { ADMIN_COOKIE, sessionCookie } from '../auth/cookies';
import { endOtherKindOfSession } from '../auth/one-account';
import { hashPassword } from '../auth/password';
import { createAdminSession } from '../auth/session';
import { hashLinkToken, newLinkToken } from '../auth/single-use-links';
import type { Clock } from '../clock';
import type { Context } from '../context';
import type { Db } from '../db';
import { isUniqueViolation } from '../db-errors';
import { refuse } from '../refusal';
import { addressKey, ensureRoom, spend } from '../services/rate-limit';

/** The setup link's copy in the private folder (beside the database): for a start whose terminal nobody reads. */
export const SETUP_LINK_FILE = 'setup-link.txt';
export const SETUP_LINK_MS = 24 * 60 * 60 * 1000;
export const SETUP_LINK_INVALID = 'error.setupLinkInvalid';
/** Where the setup link sends the new director: the dashboard's Settings tab (the centre's profile). */
export const AFTER_SETUP_PATH = '/admin?tab=settings';

const noStaffYet = (db: Db) => db.select({ n: count() }).from(adminUsers).get()!.n === 0;

/** The page the link opens (a page the browser renders itself; `no-store`). */
export const SETUP_PAGE = '/admin/setup';

/** The link's address: the token in the fragment, never sent to a server or in a Referer. */
export const setupLinkUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}${SETUP_PAGE}#token=${token}`;

/**
 * A new setup link while the database has no staff account (its token; null once one exists). Each start makes a
 * new one and every earlier unused link stops working, so only the link printed last opens the setup.
 */
export function issueSetupLink(db: Db, clock: Clock): string | null {
  return db.transaction(
    (tx) => {
      const w = tx as unknown as Db;
      if (!noStaffYet(w)) return null;
      const token = newLinkToken();
      const now = clock.now();
      w.delete(setupLinks).where(isNull(setupLinks.usedAt)).run();
      w.insert(setupLinks)
        .values({ tokenHash: hashLinkToken(token), expiresAt: new Date(now.getTime() + SETUP_LINK_MS), createdAt: now })
        .run();
      return token;
    },
    { behavior: 'immediate' },
  );
}

/**
 * The setup form: a live link and no staff account yet, or 400 with one message whatever is wrong (a guess learns
 * nothing). Wrong links are counted per address; a right one is never refused for the count of others' guesses
 * from elsewhere. Creates the director, uses the link, signs her in.
 */
export async function completeFirstStart(ctx: Context, input: z.output<typeof firstStartSetupSchema>) {
  const limitKey = addressKey(ctx.ip, 48);
  ensureRoom(ctx, ctx.limits.firstStart, limitKey, 'error.tooManyRequests');
  const tokenHash = hashLinkToken(input.token);
  const live = () => and(eq(setupLinks.tokenHash, tokenHash), isNull(setupLinks.usedAt), gt(setupLinks.expiresAt, ctx.clock.now()));
  const invalid = () => {
    spend(ctx, ctx.limits.firstStart, limitKey);
    return refuse('BAD_REQUEST', SETUP_LINK_INVALID);
  };
  if (!ctx.db.select({ id: setupLinks.id }).from(setupLinks).where(live()).get() || !noStaffYet(ctx.db)) throw invalid();
  const passwordHash = await hashPassword(input.password);
  let created: { id: string; token: string; expiresAt: Date };
  try {
    created = ctx.db.transaction(
      (tx) => {
        const db = tx as unknown as Db;
        // Checked again after the hash: two tabs sending the form at once create one director.
        const link = db.select({ id: setupLinks.id }).from(setupLinks).where(live()).get();
        if (!link || !noStaffYet(db)) throw invalid();
        const now = ctx.clock.now();
        const account = db
          .insert(adminUsers)
          .values({
            email: input.email,
            name: input.name,
            role: 'director',
            passwordHash,
            lastLoginAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: adminUsers.id })
          .get();
        db.update(setupLinks).set({ usedAt: now }).where(eq(setupLinks.id, link.id)).run();
        db.delete(setupLinks).where(isNull(setupLinks.usedAt)).run();
        const actor = { id: account.id, name: input.name };
        recordAudit(db, ctx, {
          action: 'create',
          entity: 'staff',
          entityId: account.id,
          actor,
          fields: { name: input.name, email: input.email, role: 'director' },
        });
        recordAudit(db, ctx, { action: 'sign-in', entity: 'session', entityId: account.id, actor });
        return { id: account.id, ...createAdminSession(db, ctx.clock, account.id) };
      },
      { behavior: 'immediate' },
    );
  } catch (err) {
    if (isUniqueViolation(err, 'admin_users.email')) throw invalid();
    throw err;
  }
  // The saved copy of the link is of no use now (and it is a used secret): removed, best effort.
  try {
    rmSync(resolve(ctx.config.privateDir, SETUP_LINK_FILE), { force: true });
  } catch {
    // (A file that cannot be removed holds a dead link.)
  }
  ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.config, ADMIN_COOKIE, created.token, created.expiresAt));
  // One account per browser (ADR 062), as a sign-in: a parent session this browser holds ends now.
  endOtherKindOfSession(ctx, 'admin');
  const admin = ctx.db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      name: adminUsers.name,
      role: adminUsers.role,
      lastLoginAt: adminUsers.lastLoginAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, created.id))
    .get()!;
  return { success: true as const, admin: { ...admin, previousLoginAt: null }, next: AFTER_SETUP_PATH };
}
