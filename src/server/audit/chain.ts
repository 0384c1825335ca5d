/**
 * The audit chain's key, its anchor and its check (ADR 038, ADR 064).
 *
 * - Each row's hash is an HMAC-SHA-256, under a key kept in the private folder beside the database (never in
 *   the database), over the previous row's hash and the row's content. Someone holding only the database file
 *   can no longer edit a row and recompute the later hashes, nor append a row of their own.
 * - The anchor, `audit-anchor.json` in the private folder, holds the id and hash of the newest row the app
 *   wrote. It is written just after the row's transaction commits, so it can lag a crash by a row or two: it is
 *   a lower bound, never ahead of the database. Rows after it are still chained and keyed; rows missing up to
 *   it (a cut tail) are what the check reports. A backup carries the anchor as it was before its copy of the
 *   database was taken (src/server/backup/backup.ts).
 * - The check walks the whole log off the request thread: in a worker thread with its own read-only
 *   connection (or, where there is no file to open, in short slices that yield to other requests), so a
 *   request never waits behind it, and a broken row anywhere is still found.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { asc, count, desc, eq, gt } from 'drizzle-orm';
import { auditLog } from '~/db/schema';
import type { Db } from '../db';
import { logger } from '../logger';
import { privateKey, writePrivateFile } from '../private-files';
import { keptFields } from './fields';
import type { AuditEntity } from '../../shared/audit';

export const GENESIS_HASH = '0'.repeat(64);
export const AUDIT_KEY_FILE = 'audit-chain.key';
export const AUDIT_ANCHOR_FILE = 'audit-anchor.json';

type Row = typeof auditLog.$inferSelect;
/** A row's content; `before` is absent or null on every row written before updates kept earlier values. */
type Content = Omit<Row, 'hash' | 'prevHash' | 'before'> & { before?: Row['before'] };

/** The append-only triggers of migration 0009, as SQLite keeps them: the check says when either is gone or differs. */
export const AUDIT_TRIGGERS = {
  audit_log_no_update:
    "CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
  audit_log_no_delete:
    "CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
} as const;

function content(prevHash: string, row: Content): string {
  const parts: unknown[] = [
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
  ];
  // Earlier values are hashed only where a row has them, so every row written before them verifies as it did.
  if (row.before != null) parts.push(row.before);
  return JSON.stringify(parts);
}

/** The chain hash of a row: HMAC-SHA-256 under the chain's key, over the previous hash and every other column. */
export function chainHash(prevHash: string, row: Content, key: Buffer): string {
  return createHmac('sha256', key).update(content(prevHash, row)).digest('hex');
}

/** The hash rows had before the chain was keyed (plain SHA-256): read once, by the pass that re-keys them. */
function unkeyedHash(prevHash: string, row: Content): string {
  return createHash('sha256').update(content(prevHash, row)).digest('hex');
}

/** The chain's key, in the private folder beside the upload-signing key, never in the database (ADR 064). */
export function auditKey(privateDir: string): Buffer {
  return privateKey(privateDir, AUDIT_KEY_FILE);
}

export interface AuditAnchor {
  id: number;
  hash: string;
}

/** The anchor in `privateDir`: null when there is none, 'damaged' when the file is not one. */
export function readAnchor(privateDir: string): AuditAnchor | null | 'damaged' {
  let text: string;
  try {
    text = readFileSync(join(resolve(privateDir), AUDIT_ANCHOR_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const value = JSON.parse(text) as Partial<AuditAnchor>;
    if (Number.isSafeInteger(value.id) && value.id! > 0 && typeof value.hash === 'string' && /^[0-9a-f]{64}$/.test(value.hash))
      return { id: value.id!, hash: value.hash };
  } catch {
    // not JSON
  }
  return 'damaged';
}

/** Writes the anchor (the app does after each row; seed:scale after its rows). */
export function writeAuditAnchor(privateDir: string, anchor: AuditAnchor): void {
  writePrivateFile(join(resolve(privateDir), AUDIT_ANCHOR_FILE), `${JSON.stringify(anchor)}\n`);
}

/** What a read needs of the database: the app's, a transaction of it, or a copy's. */
type Reader = Pick<Db, 'select'>;

/** Rows written in a transaction not yet known to be committed, per private folder: the newest only. */
const pending = new Map<string, { anchor: AuditAnchor; db: Reader }>();

/**
 * Notes a row just written (inside its transaction). After the transaction (a better-sqlite3 transaction is
 * synchronous, so a microtask runs after its commit or rollback) the anchor moves to it when the row is really
 * there, and only when the row the anchor named is still there as it was: an anchor never follows a cut tail.
 */
export function noteAuditRow(privateDir: string, db: Reader, anchor: AuditAnchor): void {
  const dir = resolve(privateDir);
  const first = !pending.has(dir);
  pending.set(dir, { anchor, db });
  if (first) queueMicrotask(() => flushAnchor(dir));
}

function hashAt(db: Reader, id: number): string | undefined {
  return db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.id, id)).get()?.hash;
}

