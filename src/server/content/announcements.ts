/**
 * Announcements: the queries and writes behind routers/announcements.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { Context, StaffContext } from '../context';
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import { announcements } from '~/db/schema';
import { centreDateOf } from '../../shared/centre-time';
import { announcementExpirySchema, type announcementSchema, type announcementUpdateSchema } from '../../shared/schemas/content';
import { centreToday } from '../clock';
import { dailyRead } from '../cache/store';
import { audited } from '../audit/record';
import { deleteOr404, updateOr404 } from './writes';
import { checkDayRules } from '../field-errors';
import { refuse } from '../refusal';

const columns = {
  id: announcements.id,
  title: announcements.title,
  content: announcements.content,
  category: announcements.category,
  priority: announcements.priority,
  isPublic: announcements.isPublic,
  createdAt: announcements.createdAt,
  expiresAt: announcements.expiresAt,
};

export function currentAnnouncements(ctx: Context) {
  const read = (isAdmin: boolean) => {
    const current = or(isNull(announcements.expiresAt), gte(announcements.expiresAt, centreToday(ctx.clock)));
    return ctx.db
      .select(columns)
      .from(announcements)
      .where(isAdmin ? current : and(current, eq(announcements.isPublic, true)))
      .orderBy(desc(announcements.createdAt))
      .all();
  };
  // Cached per calendar day in the centre (cache/store.ts): an announcement leaves at midnight.
  return ctx.auth?.kind === 'admin' ? read(true) : dailyRead(ctx, 'announcements.list', () => read(false));
}

export function allAnnouncements(ctx: StaffContext) {
  return ctx.db.select(columns).from(announcements).orderBy(desc(announcements.createdAt)).all();
}

export function createAnnouncement(ctx: StaffContext, input: z.output<typeof announcementSchema>) {
  checkDayRules(announcementExpirySchema(centreToday(ctx.clock)), input);
  const now = ctx.clock.now();
  return audited(
    ctx,
    (db) =>
      db
        .insert(announcements)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning(columns)
        .get(),
    (row) => ({ action: 'create', entity: 'announcement', entityId: row.id, fields: input }),
  );
}

export function updateAnnouncement(ctx: StaffContext, input: z.output<typeof announcementUpdateSchema>) {
  const { id, ...fields } = input;
  const posted = ctx.db.select({ createdAt: announcements.createdAt }).from(announcements).where(eq(announcements.id, id)).get();
  if (!posted) throw refuse('NOT_FOUND', 'error.announcementNotFound');
  // Ending an announcement early is fine; ending it before it was posted is not.
  checkDayRules(announcementExpirySchema(centreDateOf(posted.createdAt)), input);
  return updateOr404(ctx, { table: announcements, columns, entity: 'announcement', notFound: 'error.announcementNotFound' }, id, fields);
}

export function deleteAnnouncement(ctx: StaffContext, input: string) {
  return deleteOr404(ctx, { table: announcements, entity: 'announcement', notFound: 'error.announcementNotFound' }, input);
}
