/**
 * Reading a child's activities and development notes: the one place that decides ordering, pages, the
 * week boundary and what a parent may see (never a private note). Both the admin and the parent routers
 * read through here.
 */
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import { dailyActivities, developmentNotes } from '../../../db/schema';
import { centreDateOf, centreRange, weekOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { cachedRead } from '../services/read-cache';

export const activityColumns = {
  id: dailyActivities.id,
  childId: dailyActivities.childId,
  activityDate: dailyActivities.activityDate,
  category: dailyActivities.category,
  title: dailyActivities.title,
  description: dailyActivities.description,
  duration: dailyActivities.duration,
  skillsPracticed: dailyActivities.skillsPracticed,
  enjoymentLevel: dailyActivities.enjoymentLevel,
  participationLevel: dailyActivities.participationLevel,
  notes: dailyActivities.notes,
  createdAt: dailyActivities.createdAt,
};

export const noteColumns = {
  id: developmentNotes.id,
  childId: developmentNotes.childId,
  authorName: developmentNotes.authorName,
  category: developmentNotes.category,
  title: developmentNotes.title,
  content: developmentNotes.content,
  skillsObserved: developmentNotes.skillsObserved,
  developmentAreas: developmentNotes.developmentAreas,
  isPrivate: developmentNotes.isPrivate,
  createdAt: developmentNotes.createdAt,
};

/** Who reads: staff see private notes, parents never do. */
export type Audience = 'staff' | 'parent';

function notesVisibleTo(audience: Audience, childId: string) {
  return audience === 'staff' ? eq(developmentNotes.childId, childId) : and(eq(developmentNotes.childId, childId), eq(developmentNotes.isPrivate, false));
}

const BAD_CURSOR = () => new TRPCError({ code: 'BAD_REQUEST', message: 'The page cursor is not valid' });

/**
 * Newest first: by activity date, then by when it was entered. Keyset pages (`cursor` = the last row's
 * date, time and id), so a page stays right while staff add activities.
 */
export function activitiesPage(db: Db, childId: string, limit: number, cursor?: string | null) {
  return cachedRead(db, `activities:${childId}:${limit}:${cursor ?? ''}`, () => readActivitiesPage(db, childId, limit, cursor));
}

function readActivitiesPage(db: Db, childId: string, limit: number, cursor?: string | null) {
  let after;
  if (cursor) {
    const [date, ms, id] = cursor.split('|');
    const at = Number(ms);
    if (!date || !id || !Number.isFinite(at)) throw BAD_CURSOR();
    const created = new Date(at);
    after = or(
      lt(dailyActivities.activityDate, date),
      and(eq(dailyActivities.activityDate, date), or(lt(dailyActivities.createdAt, created), and(eq(dailyActivities.createdAt, created), lt(dailyActivities.id, id)))),
    );
  }
  const rows = db
    .select(activityColumns)
    .from(dailyActivities)
    .where(and(eq(dailyActivities.childId, childId), after))
    .orderBy(desc(dailyActivities.activityDate), desc(dailyActivities.createdAt), desc(dailyActivities.id))
    .limit(limit + 1)
    .all();
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? `${last.activityDate}|${last.createdAt.getTime()}|${last.id}` : null };
}

/** Newest first by when the note was written; keyset pages as for activities. */
export function notesPage(db: Db, audience: Audience, childId: string, limit: number, cursor?: string | null) {
  return cachedRead(db, `notes:${audience}:${childId}:${limit}:${cursor ?? ''}`, () => readNotesPage(db, audience, childId, limit, cursor));
}

function readNotesPage(db: Db, audience: Audience, childId: string, limit: number, cursor?: string | null) {
  let after;
  if (cursor) {
    const [ms, id] = cursor.split('|');
    const at = Number(ms);
    if (!id || !Number.isFinite(at)) throw BAD_CURSOR();
    const created = new Date(at);
    after = or(lt(developmentNotes.createdAt, created), and(eq(developmentNotes.createdAt, created), lt(developmentNotes.id, id)));
  }
  const rows = db
    .select(noteColumns)
    .from(developmentNotes)
    .where(and(notesVisibleTo(audience, childId), after))
    .orderBy(desc(developmentNotes.createdAt), desc(developmentNotes.id))
    .limit(limit + 1)
    .all();
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? `${last.createdAt.getTime()}|${last.id}` : null };
}

