import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { enrolledChildren, parentChildRelationships, parentUsers } from '../../../db/schema';
import { childSchema, childUpdateSchema } from '../../shared/schemas/children';
import { idSchema } from '../../shared/schemas/content';
import { generatePassword, hashPassword } from '../auth/password';
import { deleteParentSessions } from '../auth/session';
import type { Db } from '../db';
import { isUniqueViolation } from '../db-errors';
import { parentCredentialsEmail } from '../services/mail-templates';
import { sendToParent } from '../services/parent-mail';
import { adminProcedure, router } from '../trpc';

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
  applicationId: enrolledChildren.applicationId,
  createdAt: enrolledChildren.createdAt,
  updatedAt: enrolledChildren.updatedAt,
};

/** What the credentials dialog shows instead of a password it no longer knows (only a hash is kept). */
export const MASKED_PASSWORD = '••••••••';
export const EXISTING_ACCOUNT_MESSAGE = 'This parent already has a Parent Portal account. They can sign in with their existing password.';
const NOT_FOUND = 'Child not found';

function findChild(db: Db, id: string) {
  const child = db.select(childColumns).from(enrolledChildren).where(eq(enrolledChildren.id, id)).get();
  if (!child) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return child;
}

function linkedParentIds(db: Db, childId: string): string[] {
  return db
    .select({ parentId: parentChildRelationships.parentId })
    .from(parentChildRelationships)
    .where(eq(parentChildRelationships.childId, childId))
    .all()
    .map((r) => r.parentId);
}

/**
 * Keeps parent accounts in step with their children. A child leaving (made inactive or removed) closes
 * every linked parent account that has no other active child, and ends its sessions at once; a child
 * coming back re-opens its parents' accounts. Call inside the transaction that changes the child.
 */
export function syncParentAccess(db: Db, childId: string, childActive: boolean): { deactivated: number; reactivated: number } {
  const parentIds = linkedParentIds(db, childId);
  if (parentIds.length === 0) return { deactivated: 0, reactivated: 0 };
  if (childActive) {
    const rows = db.update(parentUsers).set({ isActive: true }).where(and(inArray(parentUsers.id, parentIds), eq(parentUsers.isActive, false))).returning({ id: parentUsers.id }).all();
    return { deactivated: 0, reactivated: rows.length };
  }
  let deactivated = 0;
  for (const parentId of parentIds) {
    const otherActiveChild = db
      .select({ id: enrolledChildren.id })
      .from(parentChildRelationships)
      .innerJoin(enrolledChildren, eq(enrolledChildren.id, parentChildRelationships.childId))
      .where(and(eq(parentChildRelationships.parentId, parentId), ne(enrolledChildren.id, childId), eq(enrolledChildren.isActive, true)))
      .limit(1)
      .get();
    if (otherActiveChild) continue;
    db.update(parentUsers).set({ isActive: false }).where(eq(parentUsers.id, parentId)).run();
    deleteParentSessions(db, parentId);
    deactivated++;
  }
  return { deactivated, reactivated: 0 };
}

/** "Maria de la Cruz" → first "Maria", last "de la Cruz". */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? 'Parent', lastName: parts.slice(1).join(' ') };
}

