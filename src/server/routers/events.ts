import { asc, eq } from 'drizzle-orm';
import { events } from '~/db/schema';
import { eventSchema, eventUpdateSchema, idSchema } from '../../shared/schemas/content';
import { cachedRead, dailyRead } from '../cache/store';
import { audited } from '../audit/record';
import { directorProcedure, publicProcedure, router } from '../trpc';
import { deleteOr404, updateOr404 } from './content-writes';
import { eventsCalendar } from '../services/events-calendar';

const columns = {
  id: events.id,
  title: events.title,
  description: events.description,
  eventDate: events.eventDate,
  startTime: events.startTime,
  endTime: events.endTime,
  category: events.category,
  isPublic: events.isPublic,
  location: events.location,
  createdAt: events.createdAt,
};

export const eventsRouter = router({
  /**
   * Public events to everyone; staff also see the private ones (GET /api/events answers both). The dashboard
   * reads `all` instead, so an ended session there is a 401, not a quietly shorter list.
   */
  list: publicProcedure.query(({ ctx }) => {
    const read = (isAdmin: boolean) =>
      ctx.db
        .select(columns)
        .from(events)
        .where(isAdmin ? undefined : eq(events.isPublic, true))
        .orderBy(asc(events.eventDate), asc(events.startTime))
        .all();
    return ctx.auth?.kind === 'admin' ? read(true) : dailyRead(ctx, 'events.list', () => read(false));
  }),

  /**
   * The public events as an iCalendar feed (GET /api/events.ics): only public events, whoever asks (a director's
   * phone subscribed with a session gets the same feed as a family's), made again only after a write.
   */
  calendar: publicProcedure.query(({ ctx }) =>
    cachedRead(ctx.db, 'events.calendar', () =>
      eventsCalendar(
        ctx.db
          .select({ ...columns, updatedAt: events.updatedAt })
          .from(events)
          .where(eq(events.isPublic, true))
          .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id))
          .all(),
        ctx.config.publicUrl,
      ),
    ),
  ),

  /** Every event, public and private: the dashboard's Events tab. */
  all: directorProcedure.query(({ ctx }) =>
    ctx.db.select(columns).from(events).orderBy(asc(events.eventDate), asc(events.startTime)).all(),
  ),

  create: directorProcedure.input(eventSchema).mutation(({ ctx, input }) => {
    return audited(
      ctx,
      (db) => db.insert(events).values(input).returning(columns).get(),
      (row) => ({ action: 'create', entity: 'event', entityId: row.id, fields: input }),
    );
  }),

  /** Replaces every field of the event (the create form's rules); 404 for an unknown id. */
  update: directorProcedure.input(eventUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    return updateOr404(ctx, { table: events, columns, entity: 'event', notFound: 'error.eventNotFound' }, id, fields);
  }),

  delete: directorProcedure
    .input(idSchema)
    .mutation(({ ctx, input }) => deleteOr404(ctx, { table: events, entity: 'event', notFound: 'error.eventNotFound' }, input)),
});
