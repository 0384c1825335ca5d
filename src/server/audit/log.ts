/**
 * Reading the audit trail (GET /api/admin/audit-log, the Audit tab): keyset pages newest first by (at, id),
 * filtered by person, kind of record, record and centre dates. Each set of filters reads one index in that
 * order (db/schema.ts, ADR 038; `indexedBy` below), so a page is one index range whatever the log's size.
 */
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { auditLog } from '~/db/schema';
import { addDays, centreMidnight } from '../../shared/centre-time';
import type { Db } from '../db';
import { keysetPage, type SortKey } from '../pagination';

export const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  fields: auditLog.fields,
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
}

/**
 * The one index a page reads (db/schema.ts): an equality on its leading columns, then `at` in the page's order.
 * A record's id is the narrowest (a record has a handful of rows), then a person and a kind together, then
 * either alone, then the dates. Named in the query (SQLite's INDEXED BY): left to itself, the planner read a
 * person's notes from a date on (the second page) through the kind's index, testing every note of everyone;
 * with ANALYZE's statistics it could choose otherwise again. The other filters are checked on the rows the
 * index gives, which are already in the page's order.
 */
function indexFor(f: AuditFilter): string {
  if (f.entityId) return 'audit_log_entity_id_idx';
  if (f.actorId && f.entity) return 'audit_log_actor_entity_idx';
  if (f.actorId) return 'audit_log_actor_idx';
  if (f.entity) return 'audit_log_entity_idx';
  return 'audit_log_at_idx';
}

export function auditPage(db: Db, f: AuditFilter) {
  const where = and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.from ? gte(auditLog.at, centreMidnight(f.from)) : undefined,
    f.to ? lt(auditLog.at, centreMidnight(addDays(f.to, 1))) : undefined,
  );
  const source = sql`${auditLog} indexed by ${sql.identifier(indexFor(f))}`;
  return keysetPage(order, f, (after, orderBy, n) =>
    db
      .select(indexedColumns)
      .from(source)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
}
