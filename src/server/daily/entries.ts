/**
 * Daily sheet entries and photos of the day: the queries and writes behind routers/daily.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { ParentContext, StaffContext } from '../context';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { classrooms, dailyEntries, enrolledChildren } from '~/db/schema';
import { centreDateOf } from '../../shared/centre-time';
import { type idSchema } from '../../shared/schemas/content';
import { type pageSchema } from '../../shared/schemas/development';
import {
  type childDaySchema,
  DETAILS_SCHEMAS,
  type dailyEntryBatchSchema,
  type dailyEntrySchema,
  type dailyEntryUpdateSchema,
  type DailyEntryKind,
  type roomDaySchema,
} from '../../shared/schemas/daily-entries';
import type { Db } from '../db';
import { audited } from '../audit/record';
import { assertCheckedIn, assertMayChangeEntry, assertMayCorrect, entryChildren, placeEntry, presenceOn } from './entry-rules';
import { childPhotosPage, roomPhotos } from './photos';
import { dayTimeline, entryColumns, entryItem, roomEntries, staffItem } from './timeline';
import { parentChildOr404 } from '../parents/access';
import { careFlagsOf } from '../children/care-flags';
import { carePlansOf } from '../health/records';
import { laterStarters } from '../attendance/later-starters';
import { consumeForAccount } from '../services/rate-limit';
import { refuse } from '../refusal';
import { validationError } from '../field-errors';
import type { ErrorKey } from '../../shared/i18n/errors-en';

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
function roomDay(ctx: Pick<StaffContext, 'db' | 'admin'>, classroomId: string | null, date: string) {
  const db = ctx.db;
  const rooms = db.select({ id: classrooms.id, name: classrooms.name }).from(classrooms).orderBy(asc(classrooms.name)).all();
  if (classroomId && !rooms.some((r) => r.id === classroomId)) throw notFound('error.classroomNotFound');
  const children = db
    .select({
      id: enrolledChildren.id,
      childName: enrolledChildren.childName,
      classroomId: enrolledChildren.classroomId,
      photoConsent: enrolledChildren.photoConsent,
      notes: enrolledChildren.notes,
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
  // Each card says whether the child is there (ADR 080): a group entry is for the children present.
  const presence = presenceOn(db, ids, date);
  const carePlans = carePlansOf(db, ids);
  return {
    date,
    classrooms: rooms,
    // Staff only (the procedure is staff's): the allergies and care needs each card shows, not the whole notes.
    children: children.map(({ notes, ...c }) => ({
      ...c,
      ...careFlagsOf(notes, carePlans.get(c.id) ?? null),
      presence: presence.get(c.id) ?? 'absent',
    })),
    entries: roomEntries(db, ids, date),
    photos: roomPhotos(db, ids, date),
    startingLater: laterStarters(ctx, date, classroomId),
  };
}

export function roomOfDay(ctx: StaffContext, input: z.output<typeof roomDaySchema>) {
  return roomDay(ctx, input.classroomId ?? null, input.date ?? centreDateOf(ctx.clock.now()));
}

export function createEntry(ctx: StaffContext, input: z.output<typeof dailyEntrySchema>) {
  consumeForAccount(ctx, ctx.limits.dailyEntries);
  return audited(
    ctx,
    (db) => {
      assertMayCorrect(ctx.admin, input.correction);
      const correction = input.correction === true;
      const children = activeChildren(db, [input.childId]);
      const placed = placeEntry(ctx.clock, ctx.admin, input.kind, input.at, input.details, children);
      assertCheckedIn(db, children, placed, { group: false, correction });
      const row = db
        .insert(dailyEntries)
        .values({ childId: input.childId, kind: input.kind, ...placed, correction, authorId: ctx.admin.id, authorName: ctx.admin.name })
        .returning(entryColumns)
        .get();
      return { item: staffItem(row), placed };
    },
    ({ item, placed: { at, details } }) => ({
      action: 'create',
      entity: 'daily-entry',
      entityId: item.id,
      fields: { childId: input.childId, kind: input.kind, at, ...details, ...(item.correction ? { correction: true } : {}) },
    }),
  ).item;
}

export function createEntries(ctx: StaffContext, input: z.output<typeof dailyEntryBatchSchema>) {
  consumeForAccount(ctx, ctx.limits.dailyEntries);
  const { items } = audited(
    ctx,
    (db) => {
      assertMayCorrect(ctx.admin, input.correction);
      const correction = input.correction === true;
      const children = activeChildren(db, input.childIds);
      const placed = placeEntry(ctx.clock, ctx.admin, input.kind, input.at, input.details, children);
      assertCheckedIn(db, children, placed, { group: true, correction });
      const items = db
        .insert(dailyEntries)
        .values(
          input.childIds.map((childId) => ({
            childId,
            kind: input.kind,
            ...placed,
            correction,
            authorId: ctx.admin.id,
            authorName: ctx.admin.name,
          })),
        )
        .returning(entryColumns)
        .all()
        .map((row) => ({ ...staffItem(row), childId: row.childId }));
      return { items, placed };
    },
    ({ placed: { at, details } }) => ({
      action: 'create',
      entity: 'daily-entry',
      entityId: null,
      fields: { childIds: input.childIds, kind: input.kind, at, ...details, ...(input.correction ? { correction: true } : {}) },
    }),
  );
  return { success: true as const, count: items.length, items };
}

export function updateEntry(ctx: StaffContext, input: z.output<typeof dailyEntryUpdateSchema>) {
  consumeForAccount(ctx, ctx.limits.dailyEntries);
  return audited(
    ctx,
    (db) => {
      assertMayCorrect(ctx.admin, input.correction);
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
      const children = entryChildren(db, [before.childId]);
      const next = placeEntry(
        ctx.clock,
        ctx.admin,
        kind,
        kind === 'nap' ? input.at : (input.at ?? before.at),
        changed ?? current,
        children,
      );
      // Moved or changed, it is still about a child who was there that day; an entry recorded as a correction stays one.
      const correction = before.correction || input.correction === true;
      assertCheckedIn(db, children, next, { group: false, correction });
      const row = db
        .update(dailyEntries)
        .set({ ...next, correction, updatedAt: ctx.clock.now() })
        .where(eq(dailyEntries.id, input.id))
        .returning(entryColumns)
        .get()!;
      return { row, next };
    },
    ({ row, next }) => ({
      action: 'update',
      entity: 'daily-entry',
      entityId: row.id,
      fields: { at: input.at, ...(input.details ? next.details : {}), ...(input.correction ? { correction: true } : {}) },
    }),
  ).row;
}

export function deleteEntry(ctx: StaffContext, input: z.output<typeof idSchema>) {
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
}

export function parentDayOf(ctx: ParentContext, input: z.output<typeof childDaySchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  const date = input.date ?? centreDateOf(ctx.clock.now());
  return { childId: input.childId, date, items: dayTimeline(ctx.db, input.childId, date) };
}

export function parentPhotosPage(ctx: ParentContext, input: z.output<typeof pageSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  return childPhotosPage(ctx.db, input.childId, input.limit, input.cursor);
}
