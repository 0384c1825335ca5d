/**
 * Authors of what staff write: a row records the staff account and its name at the time. Rows from
 * before staff accounts have none and read as 'Staff'.
 */
import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AdminIdentity } from '../auth/session';
import { refuse } from '../refusal';

export const UNKNOWN_AUTHOR = 'Staff';
export const NOT_YOUR_RECORD = 'error.notYourRecord';

/** The author's name as shown, 'Staff' when the row has none. */
export function staffAuthorName(column: SQLiteColumn) {
  return sql<string>`coalesce(${column}, ${UNKNOWN_AUTHOR})`.mapWith(String);
}

/** A director may change any activity or note; a teacher only those with their own account as author (403 otherwise). */
export function assertMayChange(staff: AdminIdentity, authorId: string | null): void {
  if (staff.role === 'director' || authorId === staff.id) return;
  throw refuse('FORBIDDEN', NOT_YOUR_RECORD);
}
