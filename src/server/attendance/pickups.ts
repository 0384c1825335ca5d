/** Authorized pickups (issue 32): who besides the parents may take a child home. */
import { and, asc, eq } from 'drizzle-orm';
import { authorizedPickups, enrolledChildren } from '~/db/schema';
import { recordAudit } from '../audit/record';
import type { Context } from '../context';
import type { Db } from '../db';
import { refuse } from '../refusal';

export const PICKUP_NOT_FOUND = 'error.pickupNotFound';
/** A bound on a child's list: a family's circle, not a directory. */
export const PICKUPS_MAX = 30;

const columns = {
  id: authorizedPickups.id,
  childId: authorizedPickups.childId,
  name: authorizedPickups.name,
  relationship: authorizedPickups.relationship,
  phone: authorizedPickups.phone,
  addedBy: authorizedPickups.addedBy,
  createdAt: authorizedPickups.createdAt,
};

export function pickupsOf(db: Db, childId: string) {
  return db
    .select(columns)
    .from(authorizedPickups)
    .where(eq(authorizedPickups.childId, childId))
    .orderBy(asc(authorizedPickups.createdAt), asc(authorizedPickups.id))
    .all();
}

export function staffChildOr404(db: Db, childId: string) {
  const child = db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, childId))
    .get();
  if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
  return child;
}

type Writing = Pick<Context, 'db' | 'clock' | 'auth' | 'ip' | 'config'>;

/**
 * Adds a person to a child's list, with an audit row naming who added them: the staff member, or the parent
 * (a parent's addition is recorded too: the list decides who may take a child home).
 */
export function addPickup(
  ctx: Writing,
  childId: string,
  input: { name: string; relationship: string; phone: string },
  addedBy: { id: string; name: string },
) {
  return ctx.db.transaction(() => {
    if (pickupsOf(ctx.db, childId).length >= PICKUPS_MAX) throw refuse('CONFLICT', 'error.pickupsMax', { max: PICKUPS_MAX });
    const row = ctx.db
      .insert(authorizedPickups)
      .values({ childId, ...input, addedBy: addedBy.name, createdAt: ctx.clock.now() })
      .returning(columns)
      .get();
    recordAudit(ctx.db, ctx, {
      action: 'create',
      entity: 'pickup',
      entityId: row.id,
      fields: { childId, ...input },
      ...(ctx.auth?.kind === 'parent' ? { actor: addedBy } : {}),
    });
    return row;
  });
}

export function deletePickup(ctx: Writing, childId: string, id: string) {
  return ctx.db.transaction(() => {
    const row = ctx.db
      .delete(authorizedPickups)
      .where(and(eq(authorizedPickups.id, id), eq(authorizedPickups.childId, childId)))
      .returning(columns)
      .get();
    if (!row) throw refuse('NOT_FOUND', PICKUP_NOT_FOUND);
    recordAudit(ctx.db, ctx, { action: 'delete', entity: 'pickup', entityId: id, fields: { childId, name: row.name } });
    return { success: true as const, id };
  });
}