/** Distinct skills (first spelling kept, compared without case) of the child's activities in an optional date range. */
function distinctSkills(db: Db, childId: string, start?: string, end?: string): string[] {
  const rows = db
    .select({ skill: sql<string>`trim(j.value)` })
    .from(sql`${dailyActivities}, json_each(${dailyActivities.skillsPracticed}) as j`)
    .where(and(eq(dailyActivities.childId, childId), start ? gte(dailyActivities.activityDate, start) : undefined, end ? lte(dailyActivities.activityDate, end) : undefined))
    .orderBy(dailyActivities.activityDate)
    .all();
  const seen = new Map<string, string>();
  for (const { skill } of rows) if (skill && !seen.has(skill.toLowerCase())) seen.set(skill.toLowerCase(), skill);
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/**
 * Figures for a date range (inclusive calendar dates in the centre). Activities count by their calendar
 * date; notes by the moment they were written, read on the centre's wall clock (Saturday 23:59 in Columbus
 * is still that week, Sunday 00:00 is the next).
 */
export function rangeSummary(db: Db, audience: Audience, childId: string, start: string, end: string) {
  const { from, to } = centreRange(start, end);
  const totalActivities = db
    .select({ n: count() })
    .from(dailyActivities)
    .where(and(eq(dailyActivities.childId, childId), gte(dailyActivities.activityDate, start), lte(dailyActivities.activityDate, end)))
    .get()!.n;
  const totalNotes = db
    .select({ n: count() })
    .from(developmentNotes)
    .where(and(notesVisibleTo(audience, childId), gte(developmentNotes.createdAt, from), lt(developmentNotes.createdAt, to)))
    .get()!.n;
  return { totalActivities, totalNotes, skillsPracticed: distinctSkills(db, childId, start, end) };
}

/** The rows of a range, oldest first: what a weekly report lists. */
export function rangeRecords(db: Db, audience: Audience, childId: string, start: string, end: string) {
  const { from, to } = centreRange(start, end);
  const activities = db
    .select(activityColumns)
    .from(dailyActivities)
    .where(and(eq(dailyActivities.childId, childId), gte(dailyActivities.activityDate, start), lte(dailyActivities.activityDate, end)))
    .orderBy(dailyActivities.activityDate, dailyActivities.createdAt)
    .all();
  const notes = db
    .select(noteColumns)
    .from(developmentNotes)
    .where(and(notesVisibleTo(audience, childId), gte(developmentNotes.createdAt, from), lt(developmentNotes.createdAt, to)))
    .orderBy(developmentNotes.createdAt)
    .all();
  return { activities, notes };
}

/** The parent dashboard's four figures (SPEC.md §3 Parent stats, plus the notes count of its third card). */
export function parentStats(db: Db, clock: Clock, childId: string) {
  const today = centreDateOf(clock.now());
  return cachedRead(db, `parent-stats:${childId}:${today}`, () => readParentStats(db, childId, today));
}

function readParentStats(db: Db, childId: string, today: string) {
  const week = weekOf(today);
  const totalActivities = db.select({ n: count() }).from(dailyActivities).where(eq(dailyActivities.childId, childId)).get()!.n;
  const weeklyActivities = db
    .select({ n: count() })
    .from(dailyActivities)
    .where(and(eq(dailyActivities.childId, childId), gte(dailyActivities.activityDate, week.start), lte(dailyActivities.activityDate, week.end)))
    .get()!.n;
  const totalNotes = db.select({ n: count() }).from(developmentNotes).where(notesVisibleTo('parent', childId)).get()!.n;
  // Counted by SQLite, not by reading every skill of a year of activities into JavaScript.
  const skillsWorkedOn = db
    .select({ n: sql<number>`count(distinct lower(trim(j.value)))` })
    .from(sql`${dailyActivities}, json_each(${dailyActivities.skillsPracticed}) as j`)
    .where(and(eq(dailyActivities.childId, childId), sql`trim(j.value) <> ''`))
    .get()!.n;
  return { totalActivities, weeklyActivities, skillsWorkedOn, totalNotes, weekStartDate: week.start, weekEndDate: week.end };
}
