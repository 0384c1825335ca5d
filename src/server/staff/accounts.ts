/**
 * Staff accounts (ADR 039): invitations, roles, deactivation, and the single-use links that set a
 * password. The links work as the parents' reset links do (auth/single-use-links.ts): only SHA-256 of the
 * token is stored, the check and the use share one transaction, and the stored copies of the e-mail hold
 * no token.
 */
import { and, asc, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { adminUsers, staffPasswordLinks, type StaffRole } from '~/db/schema';
import { clockOutDeactivated } from '../attendance/records';
import { recordAudit } from '../audit/record';
import { hashPassword, verifyPassword } from '../auth/password';
import { deleteAdminSessions } from '../auth/session';
import { bookkeeping } from '../cache/store';
import { hashLinkToken, newLinkToken, withoutToken } from '../auth/single-use-links';
import type { Context } from '../context';
import type { Db } from '../db';
import { isUniqueViolation } from '../db-errors';
import { fieldError } from '../field-errors';
import { logger } from '../logger';
import { staffInvitationEmail, staffPasswordResetEmail } from './account-mail';
import { mailQueueFor, sendAfterAnswer } from '../services/mail-queue';
import { forgetUsedResetLinks, forgetUsedStaffLinks } from '../services/outbox';
import { addressKey, consume, ensureRoom, spend } from '../services/rate-limit';
import { RESET_BUSY, RESET_LINK_MS } from '../parents/passwords';
import { refuse } from '../refusal';
import { t } from '~/shared/i18n';
import { ownPasswordAttempt } from './sign-in';
import { staffNotice } from '../notice';

export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;
export const DUPLICATE_EMAIL = 'error.duplicateEmail';
export const LAST_DIRECTOR = 'error.lastDirector';
export const STAFF_NOT_FOUND = 'error.staffNotFound';
export const STAFF_LINK_INVALID = 'error.staffLinkUsed';
export const STAFF_THROTTLED = 'error.tooManyRequests';

/** What GET /api/admin/staff answers per account: never a hash, a token or a session. */
export const staffColumns = {
  id: adminUsers.id,
  name: adminUsers.name,
  email: adminUsers.email,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  lastLoginAt: adminUsers.lastLoginAt,
};

type Ctx = Context & { admin: { id: string; name: string } };

export function listStaff(db: Db) {
  return db.select(staffColumns).from(adminUsers).orderBy(asc(adminUsers.name), asc(adminUsers.email)).all();
}

/** Issues a link of `purpose` for the account (replacing its earlier unused ones of that purpose); answers the token. */
function issueLink(db: Db, ctx: Pick<Context, 'clock'>, adminId: string, purpose: 'invite' | 'reset'): string {
  const token = newLinkToken();
  const now = ctx.clock.now();
  db.delete(staffPasswordLinks)
    .where(and(eq(staffPasswordLinks.adminId, adminId), eq(staffPasswordLinks.purpose, purpose), isNull(staffPasswordLinks.usedAt)))
    .run();
  db.insert(staffPasswordLinks)
    .values({
      adminId,
      purpose,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + (purpose === 'invite' ? INVITATION_MS : RESET_LINK_MS)),
      createdAt: now,
    })
    .run();
  return token;
}

/** The link's address: the token in the fragment, never sent to a server. */
const setPasswordLink = (ctx: Pick<Context, 'config'>, token: string) => `${ctx.config.publicUrl}/admin/set-password#token=${token}`;

/**
 * Sends the invitation. Without SMTP the outbox keeps it whole, link included, as it keeps a parent's reset link
 * (ADR 019): the director passes it on by hand, and services/outbox.ts removes it once it is used or can no longer
 * work. With SMTP nothing is stored.
 */
async function sendInvitation(
  ctx: Context,
  to: string,
  content: { subject: string; text: string; html: string },
): Promise<{ emailSent: boolean; emailError: string | null }> {
  try {
    await ctx.mailer.send({ to, ...content });
    return { emailSent: true, emailError: null };
  } catch (err) {
    logger.warn({ err, subject: content.subject }, 'staff e-mail could not be sent');
    return { emailSent: false, emailError: 'The e-mail could not be sent. Please check the mail settings and invite again.' };
  }
}

/**
 * A new staff account with no password yet, and an invitation link valid 7 days. A second account with the
 * same e-mail is a 409, whether found first or refused by the unique index. Without SMTP the answer carries the
 * link as `invitationUrl`.
 */
