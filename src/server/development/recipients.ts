import { and, eq } from 'drizzle-orm';
import { enrolledChildren, parentChildRelationships, parentUsers } from '~/db/schema';
import type { Db } from '../db';

/**
 * Who hears about a child: the parent e-mail on the child's record and every active parent account linked
 * to the child, each address once (accounts are keyed by the lower-cased address).
 */
export function linkedParentRecipients(db: Db, childId: string): { email: string; name: string }[] {
  const child = db
    .select({ parentEmail: enrolledChildren.parentEmail, parentName: enrolledChildren.parentName })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, childId))
    .get();
  const out = new Map<string, { email: string; name: string }>();
  if (child) out.set(child.parentEmail.trim().toLowerCase(), { email: child.parentEmail.trim().toLowerCase(), name: child.parentName });
  const accounts = db
    .select({ email: parentUsers.email, firstName: parentUsers.firstName, lastName: parentUsers.lastName })
    .from(parentChildRelationships)
    .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
    .where(and(eq(parentChildRelationships.childId, childId), eq(parentUsers.isActive, true)))
    .all();
  for (const a of accounts) if (!out.has(a.email)) out.set(a.email, { email: a.email, name: `${a.firstName} ${a.lastName}`.trim() });
  return [...out.values()];
}
