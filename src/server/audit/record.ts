/**
 * The one way a staff write records its audit row (ADR 038, ADR 064). Called inside the write's own
 * transaction, so a change never lands without its row. Each row's hash is an HMAC, under the chain's key in
 * the private folder, over the previous row's hash and the row's own content (chain.ts): changing, removing or
 * inserting a row behind the app's back breaks the chain, and the anchor outside the database shows rows cut
 * from its end; verifyAuditChain finds both. A row keeps field names, and values only from fixed lists
 * (fields.ts): free text a person typed reads `changed`.
 */
import { desc } from 'drizzle-orm';
import { auditLog } from '~/db/schema';
import type { AuditAction, AuditEntity } from '../../shared/audit';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Auth } from '../auth/session';
import { assertRightsChecked } from '../auth/write-rights';
import { auditKey, chainHash, GENESIS_HASH, noteAuditRow } from './chain';
import { keptBefore, keptFields } from './fields';

export { GENESIS_HASH, verifyAuditChain } from './chain';

/** The database or a transaction of it: whatever the write runs on. */
export type Writer = Pick<Db, 'select' | 'insert'>;

/** What a row needs of the request: who (the session), when (the clock) and from where (the address). */
export interface AuditContext {
  auth: Auth | null;
  clock: Clock;
  ip: string;
  /** Where the chain's key and anchor are (the private folder). */
  config: Pick<Config, 'privateDir'>;
}

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  /** The fields written: their names are kept, their values only where fields.ts allows. */
  fields?: Record<string, unknown>;
  /** For an update, the record as it was: the row keeps the earlier value of each changed field fields.ts allows. */
  before?: Record<string, unknown>;
  /** Who, when there is no staff session (a sign-in, a failed sign-in, a link used). */
  actor?: { id: string | null; name: string };
}

/** Of the fields written, those whose value differs from the record before the write. */
export function changedFields(before: Record<string, unknown>, written: Record<string, unknown>): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.fromEntries(Object.entries(written).filter(([key, value]) => value !== undefined && !same(before[key], value)));
}

/** Records one audit row on `db` (the write's transaction). */
export function recordAudit(db: Writer, ctx: AuditContext, entry: AuditEntry): void {
  if (!entry.actor) assertRightsChecked(db, ctx.auth); // The session's rights are read again in this write (ADR 063).
  const staff = ctx.auth?.kind === 'admin' ? ctx.auth.admin : null;
  const actor = entry.actor ?? (staff ? { id: staff.id, name: staff.name } : { id: null, name: 'Unknown' });
  const last = db.select({ id: auditLog.id, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1).get();
  const fields = keptFields(entry.entity, entry.fields ?? {});
  const row = {
    id: (last?.id ?? 0) + 1,
    at: ctx.clock.now(),
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    fields,
    address: ctx.ip.slice(0, 64),
    before: entry.before ? keptBefore(entry.entity, entry.before, fields) : null,
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = chainHash(prevHash, row, auditKey(ctx.config.privateDir));
  db.insert(auditLog)
    .values({ ...row, prevHash, hash })
    .run();
  noteAuditRow(ctx.config.privateDir, db, { id: row.id, hash });
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
