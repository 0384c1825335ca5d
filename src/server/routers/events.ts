import { calendarInput, eventSchema, eventUpdateSchema, idSchema } from '../../shared/schemas/content';
import { directorProcedure, publicProcedure, router } from '../trpc';
import { allEvents, calendarFeed, createEvent, deleteEvent, upcomingEvents, updateEvent } from '../content/events';

export const eventsRouter = router({
  /**
   * Public events to everyone; staff also see the private ones (GET /api/events answers both). The dashboard
   * reads `all` instead, so an ended session there is a 401, not a quietly shorter list.
   */
  list: publicProcedure.query(({ ctx }) => upcomingEvents(ctx)),

  /**
   * The public events as an iCalendar feed (GET /api/events.ics): only public events, whoever asks (a director's
   * phone subscribed with a session gets the same feed as a family's), made again only after a write. Named in
   * the language asked for (`?lang=es`), English by default.
   */
  calendar: publicProcedure.input(calendarInput).query(({ ctx, input }) => calendarFeed(ctx, input?.lang ?? 'en')),

  /** Every event, public and private: the dashboard's Events tab. */
  all: directorProcedure.query(({ ctx }) => allEvents(ctx)),

  create: directorProcedure.input(eventSchema).mutation(({ ctx, input }) => createEvent(ctx, input)),

  /** Replaces every field of the event (the create form's rules); 404 for an unknown id. */
  update: directorProcedure.input(eventUpdateSchema).mutation(({ ctx, input }) => updateEvent(ctx, input)),

  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) => deleteEvent(ctx, input)),
});