function flushAnchor(dir: string): void {
  const next = pending.get(dir);
  pending.delete(dir);
  if (!next) return;
  try {
    if (hashAt(next.db, next.anchor.id) !== next.anchor.hash) return; // rolled back
    const current = readAnchor(dir);
    if (current === 'damaged') return;
    if (current && (current.id >= next.anchor.id || hashAt(next.db, current.id) !== current.hash)) return;
    writeAuditAnchor(dir, next.anchor);
  } catch (err) {
    logger.error({ err }, 'audit: the anchor could not be written');
  }
}

function triggersMissing(db: Db): boolean {
  const found = db.$client.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'").all() as {
    name: string;
    sql: string;
  }[];
  const normal = (s: string) => s.replace(/\s+/g, ' ').replace(/;$/, '').trim();
  return Object.entries(AUDIT_TRIGGERS).some(([name, sql]) => !found.some((t) => t.name === name && normal(t.sql) === normal(sql)));
}

export interface AuditVerification {
  /** Every row intact and chained, the anchored row there as it was, and the triggers in place. */
  ok: boolean;
  rows: number;
  /** The first row whose hash, or whose link to the row before, is not what its content and the key give. */
  firstBrokenId: number | null;
  /** The id the anchor names (the log holds at least this many rows), null when there is no anchor. */
  anchorId: number | null;
  /** The log holds rows but no anchor: a cut tail could not be seen. */
  unanchored: boolean;
  /** The anchored row is gone, or is not the row the anchor saw: the newest rows were cut or replaced. */
  tailMissing: boolean;
  /** The triggers that refuse UPDATE and DELETE are gone or changed. */
  triggersMissing: boolean;
}

/** How long the check runs before it lets other requests in, and how many rows it reads at a time. */
const SLICE_MS = 8;
const BATCH = 250;
const yieldToOthers = () => new Promise<void>((r) => setImmediate(r));

async function walk(db: Reader, key: Buffer): Promise<number | null> {
  let prevHash = GENESIS_HASH;
  let afterId = 0;
  let sliceStart = performance.now();
  for (;;) {
    const batch = db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(BATCH).all();
    if (batch.length === 0) return null;
    for (const row of batch) {
      const { hash, prevHash: storedPrev, ...rest } = row;
      if (storedPrev !== prevHash || chainHash(prevHash, rest, key) !== hash) return row.id;
      prevHash = hash;
      afterId = row.id;
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToOthers();
      sliceStart = performance.now();
    }
  }
}

/**
 * The walk of `walk` in a worker thread, on a read-only connection of its own to the database file: the same
 * content and HMAC as chainHash, over the raw columns (`at` is stored in milliseconds, `fields` as the JSON text
 * drizzle wrote, which parses back to the same value). Plain JavaScript, so it runs the same under tsx, Vitest
 * and the esbuild bundle; the driver is resolved here and passed by path.
 */
const WORKER_WALK = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac } = require('node:crypto');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  const read = db.prepare('SELECT id, at, actor_id, actor_name, action, entity, entity_id, fields, address, "before", prev_hash, hash FROM audit_log WHERE id > ? ORDER BY id LIMIT 1000');
  let prev = workerData.genesis, after = 0, broken = null;
  walk: for (;;) {
    const rows = read.all(after);
    if (rows.length === 0) break;
    for (const r of rows) {
      const parts = [prev, r.id, r.at, r.actor_id, r.actor_name, r.action, r.entity, r.entity_id, JSON.parse(r.fields), r.address];
      const before = r.before === null ? null : JSON.parse(r.before);
      if (before !== null) parts.push(before);
      const text = JSON.stringify(parts);
      if (r.prev_hash !== prev || createHmac('sha256', workerData.key).update(text).digest('hex') !== r.hash) { broken = r.id; break walk; }
      prev = r.hash;
      after = r.id;
    }
  }
  parentPort.postMessage({ broken });
} finally {
  db.close();
}
`;

function walkInWorker(path: string, key: Buffer): Promise<number | null> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(WORKER_WALK, { eval: true, workerData: { path, key, driver, genesis: GENESIS_HASH } });
    worker.once('message', (m: { broken: number | null }) => resolvePromise(m.broken));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the audit check's worker stopped (${code})`)));
  });
}

