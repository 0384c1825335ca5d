/**
 * Reading the audit trail (GET /api/admin/audit-log, the Audit tab): keyset pages newest first by (at, id),
 * filtered by person, kind of record, record and centre dates. Each filter has an index in that order
 * (db/schema.ts, ADR 038), so a page is one index range whatever the log's size.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
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

export function auditPage(db: Db, f: AuditFilter) {
  const where = and(
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.from ? gte(auditLog.at, centreMidnight(f.from)) : undefined,
    f.to ? lt(auditLog.at, centreMidnight(addDays(f.to, 1))) : undefined,
  );
  return keysetPage(order, f, (after, orderBy, n) =>
    db
      .select(auditColumns)
      .from(auditLog)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(n)
      .all(),
  );
}
