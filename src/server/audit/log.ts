/**
 * Reading the audit trail (GET /api/admin/audit-log, the Audit tab): keyset pages newest first by (at, id),
 * filtered by person, kind of record, record and centre dates. Each set of filters reads one index in that
 * order (db/schema.ts, ADR 038; `indexedBy` below), so a page is one index range whatever the log's size.
 */
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { auditLog } from '~/db/schema';
import { addDays, centreMidnight } from '../../shared/centre-time';
import type { Db } from '../db';
import { keysetPage, type SortKey } from '../pagination';
import { idsNamed, recordNames } from './names';

export const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  fields: auditLog.fields,
  before: auditLog.before,
  address: auditLog.address,
};
/** The same columns, read through an index the query names (drizzle checks plain columns against a FROM table). */
const indexedColumns = Object.fromEntries(Object.entries(auditColumns).map(([name, column]) => [name, sql`${column}`.mapWith(column)])) as {
  [K in keyof typeof auditColumns]: SQL<(typeof auditLog.$inferSelect)[K]>;
};
type AuditRow = { [K in keyof typeof auditColumns]: (typeof auditLog.$inferSelect)[K] };

const order: SortKey<AuditRow>[] = [
  { column: auditLog.at, kind: 'time', of: (r) => r.at },
  { column: auditLog.id, kind: 'integer', of: (r) => r.id },
];

export interface AuditFilter {
  limit: number;
  cursor?: string | null;
  actorId?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
  /** A child's or a person's name, or part of one (ADR 082). */
  name?: string | null;
}

/**
 * The one index a page reads (db/schema.ts): an equality on its leading columns, then `at` in the page's order.
 * A record's id is the narrowest (a record has a handful of rows), then a person and a kind together, then
 * either alone, then the dates. Named in the query (SQLite's INDEXED BY): left to itself, the planner read a
 * person's notes from a date on (the second page) through the kind's index, testing every note of everyone;
 * with ANALYZE's statistics it could choose otherwise again. The other filters are checked on the rows the
 * index gives, which are already in the page's order.
 */
function indexFor(f: AuditFilter, records?: string[]): string {
  if (f.entityId || records) return 'audit_log_entity_id_idx';
  if (f.actorId && f.entity) return 'audit_log_actor_entity_idx';
  if (f.actorId) return 'audit_log_actor_idx';
  if (f.entity) return 'audit_log_entity_idx';
  return 'audit_log_at_idx';
}

/** Newest first, then the newest id: the page's order, for rows merged from several reads. */
const newestFirst = (a: AuditRow, b: AuditRow) => b.at.getTime() - a.at.getTime() || b.id - a.id;

/**
 * A page of the log, each row with its record's name as it is now (names.ts). With a name, the page holds the
 * rows of the records so named and the rows written by staff so named: one read of the records' ids (a record
 * has a handful of rows) and one per staff member through the person's index, each at most a page long and in
 * the page's order, merged; so a name costs a few index ranges whatever the log's size.
 */
export function auditPage(db: Db, f: AuditFilter) {
  const page = f.name ? namedPage(db, f, f.name) : filteredPage(db, f);
  const names = recordNames(db, page.items);
  return { ...page, items: page.items.map((row, i) => ({ ...row, record: names[i]! })) };
}

function namedPage(db: Db, f: AuditFilter, name: string) {
  const { recordIds, staffIds } = idsNamed(db, name);
  return keysetPage(order, f, (after, orderBy, n) => {
    const reads: AuditRow[][] = [];
    // With a record's id as well, only that record, if the name is its name.
    const records = f.entityId ? recordIds.filter((id) => id === f.entityId) : recordIds;
    if (records.length > 0) reads.push(read(db, f, after, orderBy, n, records));
    // Rows written by a person named: only those the page's own person filter (if any) also allows.
    for (const id of staffIds) if (!f.actorId || f.actorId === id) reads.push(read(db, { ...f, actorId: id }, after, orderBy, n));
    const seen = new Set<number>();
    return reads
      .flat()
      .sort(newestFirst)
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .slice(0, n);
  });
}

function filteredPage(db: Db, f: AuditFilter) {
  return keysetPage(order, f, (after, orderBy, n) => read(db, f, after, orderBy, n));
}

/** One read of the page: the filters, through the index they name, after the cursor, `n` rows. */
function read(db: Db, f: AuditFilter, after: SQL | undefined, orderBy: SQL[], n: number, records?: string[]): AuditRow[] {
  const where = and(
    records ? inArray(auditLog.entityId, records) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.from ? gte(auditLog.at, centreMidnight(f.from)) : undefined,
    f.to ? lt(auditLog.at, centreMidnight(addDays(f.to, 1))) : undefined,
  );
  const source = sql`${auditLog} indexed by ${sql.identifier(indexFor(f, records))}`;
  return db
    .select(indexedColumns)
    .from(source)
    .where(and(where, after))
    .orderBy(...orderBy)
    .limit(n)
    .all();
}
