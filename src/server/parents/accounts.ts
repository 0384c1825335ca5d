/**
 * Parent accounts: one per parent e-mail, linked to children through parent_child_relationships. The children
 * router calls these when a child is enrolled, changes parent e-mail, leaves or comes back; the parent portal
 * relies on the links they keep.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { enrolledChildren, parentChildRelationships, parentUsers } from '~/db/schema';
import { deleteParentSessions } from '../auth/session';
import type { Db } from '../db';

export function linkedParentIds(db: Db, childId: string): string[] {
  return db
    .select({ parentId: parentChildRelationships.parentId })
    .from(parentChildRelationships)
    .where(eq(parentChildRelationships.childId, childId))
    .all()
    .map((r) => r.parentId);
}

/**
 * Closes each of these parent accounts that has no active child (other than `leavingChildId`, the child that is
 * going), and ends its sessions at once. Answers how many it closed.
 */
function closeAccountsWithoutActiveChild(db: Db, parentIds: string[], leavingChildId?: string): number {
  let deactivated = 0;
  for (const parentId of parentIds) {
    const otherActiveChild = db
      .select({ id: enrolledChildren.id })
      .from(parentChildRelationships)
      .innerJoin(enrolledChildren, eq(enrolledChildren.id, parentChildRelationships.childId))
      .where(
        and(
          eq(parentChildRelationships.parentId, parentId),
          eq(enrolledChildren.isActive, true),
          leavingChildId ? ne(enrolledChildren.id, leavingChildId) : undefined,
        ),
      )
      .limit(1)
      .get();
    if (otherActiveChild) continue;
    db.update(parentUsers).set({ isActive: false }).where(eq(parentUsers.id, parentId)).run();
    deleteParentSessions(db, parentId);
    deactivated++;
  }
  return deactivated;
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
    const rows = db
      .update(parentUsers)
      .set({ isActive: true })
      .where(and(inArray(parentUsers.id, parentIds), eq(parentUsers.isActive, false)))
      .returning({ id: parentUsers.id })
      .all();
    return { deactivated: 0, reactivated: rows.length };
  }
  return { deactivated: closeAccountsWithoutActiveChild(db, parentIds, childId), reactivated: 0 };
}

/**
 * The child's parent e-mail changed: the child leaves every parent account of another e-mail (so the old
 * address no longer sees the child), and an account left without an active child is closed as in
 * syncParentAccess. Call inside the transaction that changes the child.
 */
export function unlinkOtherParents(db: Db, childId: string, parentEmail: string): void {
  const others = db
    .select({ parentId: parentChildRelationships.parentId })
    .from(parentChildRelationships)
    .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
    .where(and(eq(parentChildRelationships.childId, childId), ne(parentUsers.email, parentEmail)))
    .all()
    .map((r) => r.parentId);
  if (others.length === 0) return;
  db.delete(parentChildRelationships)
    .where(and(eq(parentChildRelationships.childId, childId), inArray(parentChildRelationships.parentId, others)))
    .run();
  closeAccountsWithoutActiveChild(db, others);
}

/** The one account e-mail of a child's parent (accounts are keyed by the lower-cased address). */
export function accountEmail(child: { parentEmail: string }): string {
  return child.parentEmail.trim().toLowerCase();
}

/**
 * Links the existing account of `email` to the child and re-opens it (the child is active, so its parent may
 * sign in). Answers the account id, or null when there is no account. Call inside a transaction.
 */
export function linkExistingAccount(db: Db, email: string, childId: string): string | null {
  const existing = db
    .select({ id: parentUsers.id, isActive: parentUsers.isActive })
    .from(parentUsers)
    .where(eq(parentUsers.email, email))
    .get();
  if (!existing) return null;
  db.insert(parentChildRelationships)
    .values({ parentId: existing.id, childId, relationship: 'parent', isPrimary: true })
    .onConflictDoNothing()
    .run();
  if (!existing.isActive) db.update(parentUsers).set({ isActive: true }).where(eq(parentUsers.id, existing.id)).run();
  return existing.id;
}

/** "Maria de la Cruz" → first "Maria", last "de la Cruz". */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? 'Parent', lastName: parts.slice(1).join(' ') };
}