export async function inviteStaff(ctx: Ctx, input: { name: string; email: string; role: StaffRole }) {
  let created: { account: ReturnType<typeof listStaff>[number]; token: string };
  try {
    created = ctx.db.transaction((tx) => {
      const db = tx as unknown as Db;
      if (db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, input.email)).get())
        throw refuse('CONFLICT', DUPLICATE_EMAIL);
      const now = ctx.clock.now();
      // No password until the invitation is used: an empty hash never verifies (sign-in checks it is set).
      const account = db
        .insert(adminUsers)
        .values({ ...input, passwordHash: '', isActive: true, createdAt: now, updatedAt: now })
        .returning(staffColumns)
        .get();
      const token = issueLink(db, ctx, account.id, 'invite');
      recordAudit(db, ctx, { action: 'create', entity: 'staff', entityId: account.id, fields: input });
      return { account, token };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'admin_users.email')) throw refuse('CONFLICT', DUPLICATE_EMAIL);
    throw err;
  }
  const invitationUrl = setPasswordLink(ctx, created.token);
  const content = staffInvitationEmail({ name: input.name, role: input.role, link: invitationUrl }, ctx.config);
  const sent = await sendInvitation(ctx, input.email, content);
  // Without SMTP nobody delivers it: the director is shown the link once, to pass on (the Staff tab has a copy button).
  return { ...created.account, ...sent, ...(ctx.config.smtpUrl ? {} : { invitationUrl }) };
}

/** Active directors other than `exceptId`. */
function otherActiveDirectors(db: Db, exceptId: string): number {
  return db
    .select({ n: count() })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'director'), eq(adminUsers.isActive, true), ne(adminUsers.id, exceptId)))
    .get()!.n;
}

/**
 * Changes an account's role or active state. Deactivating ends every session of the account and every unused
 * invitation or reset link of it in the same transaction (its next call is a 401; a reactivated account starts
 * with neither), and clocks it out of the room it is clocked in to. The last active director can be neither demoted nor deactivated.
 */
export function updateStaff(ctx: Ctx, input: { id: string; role?: StaffRole; isActive?: boolean }) {
  return ctx.db.transaction(
    (tx) => {
      const db = tx as unknown as Db;
      const before = db.select(staffColumns).from(adminUsers).where(eq(adminUsers.id, input.id)).get();
      if (!before) throw refuse('NOT_FOUND', STAFF_NOT_FOUND);
      const role = input.role ?? before.role;
      const isActive = input.isActive ?? before.isActive;
      const wasDirector = before.role === 'director' && before.isActive;
      if (wasDirector && !(role === 'director' && isActive) && otherActiveDirectors(db, before.id) === 0) {
        throw refuse('BAD_REQUEST', LAST_DIRECTOR);
      }
      const account = db
        .update(adminUsers)
        .set({ role, isActive, updatedAt: ctx.clock.now() })
        .where(eq(adminUsers.id, before.id))
        .returning(staffColumns)
        .get()!;
      if (!isActive) {
        // Closed now, closed after a reactivation too: every session ends and no link sent before works again.
        deleteAdminSessions(db, before.id);
        // Nobody who cannot sign in stays counted in a room: the ratio is counted again without her.
        if (before.isActive) clockOutDeactivated(db, ctx, before);
        db.delete(staffPasswordLinks)
          .where(and(eq(staffPasswordLinks.adminId, before.id), isNull(staffPasswordLinks.usedAt)))
          .run();
      }
      const changed = Object.fromEntries(Object.entries({ role, isActive }).filter(([k, v]) => before[k as 'role' | 'isActive'] !== v));
      recordAudit(db, ctx, {
        action: 'isActive' in changed ? 'status' : 'update',
        entity: 'staff',
        entityId: before.id,
        fields: changed,
        before,
      });
      return account;
    },
    // The count of directors and the change are one write: two directors demoting each other cannot both pass.
    { behavior: 'immediate' },
  );
}

/**
 * 'Forgot your password?' for staff, as for parents (parents/passwords.ts): the same answer whatever the
 * e-mail, throttled per address and per e-mail, a one-hour single-use link to an active account.
 */
export async function requestStaffReset(ctx: Context, email: string) {
  consume(ctx, ctx.limits.passwordResetByIp, addressKey(ctx.ip, 48), STAFF_THROTTLED);
  consume(ctx, ctx.limits.passwordResetByAccount, `staff:${email}`, STAFF_THROTTLED);
  // Every address together, shared with the parents' resets: checked for any e-mail, spent only when a message
  // is queued (as the parents', parents/passwords.ts).
  ensureRoom(ctx, ctx.limits.passwordResetGlobal, 'all', RESET_BUSY);
  const account = ctx.db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.email, email), eq(adminUsers.isActive, true)))
    .get();
  if (account) {
    // Queued in the link's transaction and sent after the answer, as the parents' are: a known
    // address must not answer slower than an unknown one. Bookkeeping for the response cache, as the parents'.
    bookkeeping(ctx.db, () =>
      ctx.db.transaction((tx) => {
        const token = issueLink(tx as unknown as Db, ctx, account.id, 'reset');
        const content = staffPasswordResetEmail({ name: account.name, link: setPasswordLink(ctx, token) }, ctx.config);
        mailQueueFor(ctx).enqueue(
          { to: account.email, content, loggedText: withoutToken(content.text, token), sentBy: 'staff' },
          tx as unknown as Db,
        );
      }),
    );
    spend(ctx, ctx.limits.passwordResetGlobal, 'all');
    sendAfterAnswer(ctx);
  } else {
    // The same database work as the branch above, so the answer takes the same time.
    bookkeeping(ctx.db, () => ctx.db.transaction((tx) => mailQueueFor(ctx).enqueueNothing(tx as unknown as Db)));
  }
  return { success: true as const, ...staffNotice('staff.notice.resetRequested') };
}

