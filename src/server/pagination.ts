/**
 * Keyset pages of the lists that grow with the years (ADR 014): one place that orders a list, reads one page
 * of it and makes the cursor of the next. A cursor is the sort key of the last row sent (e.g. its creation
 * time and id), so the next page starts right after it: rows added meanwhile never shift a page, equal
 * timestamps never cause a repeat or a gap (the id breaks the tie), and each page is an index range, never
 * an OFFSET that reads and throws away every earlier row.
 */
import { and, desc, eq, lt, lte, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Page } from '../shared/schemas/page';
import { refuse } from './refusal';

/** One column of the sort order (newest first): text, a timestamp_ms column (a Date in the row), or an integer. */
export interface SortKey<Row> {
  column: SQLiteColumn;
  kind: 'text' | 'time' | 'integer';
  of: (row: Row) => string | Date | number;
}

export const BAD_CURSOR_MESSAGE = 'error.pageCursor';
const badCursor = () => refuse('BAD_REQUEST', BAD_CURSOR_MESSAGE);

function encode(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decode<Row>(keys: SortKey<Row>[], cursor: string): (string | Date | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(values) || values.length !== keys.length) throw badCursor();
  return keys.map((key, i) => {
    const v: unknown = values[i];
    if (key.kind === 'time' || key.kind === 'integer') {
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw badCursor();
      return key.kind === 'time' ? new Date(v) : v;
    }
    if (typeof v !== 'string' || v.length > 200) throw badCursor();
    return v;
  });
}

/**
 * Rows strictly after the cursor in the order `k1 DESC, k2 DESC, ...`. The leading `k1 <= v1` lets SQLite
 * start the index range at the cursor instead of testing every row before it.
 */
function after<Row>(keys: SortKey<Row>[], values: (string | Date | number)[]): SQL {
  const strictly = (i: number): SQL => {
    const beyond = lt(keys[i]!.column, values[i]);
    return i === keys.length - 1 ? beyond : or(beyond, and(eq(keys[i]!.column, values[i]), strictly(i + 1)))!;
  };
  return and(lte(keys[0]!.column, values[0]), strictly(0))!;
}

/** The ORDER BY of a paged list: every key, newest first. */
export function newestFirst<Row>(keys: SortKey<Row>[]): SQL[] {
  return keys.map((k) => desc(k.column));
}

/**
 * One page: `read` runs the list's query with the extra condition (undefined on the first page), the order
 * and the row count (one more than the page, to know whether another page follows).
 */
export function keysetPage<Row>(
  keys: SortKey<Row>[],
  page: { limit: number; cursor?: string | null },
  read: (after: SQL | undefined, orderBy: SQL[], limit: number) => Row[],
): Page<Row> {
  const condition = page.cursor ? after(keys, decode(keys, page.cursor)) : undefined;
  const rows = read(condition, newestFirst(keys), page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > page.limit && last
      ? encode(
          keys.map((k) => {
            const v = k.of(last);
            return v instanceof Date ? v.getTime() : v;
          }),
        )
      : null;
  return { items, nextCursor };
}
