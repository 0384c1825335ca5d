/**
 * Daily sheets (issue 32): what teachers and directors record about each child's day, the room's screen of the
 * Daily sheets tab, and the parent's view of their own child's day and photos. Every staff write is audited and
 * counted against the account's rate (dailyEntries). A teacher changes or deletes only the entries they recorded,
 * of the last 31 days, and may end any nap still going on (a room's teachers share the naps); a director any
 * (daily/entry-rules.ts, ADR 066), checked inside the write's transaction.
 */
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
  roomDaySchema,
} from '../../shared/schemas/daily-entries';
import type { Db } from '../db';
import { audited } from '../audit/record';
import { assertMayChangeEntry, entryChildren, placeEntry } from '../daily/entry-rules';
import { childPhotosPage, roomPhotos } from '../daily/photos';
import { dayTimeline, entryColumns, entryItem, roomEntries } from '../daily/timeline';
import { parentChildOr404 } from '../parents/access';
import { consumeForAccount } from '../services/rate-limit';
import { parentProcedure, router, staffProcedure } from '../trpc';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { validationError } from '../field-errors';
import { refuse } from '../refusal';

const notFound = (id: ErrorKey) => refuse('NOT_FOUND', id);

/** Active children by id, with their first day; any id that is not one is a 404 (nothing is written). */
function activeChildren(db: Db, ids: string[]) {
  const rows = db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName, startDate: enrolledChildren.startDate })
    .from(enrolledChildren)
    .where(and(inArray(enrolledChildren.id, ids), eq(enrolledChildren.isActive, true)))
    .all();
  if (rows.length !== new Set(ids).size) throw notFound('error.childNotFound');
  return rows;
}

/** What a room's screen shows: its children (every active child when no room is chosen) and the day's entries and photos. */
function roomDay(db: Db, classroomId: string | null, date: string) {
  const rooms = db.select({ id: classrooms.id, name: classrooms.name }).from(classrooms).orderBy(asc(classrooms.name)).all();
  if (classroomId && !rooms.some((r) => r.id === classroomId)) throw notFound('error.classroomNotFound');
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
    return audited(
      ctx,
      (db) => {
        const children = activeChildren(db, [input.childId]);
        const placed = placeEntry(ctx.clock, ctx.admin, input.kind, input.at, input.details, children);
        const row = db
          .insert(dailyEntries)
          .values({ childId: input.childId, kind: input.kind, ...placed, authorId: ctx.admin.id, authorName: ctx.admin.name })
          .returning(entryColumns)
          .get();
        return { item: entryItem(row), placed };
      },
      ({ item, placed: { at, details } }) => ({
        action: 'create',
        entity: 'daily-entry',
        entityId: item.id,
        fields: { childId: input.childId, kind: input.kind, at, ...details },
      }),
    ).item;
  }),

  /** POST /api/admin/daily-entries/batch: one entry for several children, one audit row naming them all. */
  batch: staffProcedure.input(dailyEntryBatchSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.dailyEntries);
    const { items } = audited(
      ctx,
      (db) => {
        const children = activeChildren(db, input.childIds);
        const placed = placeEntry(ctx.clock, ctx.admin, input.kind, input.at, input.details, children);
        const items = db
          .insert(dailyEntries)
          .values(
            input.childIds.map((childId) => ({
              childId,
              kind: input.kind,
              ...placed,
              authorId: ctx.admin.id,
              authorName: ctx.admin.name,
            })),
          )
          .returning(entryColumns)
          .all()
          .map((row) => ({ ...entryItem(row), childId: row.childId }));
        return { items, placed };
      },
      ({ placed: { at, details } }) => ({
        action: 'create',
        entity: 'daily-entry',
        entityId: null,
        fields: { childIds: input.childIds, kind: input.kind, at, ...details },
      }),
    );
    return { success: true as const, count: items.length, items };
  }),

  /**
   * PATCH /api/admin/daily-entries/{id}: a new time and/or details, checked against the entry's own kind; a nap's
   * time is its start. Who may change it and to when: daily/entry-rules.ts.
   */
  update: staffProcedure.input(dailyEntryUpdateSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.dailyEntries);
    return audited(
      ctx,
      (db) => {
        const before = db
          .select({ ...entryColumns, authorId: dailyEntries.authorId })
          .from(dailyEntries)
          .where(eq(dailyEntries.id, input.id))
          .get();
        if (!before) throw notFound('error.entryNotFound');
        const kind = before.kind as DailyEntryKind;
        const current = entryItem(before).details as Record<string, unknown>;
        let changed: Record<string, unknown> | null = null;
        if (input.details) {
          const parsed = DETAILS_SCHEMAS[kind].safeParse(input.details);
          if (!parsed.success) throw validationError(parsed.error);
          changed = parsed.data as Record<string, unknown>;
        }
        assertMayChangeEntry(ctx.admin, ctx.clock.now(), { ...before, kind, details: current }, { at: input.at, details: changed });
        const next = placeEntry(
          ctx.clock,
          ctx.admin,
          kind,
          kind === 'nap' ? input.at : (input.at ?? before.at),
          changed ?? current,
          entryChildren(db, [before.childId]),
        );
        const row = db
          .update(dailyEntries)
          .set({ ...next, updatedAt: ctx.clock.now() })
          .where(eq(dailyEntries.id, input.id))
          .returning(entryColumns)
          .get()!;
        return { row, next };
      },
      ({ row, next }) => ({
        action: 'update',
        entity: 'daily-entry',
        entityId: row.id,
        fields: { at: input.at, ...(input.details ? next.details : {}) },
      }),
    ).row;
  }),

  /** DELETE /api/admin/daily-entries/{id}: a teacher's own entries only (daily/entry-rules.ts). */
  delete: staffProcedure.input(idSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.dailyEntries);
    audited(
      ctx,
      (db) => {
        const before = db
          .select({
            id: dailyEntries.id,
            childId: dailyEntries.childId,
            kind: dailyEntries.kind,
            date: dailyEntries.date,
            authorId: dailyEntries.authorId,
          })
          .from(dailyEntries)
          .where(eq(dailyEntries.id, input))
          .get();
        if (!before) throw notFound('error.entryNotFound');
        assertMayChangeEntry(ctx.admin, ctx.clock.now(), { ...before, kind: before.kind as DailyEntryKind, details: {} });
        db.delete(dailyEntries).where(eq(dailyEntries.id, input)).run();
        return before;
      },
      (row) => ({ action: 'delete', entity: 'daily-entry', entityId: row.id, fields: { childId: row.childId } }),
    );
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
