/**
 * Reads served from memory until the next write (ADR 010): the public lists (events, announcements, gallery,
 * milestones, achievements), and the hot reads of the signed-in pages (sessions, a parent's children, the
 * dashboard's figures and pages, the staff's roster and message pages), each keyed by whose data it is.
 *
 * An entry is the answer of the procedure for an anonymous caller, kept with the database's write counter and
 * the centre's calendar day it was read at. It is used only while both are unchanged:
 *  - the write counter is SQLite's own: `total_changes()` (every row this connection has inserted, updated or
 *    deleted, whichever code did it) and `data_version` (moves when another connection, another process,
 *    commits). No write path has to remember to invalidate: any write at all empties the cache for the next
 *    read, so an edit is seen at once;
 *  - the day, because some lists depend on it (an announcement whose last day has passed, "recent"
 *    achievements): at midnight in Columbus every entry is read again.
 * Staff answers to the public lists (private items) never come from the public entries. The JSON text, its
 * ETag and the tRPC (superjson) form are made once per entry, when first asked for.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Statement } from 'better-sqlite3';
import { centreDateOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import type { Db } from '../db';

export type PublicList = 'events' | 'announcements' | 'gallery' | 'milestones' | 'achievements' | 'achievementsRecent';

/** Above this many entries (more than any real centre reads between two writes), the memo starts again. */
const MAX_ENTRIES = 20_000;

interface Memo {
  version: string;
  values: Map<string, unknown>;
}

interface VersionReaders {
  /** Rows changed by this connection: exact and nearly free (0.1 µs). */
  changes: Statement;
  /** Moves when another connection commits; reading it opens a read transaction (about 4 µs). */
  external: Statement;
  lastExternal: number;
  /** Set when `external` has been read in this turn of the event loop; cleared once the turn's I/O is done. */
  readThisTurn: boolean;
}

export interface SerializedList {
  /** The JSON, encoded to UTF-8 once (a string would be measured and encoded again for every answer). */
  body: Uint8Array;
  /** A strong validator: the SHA-256 of the exact bytes sent. */
  etag: string;
  /** The body gzipped once (made when first asked for), with its own strong ETag. */
  gzip(): { bytes: Uint8Array; etag: string };
}

const versionReaders = new WeakMap<Db, VersionReaders>();
const memos = new WeakMap<Db, Memo>();
const serialized = new WeakMap<object, SerializedList>();
const transformed = new WeakMap<object, unknown>();
const cachedValues = new WeakSet<object>();
/** Every object cachedRead answered: its transformer (superjson) and JSON forms are made once. */
const memoized = new WeakSet<object>();
const jsonForms = new WeakMap<object, Uint8Array>();

function readers(db: Db): VersionReaders {
  let r = versionReaders.get(db);
  if (!r) {
    r = {
      changes: db.$client.prepare('select total_changes()').pluck(),
      external: db.$client.prepare('select data_version from pragma_data_version').pluck(),
      lastExternal: -1,
      readThisTurn: false,
    };
    r.lastExternal = r.external.get() as number;
    versionReaders.set(db, r);
  }
  return r;
}

/**
 * Looks for commits by other connections (another process: a script, the sqlite3 shell). Called at the start
 * of every request (context.ts, and the kept answers' door), but read at most once per turn of the event loop:
 * reading data_version opens a read transaction (two file locks), and under load one turn takes up dozens of
 * requests at once, for which it was a quarter of a kept answer's cost (ADR 010, fourth addendum). So a request
 * sees every commit another process made before the turn that took it up began; an idle server reads it for
 * every request. Writes by this process are seen at once without it (total_changes).
 */
export function noteExternalWrites(db: Db): void {
  const r = readers(db);
  if (r.readThisTurn) return;
  r.lastExternal = r.external.get() as number;
  r.readThisTurn = true;
  setImmediate(() => {
    r.readThisTurn = false;
  });
}

/** Changes whenever any row of the database changes: through this connection, or another one seen since. */
export function writeVersion(db: Db): string {
  const r = readers(db);
  return `${r.changes.get() as number}.${r.lastExternal}`;
}

/**
 * A read that depends only on the database (and on what `key` names): answered from memory until anything is
 * written. The key must name every input of `load`, including the caller whose data it is (a parent's id) and
 * the day when the answer depends on it. It saves the query, never an authorization: callers still check
 * who asks on every request (and those checks are reads like any other, cached the same way).
 */
export function cachedRead<T>(db: Db, key: string, load: () => T): T {
  const version = writeVersion(db);
  let memo = memos.get(db);
  if (!memo || memo.version !== version || memo.values.size >= MAX_ENTRIES) {
    memo = { version, values: new Map() };
    memos.set(db, memo);
  }
  if (memo.values.has(key)) return memo.values.get(key) as T;
  const value = load();
  memo.values.set(key, value);
  if (typeof value === 'object' && value !== null) memoized.add(value);
  return value;
}

/** The UTF-8 JSON of a value cachedRead answered, made once; undefined for any other value. */
export function jsonOnce(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'object' || value === null || !memoized.has(value)) return undefined;
  let bytes = jsonForms.get(value);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(value));
    jsonForms.set(value, bytes);
  }
  return bytes;
}

/** The public answer of `key` (an anonymous caller's), kept until the next write or the next day in the centre. */
export function publicList<T extends object>(ctx: { db: Db; clock: Clock }, key: PublicList, load: () => T): T {
  const value = cachedRead(ctx.db, `public:${key}:${centreDateOf(ctx.clock.now())}`, load);
  cachedValues.add(value);
  return value;
}

/** The JSON text and ETag of a value publicList answered; undefined for any other value (a staff answer). */
export function serializedList(value: unknown): SerializedList | undefined {
  if (typeof value !== 'object' || value === null || !cachedValues.has(value)) return undefined;
  let s = serialized.get(value);
  if (!s) {
    const body = Buffer.from(JSON.stringify(value));
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    let gzipped: { bytes: Uint8Array; etag: string } | undefined;
    s = { body, etag: `"${tag}"`, gzip: () => (gzipped ??= { bytes: gzipSync(body), etag: `"${tag}-gzip"` }) };
    serialized.set(value, s);
  }
  return s;
}

/** The transformer's (superjson's) form of a cached value, made once; other values are transformed every time. */
export function transformOnce(value: unknown, transform: (v: unknown) => unknown): unknown {
  if (typeof value !== 'object' || value === null || !memoized.has(value)) return transform(value);
  if (!transformed.has(value)) transformed.set(value, transform(value));
  return transformed.get(value);
}
