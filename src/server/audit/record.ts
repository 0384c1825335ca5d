/**
 * The one way a staff write records its audit row (issue 31, ADR 038). Called inside the write's own
 * transaction, so a change never lands without its row. Each row's hash is SHA-256 over the previous row's
 * hash and the row's own content: changing, removing or inserting a row behind the app's back breaks the
 * chain, which verifyAuditChain finds.
 */
import { createHash } from 'node:crypto';
import { asc, count, desc, gt } from 'drizzle-orm';
import { auditLog, type AuditValue } from '~/db/schema';
import { AUDIT_SECRET_FIELD, type AuditAction, type AuditEntity } from '../../shared/audit';
import type { Clock } from '../clock';
import type { Db } from '../db';
import type { Auth } from '../auth/session';
import { assertRightsChecked } from '../auth/write-rights';

/** The database or a transaction of it: whatever the write runs on. */
export type Writer = Pick<Db, 'select' | 'insert'>;

/** What a row needs of the request: who (the session), when (the clock) and from where (the address). */
export interface AuditContext {
  auth: Auth | null;
  clock: Clock;
  ip: string;
}

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  /** The fields written: their names are kept, their values only where not secret (auditFields). */
  fields?: Record<string, unknown>;
  /** Who, when there is no staff session (a sign-in, a failed sign-in, a link used). */
  actor?: { id: string | null; name: string };
}

export const GENESIS_HASH = '0'.repeat(64);
/** A value longer than this is cut: the log says what changed, it is not a second copy of every record. */
const VALUE_MAX = 200;

/** Names of the fields written, with each value kept when it is a plain, non-secret value (cut to VALUE_MAX). */
export function auditFields(fields: Record<string, unknown> = {}): Record<string, AuditValue> {
  const out: Record<string, AuditValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || key === 'id') continue;
    out[key] = AUDIT_SECRET_FIELD.test(key) ? null : plain(value);
  }
  return out;
}

function plain(value: unknown): AuditValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX)}…` : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return plain(value.join(', '));
  return null;
}

/** Of the fields written, those whose value differs from the record before the write. */
export function changedFields(before: Record<string, unknown>, written: Record<string, unknown>): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.fromEntries(Object.entries(written).filter(([key, value]) => value !== undefined && !same(before[key], value)));
}

type Row = typeof auditLog.$inferSelect;

/** The chain hash of a row: over the previous hash and every column but the hash itself, in a fixed order. */
export function chainHash(prevHash: string, row: Omit<Row, 'hash' | 'prevHash'>): string {
  const content = JSON.stringify([
    prevHash,
    row.id,
    row.at.getTime(),
    row.actorId,
    row.actorName,
    row.action,
    row.entity,
    row.entityId,
    row.fields,
    row.address,
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/** Records one audit row on `db` (the write's transaction). */
export function recordAudit(db: Writer, ctx: AuditContext, entry: AuditEntry): void {
  if (!entry.actor) assertRightsChecked(db, ctx.auth); // The session's rights are read again in this write (ADR 063).
  const staff = ctx.auth?.kind === 'admin' ? ctx.auth.admin : null;
  const actor = entry.actor ?? (staff ? { id: staff.id, name: staff.name } : { id: null, name: 'Unknown' });
  const last = db.select({ id: auditLog.id, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1).get();
  const row = {
    id: (last?.id ?? 0) + 1,
    at: ctx.clock.now(),
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    fields: auditFields(entry.fields),
    address: ctx.ip.slice(0, 64),
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  db.insert(auditLog)
    .values({ ...row, prevHash, hash: chainHash(prevHash, row) })
    .run();
}

/**
 * Walks the whole chain in order, a batch at a time: `firstBrokenId` is the first row whose stored hash or
 * link to the previous row does not match what its content gives.
 */
export function verifyAuditChain(db: Db): { ok: boolean; rows: number; firstBrokenId: number | null } {
  let prevHash = GENESIS_HASH;
  let rows = 0;
  let afterId = 0;
  for (;;) {
    const batch = db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(1000).all();
    if (batch.length === 0) return { ok: true, rows, firstBrokenId: null };
    for (const row of batch) {
      const { hash, prevHash: storedPrev, ...content } = row;
      if (storedPrev !== prevHash || chainHash(prevHash, content) !== hash) {
        return { ok: false, rows: db.select({ n: count() }).from(auditLog).get()!.n, firstBrokenId: row.id };
      }
      prevHash = hash;
      rows++;
      afterId = row.id;
    }
  }
}

/**
 * A write and its audit row in one transaction: `write` runs on the transaction, `entry` describes what it
 * did from its result. A write that throws rolls back, and one that matched nothing (answers undefined, as
 * `.returning().get()` does; the caller then answers 404) wrote nothing: neither records a row.
 */
export function audited<T>(ctx: AuditContext & { db: Db }, write: (tx: Db) => T, entry: (result: NonNullable<T>) => AuditEntry): T {
  return ctx.db.transaction((tx) => {
    const result = write(tx as unknown as Db);
    if (result !== undefined && result !== null) recordAudit(tx, ctx, entry(result));
    return result;
  });
}
