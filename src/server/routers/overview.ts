import { asc, count, desc, gte } from 'drizzle-orm';
import { announcements, enrolledChildren, enrollmentApplications, events } from '../../../db/schema';
import { centreToday } from '../clock';
import { directorProcedure, router } from '../trpc';

/** SPEC.md §9: the overview lists 5 items each. */
export const OVERVIEW_LIST_SIZE = 5;

export const overviewRouter = router({
  /** The dashboard's first screen in one call: four counts, the newest applications, the next events. */
  counts: directorProcedure.query(({ ctx }) => {
    const total = (table: typeof events | typeof announcements | typeof enrollmentApplications | typeof enrolledChildren) =>
      ctx.db.select({ n: count() }).from(table).get()?.n ?? 0;
    return {
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
  }),
});
