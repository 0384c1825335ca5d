/**
 * The names the Audit tab shows for a row's record, read when the page is read (ADR 082): the log itself keeps
 * ids and never a name or other text about a child or a family (ADR 064), so a name corrected later reads
 * corrected, and a record deleted since reads as deleted (`gone`), never as the name it had.
 *
 * Also the other way round, for the tab's search: the records whose name holds what the director typed (a child
 * with the child's pickups, a staff member), as a bounded list of ids the page filters by.
 */
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import {
  adminUsers,
  announcements,
  attendanceEvents,
  authorizedPickups,
  childAchievements,
  classrooms,
  communicationMessages,
  dailyActivities,
  dailyEntries,
  developmentNotes,
  documentRequests,
  enrolledChildren,
  enrollmentApplications,
  events,
  parentUsers,
  paymentReceipts,
  staffAttendance,
} from '~/db/schema';
import type { AuditEntity } from '../../shared/audit';
import type { Db } from '../db';

/** What a row's record is called now: its name, and the child it is about when that is another record's name. */
export interface RecordName {
  /** Null when the record is not found (deleted since) or its kind has no name to show. */
  name: string | null;
  /** The child a pickup, a receipt or a message is for. */
  child: string | null;
  /** The kind names its records and this one is no longer there. */
  gone: boolean;
}

type Reader = Pick<Db, 'select'>;
type Lookup = (db: Reader, ids: string[]) => Map<string, { name: string; child?: string | null }>;

const childName = enrolledChildren.childName;

/** Rows of `table` by id: `name` (and `child`) as selected, for a page's ids of one kind. */
function byId(table: SQLiteTable, id: SQLiteColumn, name: SQL | SQLiteColumn, child?: SQL | SQLiteColumn, join?: SQLiteColumn): Lookup {
  return (db, ids) => {
    const query = db
      .select({ id: sql<string>`${id}`, name: sql<string>`${name}`, child: child ? sql<string | null>`${child}` : sql<null>`null` })
      .from(table);
    const rows = (join ? query.leftJoin(enrolledChildren, eq(enrolledChildren.id, join)) : query).where(inArray(id, ids)).all();
    return new Map(rows.map((r) => [r.id, { name: r.name, child: r.child }]));
  };
}

/** A record about one child: named by the child's name. */
const aboutChild = (table: SQLiteTable, id: SQLiteColumn, childId: SQLiteColumn) => byId(table, id, childName, undefined, childId);

const LOOKUPS: Partial<Record<AuditEntity, Lookup>> = {
  child: byId(enrolledChildren, enrolledChildren.id, childName),
  staff: byId(adminUsers, adminUsers.id, adminUsers.name),
  session: byId(adminUsers, adminUsers.id, adminUsers.name),
  'second-factor': byId(adminUsers, adminUsers.id, adminUsers.name),
  'parent-login': byId(parentUsers, parentUsers.id, sql`${parentUsers.firstName} || ' ' || ${parentUsers.lastName}`),
  event: byId(events, events.id, events.title),
  announcement: byId(announcements, announcements.id, announcements.title),
  classroom: byId(classrooms, classrooms.id, classrooms.name),
  application: byId(
    enrollmentApplications,
    enrollmentApplications.id,
    sql`${enrollmentApplications.childFirstName} || ' ' || ${enrollmentApplications.childLastName}`,
  ),
  pickup: byId(authorizedPickups, authorizedPickups.id, authorizedPickups.name, childName, authorizedPickups.childId),
  receipt: byId(paymentReceipts, paymentReceipts.id, paymentReceipts.receiptNumber, paymentReceipts.childName),
  message: byId(communicationMessages, communicationMessages.id, sql`coalesce(${communicationMessages.childName}, '')`),
  'document-request': byId(documentRequests, documentRequests.id, sql`coalesce(${documentRequests.childName}, '')`),
  'staff-attendance': byId(staffAttendance, staffAttendance.id, staffAttendance.staffName),
  attendance: aboutChild(attendanceEvents, attendanceEvents.id, attendanceEvents.childId),
  note: aboutChild(developmentNotes, developmentNotes.id, developmentNotes.childId),
  activity: aboutChild(dailyActivities, dailyActivities.id, dailyActivities.childId),
  'daily-entry': aboutChild(dailyEntries, dailyEntries.id, dailyEntries.childId),
  achievement: aboutChild(childAchievements, childAchievements.id, childAchievements.childId),
};

/** Each row's record name, read in one query per kind of record on the page (a page holds at most 100 rows). */
export function recordNames(db: Reader, rows: readonly { entity: string; entityId: string | null }[]): RecordName[] {
  const wanted = new Map<AuditEntity, Set<string>>();
  for (const row of rows) {
    if (!row.entityId || !LOOKUPS[row.entity as AuditEntity]) continue;
    const ids = wanted.get(row.entity as AuditEntity) ?? new Set<string>();
    ids.add(row.entityId);
    wanted.set(row.entity as AuditEntity, ids);
  }
  const found = new Map<AuditEntity, ReturnType<Lookup>>();
  for (const [entity, ids] of wanted) found.set(entity, LOOKUPS[entity]!(db, [...ids]));
  return rows.map((row) => {
    const names = found.get(row.entity as AuditEntity);
    if (!names || !row.entityId) return { name: null, child: null, gone: false };
    const hit = names.get(row.entityId);
    // A record whose child was deleted since (a left join found no child): named as gone too.
    if (!hit || hit.name === null) return { name: null, child: null, gone: true };
    return { name: hit.name || null, child: hit.child ?? null, gone: false };
  });
}

/** At most this many records of each kind match a name: a search names a few people, not the whole centre. */
export const NAME_MATCHES = 20;

/** `%text%` for LIKE, with LIKE's own characters taken literally (ESCAPE '\'). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function likeName(column: SQL | SQLiteColumn, text: string): SQL {
  return sql`${column} like ${containing(text)} escape '\\'`;
}

/**
 * The records a name finds: children and staff accounts whose name holds `text` (case-insensitive for ASCII, as
 * SQLite's LIKE is), and the pickups of the children found. `recordIds` are the `entity_id`s of their rows;
 * `staffIds` also find the rows those staff members wrote.
 */
export function idsNamed(db: Reader, text: string): { recordIds: string[]; staffIds: string[] } {
  const children = db
    .select({ id: enrolledChildren.id })
    .from(enrolledChildren)
    .where(likeName(enrolledChildren.childName, text))
    .limit(NAME_MATCHES)
    .all()
    .map((r) => r.id);
  const staff = db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(likeName(adminUsers.name, text))
    .limit(NAME_MATCHES)
    .all()
    .map((r) => r.id);
  // A child's pickups through the child's index (a handful each); families' and pickups' own tables grow with the
  // centre, and a name inside a text cannot be found through an index, so those are not searched.
  const pickups =
    children.length === 0
      ? []
      : db
          .select({ id: authorizedPickups.id })
          .from(authorizedPickups)
          .where(inArray(authorizedPickups.childId, children))
          .limit(NAME_MATCHES * 10)
          .all()
          .map((r) => r.id);
  return { recordIds: [...new Set([...children, ...staff, ...pickups])], staffIds: staff };
}
