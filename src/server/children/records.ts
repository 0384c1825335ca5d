/**
 * Enrolled children and their parent logins: the queries and writes behind routers/children.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { StaffContext } from '../context';
import { asc, eq } from 'drizzle-orm';
import { enrolledChildren, parentChildRelationships, parentPreferences, parentUsers } from '~/db/schema';
import { childDatesSchema, type childSchema, type childUpdateSchema } from '../../shared/schemas/children';
import { centreToday } from '../clock';
import { checkDayRules } from '../field-errors';
import { type idSchema } from '../../shared/schemas/content';
import { generatePassword, hashPassword } from '../auth/password';
import { deleteParentSessions } from '../auth/session';
import { accountEmail, linkExistingAccount, splitName, syncParentAccess, unlinkOtherParents } from '../parents/accounts';
import type { Context } from '../context';
import type { Db } from '../db';
import { isUniqueViolation } from '../db-errors';
import { parentCredentialsEmail } from '../parents/account-mail';
import { appliedLanguage, preferencesOf } from '../parents/preferences';
import type { Language } from '../../shared/i18n/languages';
import { type SendOutcome, sendToParent } from '../parents/mail';
import { cachedRead } from '../cache/store';
import { audited, changedFields, recordAudit } from '../audit/record';
import { refuse } from '../refusal';
import { staffNotice } from '../notice';

export const childColumns = {
  id: enrolledChildren.id,
  childName: enrolledChildren.childName,
  parentName: enrolledChildren.parentName,
  parentEmail: enrolledChildren.parentEmail,
  parentPhone: enrolledChildren.parentPhone,
  dateOfBirth: enrolledChildren.dateOfBirth,
  program: enrolledChildren.program,
  startDate: enrolledChildren.startDate,
  isActive: enrolledChildren.isActive,
  notes: enrolledChildren.notes,
  // The photo consent's record (ADR 073), shown on the child's card and set from it.
  photoConsent: enrolledChildren.photoConsent,
  photoConsentDate: enrolledChildren.photoConsentDate,
  photoConsentGivenBy: enrolledChildren.photoConsentGivenBy,
  photoConsentRecordedByName: enrolledChildren.photoConsentRecordedByName,
  photoConsentRecordedAt: enrolledChildren.photoConsentRecordedAt,
  applicationId: enrolledChildren.applicationId,
  createdAt: enrolledChildren.createdAt,
  updatedAt: enrolledChildren.updatedAt,
};

/** What the credentials dialog shows instead of a password it no longer knows (only a hash is kept). */
export const MASKED_PASSWORD = '••••••••';
const NOT_FOUND = 'error.childNotFound';

type ChildRow = ReturnType<typeof findChild>;

function findChild(db: Db, id: string) {
  const child = db.select(childColumns).from(enrolledChildren).where(eq(enrolledChildren.id, id)).get();
  if (!child) throw refuse('NOT_FOUND', NOT_FOUND);
  return child;
}

function assertActive(child: ChildRow, action: 'error.childInactiveLogin' | 'error.childInactiveReset'): void {
  if (!child.isActive) throw refuse('CONFLICT', action, { child: child.childName });
}

type CredentialsKind = 'created' | 'reset';

/** What the credentials dialog says of the account and its e-mail: a staff notice (ADR 086) the page formats. */
const CREDENTIALS_NOTICES = {
  created: {
    notSent: 'staff.notice.accountCreatedNotSent',
    outbox: 'staff.notice.accountCreatedOutbox',
    sent: 'staff.notice.accountCreatedSent',
  },
  reset: {
    notSent: 'staff.notice.passwordResetNotSent',
    outbox: 'staff.notice.passwordResetOutbox',
    sent: 'staff.notice.passwordResetSent',
  },
} as const;

function credentialsNotice(kind: CredentialsKind, email: string, outcome: SendOutcome) {
  const how = !outcome.emailSent ? 'notSent' : outcome.via === 'outbox' ? 'outbox' : 'sent';
  return staffNotice(CREDENTIALS_NOTICES[kind][how], { email });
}

type IssuingContext = Pick<Context, 'db' | 'mailer' | 'clock' | 'config'> & { admin: { email: string } };

