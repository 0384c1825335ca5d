/**
 * Events and the public calendar: the queries and writes behind routers/events.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { Context, StaffContext } from '../context';
import { asc, eq } from 'drizzle-orm';
import { events } from '~/db/schema';
import { type eventSchema, type eventUpdateSchema } from '../../shared/schemas/content';
import type { Language } from '../../shared/i18n/languages';
import { deleteOr404, updateOr404 } from './writes';
import { cachedRead, dailyRead } from '../cache/store';
import { audited } from '../audit/record';
import { eventsCalendar, loadCalendarLibrary } from './events-calendar';

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

export function upcomingEvents(ctx: Context) {
  const read = (isAdmin: boolean) =>
    ctx.db
      .select(columns)
      .from(events)
      .where(isAdmin ? undefined : eq(events.isPublic, true))
      .orderBy(asc(events.eventDate), asc(events.startTime))
      .all();
  return ctx.auth?.kind === 'admin' ? read(true) : dailyRead(ctx, 'events.list', () => read(false));
}

export async function calendarFeed(ctx: Context, language: Language) {
  await loadCalendarLibrary();
  return cachedRead(ctx.db, `events.calendar:${language}`, () =>
    eventsCalendar(
      ctx.db
        .select({ ...columns, updatedAt: events.updatedAt })
        .from(events)
        .where(eq(events.isPublic, true))
        .orderBy(asc(events.eventDate), asc(events.startTime), asc(events.id))
        .all(),
      ctx.config.publicUrl,
      language,
    ),
  );
}

export function allEvents(ctx: StaffContext) {
  return ctx.db.select(columns).from(events).orderBy(asc(events.eventDate), asc(events.startTime)).all();
}

export function createEvent(ctx: StaffContext, input: z.output<typeof eventSchema>) {
  return audited(
    ctx,
    (db) => db.insert(events).values(input).returning(columns).get(),
    (row) => ({ action: 'create', entity: 'event', entityId: row.id, fields: input }),
  );
}

/** Replaces every field of the event (the create form's rules); 404 for an unknown id. */
export function updateEvent(ctx: StaffContext, input: z.output<typeof eventUpdateSchema>) {
  const { id, ...fields } = input;
  return updateOr404(ctx, { table: events, columns, entity: 'event', notFound: 'error.eventNotFound' }, id, fields);
}

export function deleteEvent(ctx: StaffContext, input: string) {
  return deleteOr404(ctx, { table: events, entity: 'event', notFound: 'error.eventNotFound' }, input);
}