async function walkOffThread(db: Db, key: Buffer): Promise<number | null> {
  const path = db.$client.name;
  if (!db.$client.memory && path && path !== ':memory:') {
    try {
      return await walkInWorker(resolve(path), key);
    } catch (err) {
      logger.error({ err }, 'audit: the check could not run in a worker; it runs in slices instead');
    }
  }
  return walk(db, key);
}

async function verify(db: Db, privateDir: string): Promise<AuditVerification> {
  // Read first: the anchor only moves forward, so what it names was in the log before the walk began.
  const anchor = readAnchor(privateDir);
  const firstBrokenId = await walkOffThread(db, auditKey(privateDir));
  const rows = db.select({ n: count() }).from(auditLog).get()!.n;
  const last = db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()?.id ?? 0;
  const anchored = anchor !== null && anchor !== 'damaged' ? anchor : null;
  const unanchored = anchored === null && (rows > 0 || anchor === 'damaged');
  const tailMissing = anchored !== null && (last < anchored.id || hashAt(db, anchored.id) !== anchored.hash);
  const noTriggers = triggersMissing(db);
  return {
    ok: firstBrokenId === null && !unanchored && !tailMissing && !noTriggers,
    rows,
    firstBrokenId,
    anchorId: anchored?.id ?? null,
    unanchored,
    tailMissing,
    triggersMissing: noTriggers,
  };
}

/** One check at a time per database: a second request while one runs shares its answer. */
const running = new WeakMap<Db, Promise<AuditVerification>>();

/** Checks the whole chain, its anchor and its triggers (GET /api/admin/audit-log/verify, the Audit tab). */
export function verifyAuditChain(db: Db, privateDir: string): Promise<AuditVerification> {
  const inFlight = running.get(db);
  if (inFlight) return inFlight;
  const started = verify(db, privateDir).finally(() => running.delete(db));
  running.set(db, started);
  return started;
}

/**
 * At start, the one-time move of a log written before the chain was keyed (ADR 064): when the log's first row
 * carries a plain SHA-256 hash and no anchor exists yet, the whole unkeyed chain is checked, and only if it is
 * intact is every row rewritten in one transaction: its fields reduced to what the log keeps now (fields.ts:
 * free text reads `changed`), then hashed again under the key. The append-only triggers are dropped and made
 * again inside that transaction only. A broken unkeyed chain is left exactly as found, and said in the log.
 */
export function prepareAuditChain(db: Db, privateDir: string): 'empty' | 'keyed' | 'rekeyed' | 'unkeyed-broken' {
  const key = auditKey(privateDir);
  const first = db.select().from(auditLog).orderBy(asc(auditLog.id)).limit(1).get();
  if (!first) return 'empty';
  const { hash, prevHash: _prev, ...rest } = first;
  if (readAnchor(privateDir) !== null || chainHash(GENESIS_HASH, rest, key) === hash || unkeyedHash(GENESIS_HASH, rest) !== hash)
    return 'keyed';

  const read = (after: number) => db.select().from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id)).limit(1000).all();
  let prev = GENESIS_HASH;
  for (let after = 0; ;) {
    const batch = read(after);
    if (batch.length === 0) break;
    for (const { hash: stored, prevHash: storedPrev, ...row } of batch) {
      if (storedPrev !== prev || unkeyedHash(prev, row) !== stored) {
        logger.error({ firstBrokenId: row.id }, 'audit: the log from before the keyed chain is broken; it was left as found, unkeyed');
        return 'unkeyed-broken';
      }
      prev = stored;
      after = row.id;
    }
  }

  const update = db.$client.prepare('UPDATE audit_log SET fields = ?, prev_hash = ?, hash = ? WHERE id = ?');
  let last: AuditAnchor | null = null;
  db.$client.transaction(() => {
    for (const name of Object.keys(AUDIT_TRIGGERS)) db.$client.exec(`DROP TRIGGER IF EXISTS \`${name}\``);
    let prevHash = GENESIS_HASH;
    for (let after = 0; ;) {
      const batch = read(after);
      if (batch.length === 0) break;
      for (const { hash: _hash, prevHash: _prevHash, ...row } of batch) {
        const fields = keptFields(row.entity as AuditEntity, row.fields);
        const next = chainHash(prevHash, { ...row, fields }, key);
        update.run(JSON.stringify(fields), prevHash, next, row.id);
        prevHash = next;
        last = { id: row.id, hash: next };
        after = row.id;
      }
    }
    for (const sql of Object.values(AUDIT_TRIGGERS)) db.$client.exec(sql);
  })();
  if (last) writeAuditAnchor(privateDir, last);
  logger.info({ rows: (last as AuditAnchor | null)?.id ?? 0 }, 'audit: the log was re-keyed and its free text redacted (ADR 064)');
  return 'rekeyed';
}