/**
 * Gives a parent account a password, for a new account and for a reset alike: a random password, stored only
 * as an argon2id hash by `save` (which writes the account and answers its id). `save` runs in a transaction
 * that first checks the child is still active under the same parent e-mail (the hash takes a moment), and it
 * commits before any e-mail is attempted, so a failed send never loses it. The credentials e-mail follows
 * (the parent_emails log keeps the password masked), and the answer holds the password once, so staff can
 * hand it over if the e-mail does not arrive.
 */
async function issueCredentials(
  ctx: IssuingContext,
  child: ChildRow,
  kind: CredentialsKind,
  save: (passwordHash: string) => string,
  language: (parentId: string) => Language,
) {
  const email = accountEmail(child);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const parentId = ctx.db.transaction(() => {
    const now = findChild(ctx.db, child.id);
    if (!now.isActive || accountEmail(now) !== email) {
      throw refuse('CONFLICT', 'error.childChanged', { child: now.childName });
    }
    return save(passwordHash);
  });

  const content = parentCredentialsEmail(
    { parentName: child.parentName, childName: child.childName, email, password, reset: kind === 'reset' },
    ctx.config,
    language(parentId),
  );
  const outcome = await sendToParent(ctx, email, content, ctx.admin.email, content.text.replaceAll(password, MASKED_PASSWORD));
  return {
    success: true as const,
    parentId,
    credentials: { email, password },
    isExisting: false,
    emailSent: outcome.emailSent,
    /** `outbox`: no SMTP server, so the Outbox keeps the e-mail, password included; `smtp`: sent; null: not sent. */
    emailVia: outcome.via,
    emailError: outcome.emailError,
    ...credentialsNotice(kind, email, outcome),
  };
}

export function listChildren(ctx: StaffContext) {
  return cachedRead(ctx.db, 'staff-children', () =>
    ctx.db.select(childColumns).from(enrolledChildren).orderBy(asc(enrolledChildren.childName)).all(),
  );
}

export function createChild(ctx: StaffContext, input: z.output<typeof childSchema>) {
  checkDayRules(childDatesSchema(centreToday(ctx.clock)), input);
  const now = ctx.clock.now();
  return audited(
    ctx,
    (db) =>
      db
        .insert(enrolledChildren)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning(childColumns)
        .get(),
    (child) => ({ action: 'create', entity: 'child', entityId: child.id, fields: input }),
  );
}

export function updateChild(ctx: StaffContext, input: z.output<typeof childUpdateSchema>) {
  checkDayRules(childDatesSchema(centreToday(ctx.clock)), input);
  const { id, ...fields } = input;
  return ctx.db.transaction(() => {
    const before = findChild(ctx.db, id);
    const child = ctx.db
      .update(enrolledChildren)
      .set({ ...fields, updatedAt: ctx.clock.now() })
      .where(eq(enrolledChildren.id, id))
      .returning(childColumns)
      .get()!;
    if (accountEmail(before) !== accountEmail(child)) unlinkOtherParents(ctx.db, id, accountEmail(child));
    if (before.isActive !== child.isActive) syncParentAccess(ctx.db, id, child.isActive);
    recordAudit(ctx.db, ctx, { action: 'update', entity: 'child', entityId: id, fields: changedFields(before, fields), before });
    return child;
  });
}

export function deleteChild(ctx: StaffContext, input: z.output<typeof idSchema>) {
  return ctx.db.transaction(() => {
    const child = findChild(ctx.db, input);
    syncParentAccess(ctx.db, input, false);
    ctx.db.delete(enrolledChildren).where(eq(enrolledChildren.id, input)).run();
    recordAudit(ctx.db, ctx, { action: 'delete', entity: 'child', entityId: input, fields: { childName: child.childName } });
    return { success: true as const, id: child.id, ...staffNotice('staff.notice.childRemoved', { child: child.childName }) };
  });
}

