/**
 * The dashboard's figures: the queries behind routers/overview.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { StaffContext } from '../context';
import { asc, count, desc, eq, gte } from 'drizzle-orm';
import { announcements, enrolledChildren, enrollmentApplications, events } from '~/db/schema';
import { centreToday } from '../clock';
import type { Db } from '../db';
import { communicationAttention } from '../communications/messages';

/** docs/product.md §9: the overview lists 5 items each. */
export const OVERVIEW_LIST_SIZE = 5;

/**
 * What families did that staff have not looked at yet: unread messages and new uploads (the Communication
 * tab's badge) and applications still pending (the Applications tab's badge).
 */
function attention(db: Db) {
  const newApplications =
    db.select({ n: count() }).from(enrollmentApplications).where(eq(enrollmentApplications.status, 'pending')).get()?.n ?? 0;
  return { ...communicationAttention(db), newApplications };
}

export function attentionCounts(ctx: StaffContext) {
  return attention(ctx.db);
}

export function overviewCounts(ctx: StaffContext) {
  const total = (table: typeof events | typeof announcements | typeof enrollmentApplications | typeof enrolledChildren) =>
    ctx.db.select({ n: count() }).from(table).get()?.n ?? 0;
  return {
    attention: attention(ctx.db),
    counts: {
      events: total(events),
      announcements: total(announcements),
      applications: total(enrollmentApplications),
      enrolledChildren: total(enrolledChildren),
    },
    applications: ctx.db
      .select({
        id: enrollmentApplications.id,
        childFirstName: enrollmentApplications.childFirstName,
        childLastName: enrollmentApplications.childLastName,
        parentFirstName: enrollmentApplications.parentFirstName,
        parentLastName: enrollmentApplications.parentLastName,
        programRequested: enrollmentApplications.programRequested,
        status: enrollmentApplications.status,
        createdAt: enrollmentApplications.createdAt,
      })
      .from(enrollmentApplications)
      .orderBy(desc(enrollmentApplications.createdAt))
      .limit(OVERVIEW_LIST_SIZE)
      .all(),
    events: ctx.db
      .select({
        id: events.id,
        title: events.title,
        eventDate: events.eventDate,
        startTime: events.startTime,
        category: events.category,
        isPublic: events.isPublic,
      })
      .from(events)
      .where(gte(events.eventDate, centreToday(ctx.clock)))
      .orderBy(asc(events.eventDate), asc(events.startTime))
      .limit(OVERVIEW_LIST_SIZE)
      .all(),
  };
}