/**
 * Uses an invitation or reset link once: sets the password, ends every session of the account and every other
 * unused link of it. The link must be unused, unexpired and of an active account.
 */
export async function setPasswordWithLink(ctx: Context, input: { token: string; password: string }) {
  const tokenHash = hashLinkToken(input.token);
  const invalid = () => refuse('BAD_REQUEST', STAFF_LINK_INVALID);
  const live = () =>
    and(
      eq(staffPasswordLinks.tokenHash, tokenHash),
      isNull(staffPasswordLinks.usedAt),
      gt(staffPasswordLinks.expiresAt, ctx.clock.now()),
      eq(adminUsers.isActive, true),
    );
  const found = ctx.db
    .select({ id: staffPasswordLinks.id })
    .from(staffPasswordLinks)
    .innerJoin(adminUsers, eq(adminUsers.id, staffPasswordLinks.adminId))
    .where(live())
    .get();
  if (!found) throw invalid();
  const passwordHash = await hashPassword(input.password);
  const adminId = ctx.db.transaction((tx) => {
    const db = tx as unknown as Db;
    // Checked again after the hash: the link may have been used or the account closed meanwhile.
    const link = db
      .select({
        id: staffPasswordLinks.id,
        adminId: staffPasswordLinks.adminId,
        purpose: staffPasswordLinks.purpose,
        name: adminUsers.name,
      })
      .from(staffPasswordLinks)
      .innerJoin(adminUsers, eq(adminUsers.id, staffPasswordLinks.adminId))
      .where(live())
      .get();
    if (!link) throw invalid();
    db.update(staffPasswordLinks).set({ usedAt: ctx.clock.now() }).where(eq(staffPasswordLinks.id, link.id)).run();
    db.update(adminUsers).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(adminUsers.id, link.adminId)).run();
    deleteAdminSessions(db, link.adminId);
    db.delete(staffPasswordLinks)
      .where(and(eq(staffPasswordLinks.adminId, link.adminId), isNull(staffPasswordLinks.usedAt)))
      .run();
    recordAudit(db, ctx, {
      action: 'password',
      entity: 'staff',
      entityId: link.adminId,
      actor: { id: link.adminId, name: link.name },
      fields: { link: link.purpose, password: null },
    });
    return link.adminId;
  });
  // Every link of the account is dead now: the outbox's copies lose theirs (ADR 019). A failure must not undo
  // the change; the hourly sweep removes expired links anyway.
  const email = ctx.db.select({ email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.id, adminId)).get()?.email;
  if (email) {
    const warn = (err: unknown) => logger.warn({ err }, 'could not remove a used staff link from the outbox');
    await forgetUsedResetLinks(ctx.db, ctx.config, email).catch(warn);
    await forgetUsedStaffLinks(ctx.db, ctx.config, email).catch(warn);
  }
  // The e-mail goes back to the one who holds the link (it is theirs): the sign-in form is filled in with it.
  return { success: true as const, ...staffNotice('staff.notice.passwordSet'), email: email ?? null };
}

/** A signed-in staff member's own new password: the current one is checked (throttled as a sign-in); every other session ends. */
export async function changeOwnPassword(
  ctx: Ctx & { auth: { sessionId: string } },
  input: { currentPassword: string; newPassword: string },
) {
  const { row, attempt } = await ownPasswordAttempt(ctx);
  if (!row.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    // Shown at the form's current-password field, as the parent's change-password form does.
    throw fieldError('currentPassword', 'error.currentPasswordWrong');
  }
  attempt.succeeded();
  const passwordHash = await hashPassword(input.newPassword);
  ctx.db.transaction((tx) => {
    const db = tx as unknown as Db;
    db.update(adminUsers).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(adminUsers.id, ctx.admin.id)).run();
    deleteAdminSessions(db, ctx.admin.id, ctx.auth.sessionId);
    db.delete(staffPasswordLinks)
      .where(and(eq(staffPasswordLinks.adminId, ctx.admin.id), isNull(staffPasswordLinks.usedAt)))
      .run();
    recordAudit(db, ctx, { action: 'password', entity: 'staff', entityId: ctx.admin.id, fields: { password: null } });
  });
  // Staff screens are English (ADR 070): the catalogue's English text, as the parent's answer has it in its language.
  return { success: true as const, message: t('en', 'error.passwordChanged') };
}