export function toggleChildActive(ctx: StaffContext, input: z.output<typeof idSchema>) {
  return ctx.db.transaction(() => {
    const before = findChild(ctx.db, input);
    const child = ctx.db
      .update(enrolledChildren)
      .set({ isActive: !before.isActive, updatedAt: ctx.clock.now() })
      .where(eq(enrolledChildren.id, input))
      .returning(childColumns)
      .get()!;
    const { deactivated } = syncParentAccess(ctx.db, input, child.isActive);
    recordAudit(ctx.db, ctx, { action: 'status', entity: 'child', entityId: input, fields: { isActive: child.isActive } });
    // The parent accounts the change closed, when it closed any (ADR 086: the page formats the notice).
    const notice = child.isActive
      ? staffNotice('staff.notice.childActive', { child: child.childName })
      : deactivated === 0
        ? staffNotice('staff.notice.childInactive', { child: child.childName })
        : deactivated === 1
          ? staffNotice('staff.notice.childInactiveParent', { child: child.childName })
          : staffNotice('staff.notice.childInactiveParents', { child: child.childName, count: String(deactivated) });
    return { success: true as const, child, ...notice };
  });
}

export async function generateParentLogin(ctx: StaffContext, input: z.output<typeof idSchema>) {
  const child = findChild(ctx.db, input);
  assertActive(child, 'error.childInactiveLogin');
  const email = accountEmail(child);

  const existingReply = (parentId: string) => ({
    success: true as const,
    parentId,
    credentials: { email, password: MASKED_PASSWORD },
    isExisting: true,
    emailSent: false,
    emailVia: null,
    emailError: null,
    ...staffNotice('staff.notice.accountExists'),
  });

  const existingId = ctx.db.transaction(() => {
    const id = linkExistingAccount(ctx.db, email, child.id);
    if (id) recordAudit(ctx.db, ctx, { action: 'update', entity: 'parent-login', entityId: id, fields: { email, childId: child.id } });
    return id;
  });
  if (existingId) return existingReply(existingId);

  const { firstName, lastName } = splitName(child.parentName);
  // A family who applied in Spanish gets the account, its credentials e-mail and the portal in Spanish.
  const language = appliedLanguage(ctx.db, child.id);
  try {
    return await issueCredentials(
      ctx,
      child,
      'created',
      (passwordHash) => {
        const created = ctx.db
          .insert(parentUsers)
          .values({ email, firstName, lastName, phone: child.parentPhone, passwordHash, isActive: true })
          .returning({ id: parentUsers.id })
          .get();
        if (language !== 'en') ctx.db.insert(parentPreferences).values({ parentId: created.id, language }).run();
        ctx.db
          .insert(parentChildRelationships)
          .values({ parentId: created.id, childId: child.id, relationship: 'parent', isPrimary: true })
          .run();
        recordAudit(ctx.db, ctx, {
          action: 'create',
          entity: 'parent-login',
          entityId: created.id,
          fields: { email, childId: child.id, password: null },
        });
        return created.id;
      },
      () => language,
    );
  } catch (err) {
    // Another request created this parent while the password was being hashed: use that account.
    if (isUniqueViolation(err, 'parent_users.email')) {
      const id = ctx.db.transaction(() => {
        const linked = linkExistingAccount(ctx.db, email, child.id);
        if (linked)
          recordAudit(ctx.db, ctx, { action: 'update', entity: 'parent-login', entityId: linked, fields: { email, childId: child.id } });
        return linked;
      });
      if (id) return existingReply(id);
    }
    throw err;
  }
}

export async function resetParentPassword(ctx: StaffContext, input: z.output<typeof idSchema>) {
  const child = findChild(ctx.db, input);
  assertActive(child, 'error.childInactiveReset');
  const email = accountEmail(child);
  const noAccount = () => refuse('NOT_FOUND', 'error.noPortalAccount', { email });
  if (!ctx.db.select({ id: parentUsers.id }).from(parentUsers).where(eq(parentUsers.email, email)).get()) throw noAccount();

  return issueCredentials(
    ctx,
    child,
    'reset',
    (passwordHash) => {
      const parentId = linkExistingAccount(ctx.db, email, child.id);
      if (!parentId) throw noAccount();
      ctx.db.update(parentUsers).set({ passwordHash }).where(eq(parentUsers.id, parentId)).run();
      deleteParentSessions(ctx.db, parentId);
      recordAudit(ctx.db, ctx, { action: 'password', entity: 'parent-login', entityId: parentId, fields: { email, password: null } });
      return parentId;
    },
    (parentId) => preferencesOf(ctx.db, parentId).language,
  );
}
