/**
 * Reading a child's activities and development notes: the one place that decides ordering, pages, the
 * week boundary and what a parent may see (never a private note). Both the admin and the parent routers
 * read through here.
 */
import { and, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { dailyActivities, developmentNotes } from '~/db/schema';
import { centreDateOf, centreRange, weekOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { keysetPage, type SortKey } from '../pagination';
import { cachedRead, firstPageRead } from '../cache/store';
import { staffAuthorName } from '../audit/authors';

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
  authorId: dailyActivities.authorId,
  authorName: staffAuthorName(dailyActivities.authorName),
  createdAt: dailyActivities.createdAt,
};

export const noteColumns = {
  id: developmentNotes.id,
  childId: developmentNotes.childId,
  authorId: developmentNotes.authorId,
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
  return audience === 'staff'
    ? eq(developmentNotes.childId, childId)
    : and(eq(developmentNotes.childId, childId), eq(developmentNotes.isPrivate, false));
}

type ActivityRow = { [K in Exclude<keyof typeof activityColumns, 'authorName'>]: (typeof dailyActivities.$inferSelect)[K] } & {
  authorName: string;
};
type NoteRow = { [K in keyof typeof noteColumns]: (typeof developmentNotes.$inferSelect)[K] };

/** Newest first: by activity date, then by when it was entered, then the id (pagination.ts). */
const activityOrder: SortKey<ActivityRow>[] = [
  { column: dailyActivities.activityDate, kind: 'text', of: (r) => r.activityDate },
  { column: dailyActivities.createdAt, kind: 'time', of: (r) => r.createdAt },
  { column: dailyActivities.id, kind: 'text', of: (r) => r.id },
];

/** Newest first by when the note was written, then the id. */
const noteOrder: SortKey<NoteRow>[] = [
  { column: developmentNotes.createdAt, kind: 'time', of: (r) => r.createdAt },
  { column: developmentNotes.id, kind: 'text', of: (r) => r.id },
];

/** A page of the child's activities, newest first (keyset pages, so a page stays right while staff add activities). */
export function activitiesPage(db: Db, childId: string, limit: number, cursor?: string | null) {
  return firstPageRead(db, `activities:${childId}:${limit}`, cursor, () =>
    keysetPage(activityOrder, { limit, cursor }, (after, orderBy, n) =>
      db
        .select(activityColumns)
        .from(dailyActivities)
        .where(and(eq(dailyActivities.childId, childId), after))
        .orderBy(...orderBy)
        .limit(n)
        .all(),
    ),
  );
}

/** A page of the child's development notes, newest first (never a private one for a parent). */
export function notesPage(db: Db, audience: Audience, childId: string, limit: number, cursor?: string | null) {
  return firstPageRead(db, `notes:${audience}:${childId}:${limit}`, cursor, () =>
    keysetPage(noteOrder, { limit, cursor }, (after, orderBy, n) =>
      db
        .select(noteColumns)
        .from(developmentNotes)
        .where(and(notesVisibleTo(audience, childId), after))
        .orderBy(...orderBy)
        .limit(n)
        .all(),
    ),
  );
}

/** Distinct skills (first spelling kept, compared without case) of the child's activities in an optional date range. */
function distinctSkills(db: Db, childId: string, start?: string, end?: string): string[] {
  const rows = db
    .select({ skill: sql<string>`trim(j.value)` })
    .from(sql`${dailyActivities}, json_each(${dailyActivities.skillsPracticed}) as j`)
    .where(
      and(
        eq(dailyActivities.childId, childId),
        start ? gte(dailyActivities.activityDate, start) : undefined,
        end ? lte(dailyActivities.activityDate, end) : undefined,
      ),
    )
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

/** The parent dashboard's four figures (docs/product.md §3 Parent stats, plus the notes count of its third card). */
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
    .where(
      and(eq(dailyActivities.childId, childId), gte(dailyActivities.activityDate, week.start), lte(dailyActivities.activityDate, week.end)),
    )
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
