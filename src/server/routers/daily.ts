/**
 * Daily sheets (issue 32): what teachers and directors record about each child's day, the room's screen of the
 * Daily sheets tab, and the parent's view of their own child's day and photos. Every staff write is audited and
 * counted against the account's rate (dailyEntries). A teacher may correct any entry of the sheet, not only their
 * own: a room's sheet is kept by the teachers of the room together (one starts a nap, another ends it), and the
 * audit log says who changed what.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { classrooms, dailyEntries, enrolledChildren } from '~/db/schema';
import { centreDateOf } from '../../shared/centre-time';
import { idSchema } from '../../shared/schemas/content';
import { pageSchema } from '../../shared/schemas/development';
import {
  childDaySchema,
  DETAILS_SCHEMAS,
  dailyEntryBatchSchema,
  dailyEntrySchema,
  dailyEntryUpdateSchema,
  type DailyEntryKind,
  FUTURE_MESSAGE,
  FUTURE_SLACK_MS,
  roomDaySchema,
} from '../../shared/schemas/daily-entries';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { audited } from '../audit/record';
import { childPhotosPage, roomPhotos } from '../daily/photos';
import { dayTimeline, entryColumns, entryItem, roomEntries } from '../daily/timeline';
import { parentChildOr404 } from '../parents/access';
import { consumeForAccount } from '../services/rate-limit';
import { parentProcedure, router, staffProcedure } from '../trpc';

const notFound = (what: string) => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** Active children by id; any id that is not one is a 404 (nothing is written). */
function activeChildren(db: Db, ids: string[]) {
  const rows = db
    .select({ id: enrolledChildren.id })
    .from(enrolledChildren)
    .where(and(inArray(enrolledChildren.id, ids), eq(enrolledChildren.isActive, true)))
    .all();
  if (rows.length !== new Set(ids).size) throw notFound('Child');
}

/**
 * The entry's moment (`at`, else a nap's start, else now) and its details as stored (moments as ISO strings). A
 * moment ahead of the clock is refused: a sheet records what happened.
 */
function placed(clock: Clock, kind: DailyEntryKind, at: Date | undefined, details: Record<string, unknown>) {
  const now = clock.now().getTime();
  const nap = kind === 'nap' ? (details as { start: Date; end: Date | null }) : null;
  const moment = at ?? nap?.start ?? new Date(now);
  for (const m of [moment, nap?.start, nap?.end]) if (m && m.getTime() > now + FUTURE_SLACK_MS) throw badRequest(FUTURE_MESSAGE);
  const stored = nap ? { ...details, start: nap.start.toISOString(), end: nap.end ? nap.end.toISOString() : null } : details;
  return { at: moment, date: centreDateOf(moment), details: stored };
}

/** What a room's screen shows: its children (every active child when no room is chosen) and the day's entries and photos. */
function roomDay(db: Db, classroomId: string | null, date: string) {
  const rooms = db.select({ id: classrooms.id, name: classrooms.name }).from(classrooms).orderBy(asc(classrooms.name)).all();
  if (classroomId && !rooms.some((r) => r.id === classroomId)) throw notFound('Classroom');
  const children = db
    .select({
      id: enrolledChildren.id,
      childName: enrolledChildren.childName,
      classroomId: enrolledChildren.classroomId,
      photoConsent: enrolledChildren.photoConsent,
    })
    .from(enrolledChildren)
    // Active children who have started by that day, as on the Attendance tab.
    .where(
      and(
        eq(enrolledChildren.isActive, true),
        lte(enrolledChildren.startDate, date),
        classroomId ? eq(enrolledChildren.classroomId, classroomId) : undefined,
      ),
    )
    .orderBy(asc(enrolledChildren.childName), asc(enrolledChildren.id))
    .all();
  const ids = children.map((c) => c.id);
  return { date, classrooms: rooms, children, entries: roomEntries(db, ids, date), photos: roomPhotos(db, ids, date) };
}

