/**
 * Authorized pickups: who besides the parents may take a child home (ADR 041, ADR 073). Staff add, change and
 * remove people on any child's list, with a note of their own ("ID checked"); a parent adds people to their own
 * children's lists and removes people from them. A person a parent adds may take the child home at once (the
 * check-out matches the list by name); the list says who added each person and when, and staff see it all.
 * Every write checks its rights inside its own transaction and leaves one audit row, whose values are ids only
 * (the names, phones and notes are free text: fields.ts keeps them as `changed`).
 */
import { and, asc, eq } from 'drizzle-orm';
import { authorizedPickups, enrolledChildren } from '~/db/schema';
import { changedFields, recordAudit } from '../audit/record';
import type { Context } from '../context';
import type { Db } from '../db';
import { parentChildOr404 } from '../parents/access';
import { refuse } from '../refusal';

export const PICKUP_NOT_FOUND = 'error.pickupNotFound';
/** A bound on a child's list: a family's circle, not a directory. */
export const PICKUPS_MAX = 30;

/** What staff see of each person: everything, with who added them and when, and the last change. */
const columns = {
  id: authorizedPickups.id,
  childId: authorizedPickups.childId,
  name: authorizedPickups.name,
  relationship: authorizedPickups.relationship,
  phone: authorizedPickups.phone,
  note: authorizedPickups.note,
  addedBy: authorizedPickups.addedBy,
  addedByKind: authorizedPickups.addedByKind,
  createdAt: authorizedPickups.createdAt,
  updatedAt: authorizedPickups.updatedAt,
  updatedByName: authorizedPickups.updatedByName,
};
/** The staff view of a child's list, oldest first. */
export function pickupsOf(db: Db, childId: string) {
  return db
    .select(columns)
    .from(authorizedPickups)
    .where(eq(authorizedPickups.childId, childId))
    .orderBy(asc(authorizedPickups.createdAt), asc(authorizedPickups.id))
    .all();
}
type PickupRow = ReturnType<typeof pickupsOf>[number];

/**
 * What a family sees of a person on their child's list: no staff note; the author's name when a parent added
 * them, "the centre" (null here) when staff did, and when.
 */
function forFamily(p: PickupRow) {
  return {
    id: p.id,
    childId: p.childId,
    name: p.name,
    relationship: p.relationship,
    phone: p.phone,
    addedByKind: p.addedByKind,
    addedBy: p.addedByKind === 'parent' ? p.addedBy : null,
    createdAt: p.createdAt,
  };
}
export type FamilyPickup = ReturnType<typeof forFamily>;

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
interface Parent {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
interface PickupFields {
  name: string;
  relationship: string;
  phone: string;
  note?: string | null;
}

/** A parent's name as the list shows it (their e-mail when the account has no name). */
function parentName(parent: Parent): string {
  return `${parent.firstName} ${parent.lastName}`.trim() || parent.email;
}

function insertPickup(
  ctx: Writing,
  childId: string,
  input: PickupFields,
  author: { kind: 'staff' | 'parent'; id: string; name: string },
  actor?: { id: string; name: string },
): PickupRow {
  if (pickupsOf(ctx.db, childId).length >= PICKUPS_MAX) throw refuse('CONFLICT', 'error.pickupsMax', { max: PICKUPS_MAX });
  const row = ctx.db
    .insert(authorizedPickups)
    .values({
      childId,
      ...input,
      addedBy: author.name,
      addedByKind: author.kind,
      addedById: author.id,
      createdAt: ctx.clock.now(),
    })
    .returning(columns)
    .get();
  recordAudit(ctx.db, ctx, {
    action: 'create',
    entity: 'pickup',
    entityId: row.id,
    fields: { childId, ...input },
    ...(actor ? { actor } : {}),
  });
  return row;
}

function staffOf(ctx: Writing): { id: string; name: string } {
  if (ctx.auth?.kind !== 'admin') throw refuse('FORBIDDEN', 'error.staffOnly');
  return { id: ctx.auth.admin.id, name: ctx.auth.admin.name };
}

/** Staff add a person to a child's list (any child of the centre). */
export function addStaffPickup(ctx: Writing, childId: string, input: PickupFields): PickupRow {
  return ctx.db.transaction(() => {
    staffChildOr404(ctx.db, childId);
    return insertPickup(ctx, childId, input, { kind: 'staff', ...staffOf(ctx) });
  });
}

/** A parent adds a person to their own child's list: usable at once, and the list names them as its author. */
export function addParentPickup(ctx: Writing, parent: Parent, childId: string, input: PickupFields): FamilyPickup {
  return ctx.db.transaction(() => {
    parentChildOr404(ctx.db, parent.id, childId);
    const name = parentName(parent);
    return forFamily(insertPickup(ctx, childId, input, { kind: 'parent', id: parent.id, name }, { id: parent.id, name }));
  });
}

/** A family's view of their child's list; another family's child (or none) answers 404. */
export function familyPickups(db: Db, parentId: string, childId: string): FamilyPickup[] {
  parentChildOr404(db, parentId, childId);
  return pickupsOf(db, childId).map(forFamily);
}

/** Staff change a person's name, relationship, phone or note; the list keeps who changed it last and when. */
export function updatePickup(
  ctx: Writing,
  input: { childId: string; id: string; name?: string; relationship?: string; phone?: string; note?: string | null },
): PickupRow {
  const { childId, id, ...fields } = input;
  return ctx.db.transaction(() => {
    const staff = staffOf(ctx);
    const where = and(eq(authorizedPickups.id, id), eq(authorizedPickups.childId, childId));
    const before = ctx.db.select(columns).from(authorizedPickups).where(where).get();
    if (!before) throw refuse('NOT_FOUND', PICKUP_NOT_FOUND);
    const changed = changedFields(before, fields);
    if (Object.keys(changed).length === 0) return before;
    const row = ctx.db
      .update(authorizedPickups)
      .set({ ...changed, updatedAt: ctx.clock.now(), updatedByName: staff.name })
      .where(where)
      .returning(columns)
      .get()!;
    recordAudit(ctx.db, ctx, { action: 'update', entity: 'pickup', entityId: id, fields: { childId, ...changed }, before });
    return row;
  });
}

function removePickup(ctx: Writing, childId: string, id: string, actor?: { id: string; name: string }) {
  const row = ctx.db
    .delete(authorizedPickups)
    .where(and(eq(authorizedPickups.id, id), eq(authorizedPickups.childId, childId)))
    .returning(columns)
    .get();
  if (!row) throw refuse('NOT_FOUND', PICKUP_NOT_FOUND);
  recordAudit(ctx.db, ctx, {
    action: 'delete',
    entity: 'pickup',
    entityId: id,
    fields: { childId, name: row.name },
    ...(actor ? { actor } : {}),
  });
  return { success: true as const, id };
}

/** Staff remove a person from a child's list. */
export function deletePickup(ctx: Writing, childId: string, id: string) {
  return ctx.db.transaction(() => removePickup(ctx, childId, id));
}

/**
 * A parent removes a person from their own child's list, whoever added them: taking someone off the list only
 * narrows who may take the child home (ADR 073). Another family's child or pickup answers 404.
 */
export function deleteParentPickup(ctx: Writing, parent: Parent, childId: string, id: string) {
  return ctx.db.transaction(() => {
    parentChildOr404(ctx.db, parent.id, childId);
    return removePickup(ctx, childId, id, { id: parent.id, name: parentName(parent) });
  });
}
