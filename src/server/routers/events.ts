import { TRPCError } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import { events } from '../../../db/schema';
import { eventSchema, eventUpdateSchema, idSchema } from '../../shared/schemas/content';
import { dailyRead } from '../cache/store';
import { adminProcedure, publicProcedure, router } from '../trpc';

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

  /** Every event, public and private: the dashboard's Events tab. */
  all: adminProcedure.query(({ ctx }) => ctx.db.select(columns).from(events).orderBy(asc(events.eventDate), asc(events.startTime)).all()),

  create: adminProcedure.input(eventSchema).mutation(({ ctx, input }) => {
    return ctx.db.insert(events).values(input).returning(columns).get();
  }),

  /** Replaces every field of the event (the create form's rules); 404 for an unknown id. */
  update: adminProcedure.input(eventUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    const event = ctx.db
      .update(events)
      .set({ ...fields, updatedAt: ctx.clock.now() })
      .where(eq(events.id, id))
      .returning(columns)
      .get();
    if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: 'Event not found' });
    return event;
  }),

  delete: adminProcedure.input(idSchema).mutation(({ ctx, input }) => {
    const gone = ctx.db.delete(events).where(eq(events.id, input)).returning({ id: events.id }).get();
    if (!gone) throw new TRPCError({ code: 'NOT_FOUND', message: 'Event not found' });
    return { success: true as const, id: gone.id };
  }),
});