export const dailyRouter = router({
  /** The Daily sheets tab: the rooms, and the chosen room's children with the day's entries and photos. */
  room: staffProcedure
    .input(roomDaySchema)
    .query(({ ctx, input }) => roomDay(ctx.db, input.classroomId ?? null, input.date ?? centreDateOf(ctx.clock.now()))),

  /** POST /api/admin/daily-entries. */
  create: staffProcedure.input(dailyEntrySchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.dailyEntries);
    activeChildren(ctx.db, [input.childId]);
    const { at, date, details } = placed(ctx.clock, input.kind, input.at, input.details);
    return audited(
      ctx,
      (db) =>
        entryItem(
          db
            .insert(dailyEntries)
            .values({ childId: input.childId, kind: input.kind, at, date, details, authorId: ctx.admin.id, authorName: ctx.admin.name })
            .returning(entryColumns)
            .get(),
        ),
      (row) => ({
        action: 'create',
        entity: 'daily-entry',
        entityId: row.id,
        fields: { childId: input.childId, kind: input.kind, at, ...details },
      }),
    );
  }),

  /** POST /api/admin/daily-entries/batch: one entry for several children, one audit row naming them all. */
  batch: staffProcedure.input(dailyEntryBatchSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.dailyEntries);
    activeChildren(ctx.db, input.childIds);
    const { at, date, details } = placed(ctx.clock, input.kind, input.at, input.details);
    const items = audited(
      ctx,
      (db) =>
        db
          .insert(dailyEntries)
          .values(
            input.childIds.map((childId) => ({
              childId,
              kind: input.kind,
              at,
              date,
              details,
              authorId: ctx.admin.id,
              authorName: ctx.admin.name,
            })),
          )
          .returning(entryColumns)
          .all()
          .map((row) => ({ ...entryItem(row), childId: row.childId })),
      () => ({
        action: 'create',
        entity: 'daily-entry',
        entityId: null,
        fields: { childIds: input.childIds, kind: input.kind, at, ...details },
      }),
    );
    return { success: true as const, count: items.length, items };
  }),

  /** PATCH /api/admin/daily-entries/{id}: a new time and/or details, checked against the entry's own kind. */
  update: staffProcedure.input(dailyEntryUpdateSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.dailyEntries);
    const before = ctx.db.select(entryColumns).from(dailyEntries).where(eq(dailyEntries.id, input.id)).get();
    if (!before) throw notFound('Entry');
    const kind = before.kind as DailyEntryKind;
    let details: Record<string, unknown> = entryItem(before).details as Record<string, unknown>;
    if (input.details) {
      const parsed = DETAILS_SCHEMAS[kind].safeParse(input.details);
      if (!parsed.success)
        throw new TRPCError({ code: 'BAD_REQUEST', message: parsed.error.issues[0]?.message ?? 'Invalid details', cause: parsed.error });
      details = parsed.data as Record<string, unknown>;
    }
    const next = placed(ctx.clock, kind, input.at ?? (kind === 'nap' && input.details ? undefined : before.at), details);
    return audited(
      ctx,
      (db) =>
        db
          .update(dailyEntries)
          .set({ ...next, updatedAt: ctx.clock.now() })
          .where(eq(dailyEntries.id, input.id))
          .returning(entryColumns)
          .get(),
      (row) => ({
        action: 'update',
        entity: 'daily-entry',
        entityId: row.id,
        fields: { at: input.at, ...(input.details ? next.details : {}) },
      }),
    );
  }),

  /** DELETE /api/admin/daily-entries/{id}. */
  delete: staffProcedure.input(idSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.dailyEntries);
    const gone = audited(
      ctx,
      (db) =>
        db.delete(dailyEntries).where(eq(dailyEntries.id, input)).returning({ id: dailyEntries.id, childId: dailyEntries.childId }).get(),
      (row) => ({ action: 'delete', entity: 'daily-entry', entityId: row.id, fields: { childId: row.childId } }),
    );
    if (!gone) throw notFound('Entry');
    return { success: true as const, id: input };
  }),

  /** GET /api/parent/daily-entries/{childId}?date=: the day's timeline (today in Columbus by default), newest first. */
  parentDay: parentProcedure.input(childDaySchema).query(({ ctx, input }) => {
    parentChildOr404(ctx.db, ctx.parent.id, input.childId);
    const date = input.date ?? centreDateOf(ctx.clock.now());
    return { childId: input.childId, date, items: dayTimeline(ctx.db, input.childId, date) };
  }),

  /** GET /api/parent/children/{id}/photos?cursor=: the child's photos of the day, newest first, a page at a time. */
  parentPhotos: parentProcedure.input(pageSchema).query(({ ctx, input }) => {
    parentChildOr404(ctx.db, ctx.parent.id, input.childId);
    return childPhotosPage(ctx.db, input.childId, input.limit, input.cursor);
  }),
});
