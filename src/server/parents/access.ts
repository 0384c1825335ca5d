import { and, asc, eq } from 'drizzle-orm';
import { enrolledChildren, parentChildRelationships } from '~/db/schema';
import type { Db } from '../db';
import { cachedRead } from '../cache/store';
import { refuse } from '../refusal';

export const CHILD_NOT_FOUND = 'error.childNotFound';

/** What a parent sees of a child: no notes, no other family's contact details. */
export const parentChildColumns = {
  id: enrolledChildren.id,
  childName: enrolledChildren.childName,
  program: enrolledChildren.program,
  dateOfBirth: enrolledChildren.dateOfBirth,
  startDate: enrolledChildren.startDate,
};

/** The active children linked to this parent, by name. */
export function childrenOfParent(db: Db, parentId: string) {
  return cachedRead(db, `children-of:${parentId}`, () =>
    db
      .select(parentChildColumns)
      .from(parentChildRelationships)
      .innerJoin(enrolledChildren, eq(enrolledChildren.id, parentChildRelationships.childId))
      .where(and(eq(parentChildRelationships.parentId, parentId), eq(enrolledChildren.isActive, true)))
      .orderBy(asc(enrolledChildren.childName), asc(enrolledChildren.id))
      .all(),
  );
}

/**
 * The object-level check of every parent call: the child must be linked to this parent (and active). Any
 * other id, another family's or one that does not exist, answers the same 404, so nothing is learnt.
 */
export function parentChildOr404(db: Db, parentId: string, childId: string) {
  // Read from memory until the next write (a link removed, a child made inactive, is a write).
  const child = cachedRead(db, `parent-child:${parentId}:${childId}`, () =>
    db
      .select(parentChildColumns)
      .from(parentChildRelationships)
      .innerJoin(enrolledChildren, eq(enrolledChildren.id, parentChildRelationships.childId))
      .where(
        and(
          eq(parentChildRelationships.parentId, parentId),
          eq(parentChildRelationships.childId, childId),
          eq(enrolledChildren.isActive, true),
        ),
      )
      .get(),
  );
  if (!child) throw refuse('NOT_FOUND', CHILD_NOT_FOUND);
  return child;
}
