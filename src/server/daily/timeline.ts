/**
 * A child's day: the daily sheet's entries and the photos of the day the child is tagged in, merged into
 * one timeline with the day's check-ins and check-outs, newest first. Each read is one index range: daily_entries
 * (child, date, at), child_photo_tags (child, date, takenAt) and attendance_events (child, at) over the centre's
 * day, the same bounds as the attendance module (centreRange).
 */
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { attendanceEvents, childPhotos, childPhotoTags, dailyEntries } from '~/db/schema';
import { centreRange } from '../../shared/centre-time';
import type { DailyEntryBody } from '../../shared/schemas/daily-entries';
import { childPhotoOriginalUrl, childPhotoUrl, type TimelineItem } from '../../shared/timeline';
import type { Db } from '../db';

export const entryColumns = {
  id: dailyEntries.id,
  childId: dailyEntries.childId,
  kind: dailyEntries.kind,
  at: dailyEntries.at,
  date: dailyEntries.date,
  details: dailyEntries.details,
  authorName: dailyEntries.authorName,
  correction: dailyEntries.correction,
};

type EntryRow = { id: string; kind: string; at: Date; details: Record<string, unknown>; authorName: string | null };

/** Moments in details are stored as ISO strings (JSON): a nap's start and end come back as Dates. */
export function entryItem(row: EntryRow): TimelineItem {
  const details = { ...row.details };
  if (row.kind === 'nap') {
    details.start = new Date(details.start as string);
    details.end = details.end == null ? null : new Date(details.end as string);
  }
  return { id: row.id, at: row.at, by: row.authorName, ...({ kind: row.kind, details } as DailyEntryBody) };
}

/** An entry as staff read it: with whether a director recorded it as a correction (ADR 080). */
export function staffItem(row: EntryRow & { correction: boolean }): TimelineItem & { correction: boolean } {
  return { ...entryItem(row), correction: row.correction };
}

type PhotoRow = { id: string; takenAt: Date; caption: string | null; width: number; height: number; authorName: string | null };

export function photoItem(p: PhotoRow): TimelineItem {
  return {
    id: p.id,
    at: p.takenAt,
    by: p.authorName,
    kind: 'photo',
    details: { caption: p.caption, url: childPhotoUrl(p.id), originalUrl: childPhotoOriginalUrl(p.id), width: p.width, height: p.height },
  };
}

export const photoColumns = {
  id: childPhotos.id,
  takenAt: childPhotos.takenAt,
  caption: childPhotos.caption,
  width: childPhotos.width,
  height: childPhotos.height,
  authorName: childPhotos.authorName,
};

type AttendanceRow = { id: string; kind: 'in' | 'out'; at: Date; by: string; override: boolean; recordedByName: string };

export function attendanceItem(e: AttendanceRow): TimelineItem {
  return {
    id: e.id,
    at: e.at,
    by: e.recordedByName,
    ...(e.kind === 'in' ? { kind: 'check_in' as const } : { kind: 'check_out' as const }),
    details: { by: e.by, override: e.override },
  };
}

/** The child's check-ins and check-outs of one centre day. */
function dayAttendance(db: Db, childId: string, date: string): TimelineItem[] {
  const { from, to } = centreRange(date, date);
  return db
    .select({
      id: attendanceEvents.id,
      kind: attendanceEvents.kind,
      at: attendanceEvents.at,
      by: attendanceEvents.by,
      override: attendanceEvents.override,
      recordedByName: attendanceEvents.recordedByName,
    })
    .from(attendanceEvents)
    .where(and(eq(attendanceEvents.childId, childId), gte(attendanceEvents.at, from), lt(attendanceEvents.at, to)))
    .all()
    .map((e) => attendanceItem(e as AttendanceRow));
}

const newestFirst = (a: TimelineItem, b: TimelineItem) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1);

/** One child's day, newest first: the sheet's entries, the photos and the check-ins and check-outs. */
export function dayTimeline(db: Db, childId: string, date: string): TimelineItem[] {
  const entries = db
    .select(entryColumns)
    .from(dailyEntries)
    .where(and(eq(dailyEntries.childId, childId), eq(dailyEntries.date, date)))
    .orderBy(desc(dailyEntries.at))
    .all()
    .map(entryItem);
  const photos = db
    .select(photoColumns)
    .from(childPhotoTags)
    .innerJoin(childPhotos, eq(childPhotos.id, childPhotoTags.photoId))
    .where(and(eq(childPhotoTags.childId, childId), eq(childPhotoTags.date, date)))
    .orderBy(desc(childPhotoTags.takenAt))
    .all()
    .map(photoItem);
  return [...entries, ...photos, ...dayAttendance(db, childId, date)].sort(newestFirst);
}

/**
 * Several children's entries of one day (the Daily sheets tab's room), newest first, each with its child and its
 * author's account (the tab offers a teacher Delete only on their own: ADR 066).
 */
export function roomEntries(
  db: Db,
  childIds: string[],
  date: string,
): (TimelineItem & { childId: string; authorId: string | null; correction: boolean })[] {
  if (childIds.length === 0) return [];
  return db
    .select({ ...entryColumns, authorId: dailyEntries.authorId })
    .from(dailyEntries)
    .where(and(inArray(dailyEntries.childId, childIds), eq(dailyEntries.date, date)))
    .orderBy(desc(dailyEntries.at))
    .all()
    .map((row) => ({ ...staffItem(row), childId: row.childId, authorId: row.authorId }));
}
