/**
 * The public lists (events, announcements, gallery, milestones, achievements) served from memory (ADR 010).
 *
 * An entry is the answer of the procedure for an anonymous caller, kept with the database's write counter and
 * the centre's calendar day it was read at. It is used only while both are unchanged:
 *  - the write counter is SQLite's own: `total_changes()` (every row this connection has inserted, updated or
 *    deleted, whichever code did it) and `data_version` (moves when another connection, another process,
 *    commits). No write path has to remember to invalidate: any write at all empties the cache for the next
 *    read, so an edit is seen at once;
 *  - the day, because some lists depend on it (an announcement whose last day has passed, "recent"
 *    achievements): at midnight in Columbus every entry is read again.
 * Staff answers (private items) never come from here. The JSON text, its ETag and the tRPC (superjson) form
 * are made once per entry, when first asked for.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Statement } from 'better-sqlite3';
import { centreDateOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import type { Db } from '../db';

export type PublicList = 'events' | 'announcements' | 'gallery' | 'milestones' | 'achievements' | 'achievementsRecent';

interface Entry {
  version: string;
  day: string;
  value: object;
}

export interface SerializedList {
  body: string;
  /** A strong validator: the SHA-256 of the exact bytes sent. */
  etag: string;
  /** The body gzipped once (made when first asked for), with its own strong ETag. */
  gzip(): { bytes: Uint8Array; etag: string };
}

const versionStatements = new WeakMap<Db, Statement>();
const entries = new WeakMap<Db, Map<PublicList, Entry>>();
const serialized = new WeakMap<object, SerializedList>();
const transformed = new WeakMap<object, unknown>();
const cachedValues = new WeakSet<object>();

/** Changes whenever any row of the database changes, through this connection or another. */
export function writeVersion(db: Db): string {
  let statement = versionStatements.get(db);
  if (!statement) {
    statement = db.$client.prepare('select total_changes() as c, (select data_version from pragma_data_version) as v');
    versionStatements.set(db, statement);
  }
  const row = statement.get() as { c: number; v: number };
  return `${row.c}.${row.v}`;
}

/** The cached answer of `key`, or `load()`'s, kept until the next write or the next day in the centre. */
export function publicList<T extends object>(ctx: { db: Db; clock: Clock }, key: PublicList, load: () => T): T {
  let map = entries.get(ctx.db);
  if (!map) {
    map = new Map();
    entries.set(ctx.db, map);
  }
  const version = writeVersion(ctx.db);
  const day = centreDateOf(ctx.clock.now());
  const hit = map.get(key);
  if (hit && hit.version === version && hit.day === day) return hit.value as T;
  const value = load();
  cachedValues.add(value);
  map.set(key, { version, day, value });
  return value;
}

/** The JSON text and ETag of a value publicList answered; undefined for any other value (a staff answer). */
export function serializedList(value: unknown): SerializedList | undefined {
  if (typeof value !== 'object' || value === null || !cachedValues.has(value)) return undefined;
  let s = serialized.get(value);
  if (!s) {
    const body = JSON.stringify(value);
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    let gzipped: { bytes: Uint8Array; etag: string } | undefined;
    s = { body, etag: `"${tag}"`, gzip: () => (gzipped ??= { bytes: gzipSync(body), etag: `"${tag}-gzip"` }) };
    serialized.set(value, s);
  }
  return s;
}

/** The transformer's (superjson's) form of a cached value, made once; other values are transformed every time. */
export function transformOnce(value: unknown, transform: (v: unknown) => unknown): unknown {
  if (typeof value !== 'object' || value === null || !cachedValues.has(value)) return transform(value);
  if (!transformed.has(value)) transformed.set(value, transform(value));
  return transformed.get(value);
}