export const childrenRouter = router({
  /** Every enrolled child, active or not, by name (the tab filters by program and status). */
  list: adminProcedure.query(({ ctx }) => ctx.db.select(childColumns).from(enrolledChildren).orderBy(asc(enrolledChildren.childName)).all()),

  create: adminProcedure.input(childSchema).mutation(({ ctx, input }) => {
    const now = ctx.clock.now();
    return ctx.db.insert(enrolledChildren).values({ ...input, createdAt: now, updatedAt: now }).returning(childColumns).get();
  }),

  update: adminProcedure.input(childUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return ctx.db.transaction(() => {
      const before = findChild(ctx.db, id);
      const child = ctx.db
        .update(enrolledChildren)
        .set({ ...fields, updatedAt: ctx.clock.now() })
        .where(eq(enrolledChildren.id, id))
        .returning(childColumns)
        .get()!;
      if (before.isActive !== child.isActive) syncParentAccess(ctx.db, id, child.isActive);
      return child;
    });
  }),

  /** Removes the child (activities, notes and parent links go with it; receipts keep their history). */
  delete: adminProcedure.input(idSchema).mutation(({ ctx, input }) => {
    return ctx.db.transaction(() => {
      const child = findChild(ctx.db, input);
      syncParentAccess(ctx.db, input, false);
      ctx.db.delete(enrolledChildren).where(eq(enrolledChildren.id, input)).run();
      return { success: true as const, id: child.id, message: `${child.childName} has been removed.` };
    });
  }),

  toggleActive: adminProcedure.input(idSchema).mutation(({ ctx, input }) => {
    return ctx.db.transaction(() => {
      const before = findChild(ctx.db, input);
      const child = ctx.db
        .update(enrolledChildren)
        .set({ isActive: !before.isActive, updatedAt: ctx.clock.now() })
        .where(eq(enrolledChildren.id, input))
        .returning(childColumns)
        .get()!;
      const { deactivated } = syncParentAccess(ctx.db, input, child.isActive);
      const closed = deactivated === 1 ? ' Their parent account has been deactivated.' : deactivated > 1 ? ` ${deactivated} parent accounts have been deactivated.` : '';
      return { success: true as const, child, message: `${child.childName} is now ${child.isActive ? 'active' : 'inactive'}.${closed}` };
    });
  }),

  /**
   * The parent's portal account for this child (SPEC.md §7 generate-parent-login). One account per parent
   * e-mail: a parent with several children gets one login linked to each. A new account gets a random
   * password, stored only as an argon2id hash, e-mailed to the parent and answered once so staff can hand
   * it over if the e-mail fails. An existing account keeps its password; the answer masks it.
   */
  generateParentLogin: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    const child = findChild(ctx.db, input);
    if (!child.isActive) {
      throw new TRPCError({ code: 'CONFLICT', message: `${child.childName} is inactive. Make the child active before creating a parent login.` });
    }
    const email = child.parentEmail.trim().toLowerCase();

    const linkExisting = () =>
      ctx.db.transaction(() => {
        const existing = ctx.db.select({ id: parentUsers.id, isActive: parentUsers.isActive }).from(parentUsers).where(eq(parentUsers.email, email)).get();
        if (!existing) return null;
        ctx.db.insert(parentChildRelationships).values({ parentId: existing.id, childId: child.id, relationship: 'parent', isPrimary: true }).onConflictDoNothing().run();
        // The child is active, so its parent may sign in again.
        if (!existing.isActive) ctx.db.update(parentUsers).set({ isActive: true }).where(eq(parentUsers.id, existing.id)).run();
        return existing.id;
      });

    const existingReply = (parentId: string) => ({
      success: true as const,
      parentId,
      credentials: { email, password: MASKED_PASSWORD },
      isExisting: true,
      emailSent: false,
      emailError: null,
      message: EXISTING_ACCOUNT_MESSAGE,
    });

    const existingId = linkExisting();
    if (existingId) return existingReply(existingId);

    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    const { firstName, lastName } = splitName(child.parentName);
    let parentId: string;
    try {
      // Account and link are committed before any e-mail is attempted: a failed send never loses them.
      parentId = ctx.db.transaction(() => {
        const created = ctx.db.insert(parentUsers).values({ email, firstName, lastName, phone: child.parentPhone, passwordHash, isActive: true }).returning({ id: parentUsers.id }).get();
        ctx.db.insert(parentChildRelationships).values({ parentId: created.id, childId: child.id, relationship: 'parent', isPrimary: true }).run();
        return created.id;
      });
    } catch (err) {
      // Another request created this parent while the password was being hashed: use that account.
      if (isUniqueViolation(err, 'parent_users.email')) {
        const id = linkExisting();
        if (id) return existingReply(id);
      }
      throw err;
    }

    const content = parentCredentialsEmail({ parentName: child.parentName, childName: child.childName, email, password }, ctx.config);
    const outcome = await sendToParent(ctx, email, content, ctx.admin.email, content.text.replaceAll(password, MASKED_PASSWORD));
    const message = outcome.emailSent
      ? outcome.via === 'outbox'
        ? `A Parent Portal account was created for ${email}. No mail server is configured, so the credentials e-mail was kept in the Outbox.`
        : `A Parent Portal account was created for ${email} and the credentials were e-mailed to the parent.`
      : `A Parent Portal account was created for ${email}, but the e-mail could not be sent. Please give the parent these credentials yourself.`;
    return {
      success: true as const,
      parentId,
      credentials: { email, password },
      isExisting: false,
      emailSent: outcome.emailSent,
      emailError: outcome.emailError,
      message,
    };
  }),
});
