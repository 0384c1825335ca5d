/**
 * The children enrolled ahead of their first day (ADR 081). The Attendance tab and the Daily sheets list a child from
 * that day on; until then these name them and their first day, so nobody wonders where a child went. Only for the
 * rooms the caller may see: a director every room (and the children in none), a teacher the rooms she is on the
 * staff of (Classrooms tab).
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { classroomStaff, enrolledChildren } from '~/db/schema';
import type { StaffContext } from '../context';

export type LaterStarter = { childId: string; childName: string; startDate: string; classroomId: string | null };

/** Active children whose first day is after `date`, soonest first; within `classroomId` when one is chosen. */
export function laterStarters(ctx: Pick<StaffContext, 'db' | 'admin'>, date: string, classroomId: string | null = null): LaterStarter[] {
  const rooms =
    ctx.admin.role === 'director'
      ? null
      : ctx.db
          .select({ id: classroomStaff.classroomId })
          .from(classroomStaff)
          .where(eq(classroomStaff.staffId, ctx.admin.id))
          .all()
          .map((r) => r.id);
  if (rooms && (rooms.length === 0 || (classroomId && !rooms.includes(classroomId)))) return [];
  return ctx.db
    .select({
      childId: enrolledChildren.id,
      childName: enrolledChildren.childName,
      startDate: enrolledChildren.startDate,
      classroomId: enrolledChildren.classroomId,
    })
    .from(enrolledChildren)
    .where(
      and(
        eq(enrolledChildren.isActive, true),
        gt(enrolledChildren.startDate, date),
        classroomId ? eq(enrolledChildren.classroomId, classroomId) : undefined,
        rooms ? inArray(enrolledChildren.classroomId, rooms) : undefined,
      ),
    )
    .orderBy(asc(enrolledChildren.startDate), asc(enrolledChildren.childName), asc(enrolledChildren.id))
    .all();
}
