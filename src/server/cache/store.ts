/**
 * The one memory the server keeps between requests: finished answers (response-cache.ts), the data memo
 * (`cachedRead`) and the public pages' last renders (pages/render.ts), in one least-recently-used store with one
 * byte budget (CACHE_BUDGET_MB), per database (ADR 017).
 *
 * Everything in it is valid for one write version of the database only. The version is SQLite's own:
 * `total_changes()` (rows this connection changed, whichever code did it) and `data_version` (moves when another
 * connection or process commits; read once at the start of each request, `seeOtherWriters`). When it moves the
 * store is emptied, so no write path has to remember to invalidate anything, and an edit is seen at once.
 *
 * The one exception is explicit (ADR 065): rows written inside `bookkeeping()` do not move the version. Only
 * writes that no cached answer or memo reads go there: a session's expiry slid forward (auth/session.ts, which
 * updates its own memo), a reset link with its queued message (parents/passwords.ts, staff/accounts.ts), and a
 * staff sign-in's pending second step or passkey challenge (auth/second-factor.ts, ADR 102).
 * Limiter state and the counts of failed sign-ins live in memory, never in the database. Every other write, and
 * every audit row, still empties the store; tests/integration/cache-bookkeeping.test.ts holds both sides.
 */
import { LRUCache } from 'lru-cache';
import type { Statement } from 'better-sqlite3';
import { centreDateOf } from '../../shared/centre-time';
import type { Clock } from '../clock';
import { baseDb, type Db } from '../db';

export const DEFAULT_CACHE_BUDGET_BYTES = 32 * 1024 * 1024;
/** No single entry above this is cached: one huge answer must not push out hundreds of ordinary ones. */
export const MAX_ENTRY_BYTES = 256 * 1024;
/** Entries one signed-in session may hold at once (a parent's dashboard needs about a dozen). */
export const MAX_ENTRIES_PER_SESSION = 32;

/** A finished answer, as the pipeline made it for the first request with its key. */
export interface StoredAnswer {
  kind: 'answer';
  status: number;
  /**
   * Its headers as a plain object (a stored answer never sets a cookie, so no name repeats): @hono/node-server
   * writes a plain object as it is, where a list of pairs would first become a `Headers`.
   */
  headers: Record<string, string>;
  body: Uint8Array;
  /** Epoch ms after which it is not sent again (a page rendered from the time); Infinity otherwise. */
  until: number;
  /** The session it belongs to, or null for an answer that is everyone's. */
  owner: string | null;
  size: number;
}

interface Memo {
  kind: 'memo';
  value: unknown;
  size: number;
}

type Stored = StoredAnswer | Memo;

export interface CacheStore {
  /** The database's write version now (cheap: one statement this connection answers from memory). */
  version(): string;
  /** The stored value of `key` under the current version, emptying the store first if the version moved. */
  get(key: string): Stored | undefined;
  /** Keeps `entry` under `key` if it was made under `version` and fits; false when it was not cached. */
  setAnswer(key: string, version: string, entry: StoredAnswer): boolean;
  /**
   * Keeps `value` under `key`, sized by its JSON unless `options.size` says better (a value of bytes); with
   * `options.madeUnder`, only if nothing was written since that version. False when it was not stored.
   */
  setMemo(key: string, value: unknown, options?: { size?: number; madeUnder?: string }): boolean;
  /** Whether `key` is held under the current version (for tests). */
  holds(key: string): boolean;
  /** Bytes held now (the sizes the store counts), for tests and the performance notes. */
  bytes(): number;
  entries(): number;
  /** How many finished answers it holds (a walk over every entry: for tests). */
  answers(): number;
  budget: number;
}

interface VersionReaders {
  changes: Statement;
  external: Statement;
  lastExternal: number;
  /** Rows written inside `bookkeeping()`: taken off `total_changes()`, so they do not move the version. */
  uncounted: number;
}

const stores = new WeakMap<Db, CacheStore>();
const readers = new WeakMap<Db, VersionReaders>();

function readersOf(handle: Db): VersionReaders {
  const db = baseDb(handle);
  let r = readers.get(db);
  if (!r) {
    r = {
      changes: db.$client.prepare('select total_changes()').pluck(),
      // The pragma itself, not its table-valued form (`pragma_data_version`): the same value without a virtual table.
      external: db.$client.prepare('PRAGMA data_version').pluck(),
      lastExternal: 0,
      uncounted: 0,
    };
    r.lastExternal = r.external.get() as number;
    readers.set(db, r);
  }
  return r;
}

/**
 * Looks for commits by other connections (a script, the sqlite3 shell, another process). Called once at the start
 * of every request (response-cache.ts), so a request sees every commit made before it began; this process's own
 * writes are seen at once without it.
 */
export function seeOtherWriters(db: Db): void {
  const r = readersOf(db);
  r.lastExternal = r.external.get() as number;
}

export function writeVersion(db: Db): string {
  const r = readersOf(db);
  return `${(r.changes.get() as number) - r.uncounted}.${r.lastExternal}`;
}

/**
 * Runs `write` (synchronous, on this connection or a transaction of it) without moving the store's version: for
 * rows that no cached answer and no memo reads (the list is in this file's header, ADR 065). A write a cached
 * read depends on must never run here, nor an audit row: those are what empty the store. Rows written by
 * anything else meanwhile still count, since only the rows changed during `write` are taken off.
 */
export function bookkeeping<T>(db: Db, write: () => T): T {
  const r = readersOf(db);
  const before = r.changes.get() as number;
  try {
    return write();
  } finally {
    r.uncounted += (r.changes.get() as number) - before;
  }
}

/** A rough count of the bytes a value read from the database holds in memory (its JSON, twice for UTF-16 and objects). */
function approximateBytes(value: unknown): number {
  if (value === undefined || value === null) return 16;
  try {
    return 2 * (JSON.stringify(value)?.length ?? 8) + 64;
  } catch {
    return MAX_ENTRY_BYTES + 1;
  }
}

function createStore(db: Db, budget: number): CacheStore {
  let version = '';
  const perSession = new Map<string, number>();
  const lru = new LRUCache<string, Stored>({
    max: 50_000,
    maxSize: budget,
    maxEntrySize: MAX_ENTRY_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.size),
    // An entry replaced under its own key keeps its session's place (counted once, in setAnswer).
    noDisposeOnSet: true,
    dispose: (entry) => {
      if (entry.kind !== 'answer' || entry.owner === null) return;
      const n = (perSession.get(entry.owner) ?? 0) - 1;
      if (n > 0) perSession.set(entry.owner, n);
      else perSession.delete(entry.owner);
    },
  });

  function current(): string {
    const now = writeVersion(db);
    if (now !== version) {
      lru.clear();
      perSession.clear();
      version = now;
    }
    return now;
  }

  return {
    budget,
    version: current,
    get(key) {
      current();
      return lru.get(key);
    },
    setAnswer(key, madeUnder, entry) {
      // Made while something was written (by this request or one running meanwhile): already stale.
      if (current() !== madeUnder || entry.size > MAX_ENTRY_BYTES) return false;
      if (entry.owner !== null) {
        const held = perSession.get(entry.owner) ?? 0;
        if (held >= MAX_ENTRIES_PER_SESSION && !lru.has(key)) return false;
        if (!lru.has(key)) perSession.set(entry.owner, held + 1);
      }
      lru.set(key, entry);
      if (!lru.has(key) && entry.owner !== null) {
        // Refused by the store (too large): give the session its place back.
        const n = (perSession.get(entry.owner) ?? 1) - 1;
        if (n > 0) perSession.set(entry.owner, n);
        else perSession.delete(entry.owner);
      }
      return lru.has(key);
    },
    setMemo(key, value, options = {}) {
      if (current() !== (options.madeUnder ?? version)) return false;
      const size = (options.size ?? approximateBytes(value)) + key.length * 2;
      if (size > MAX_ENTRY_BYTES) return false;
      lru.set(key, { kind: 'memo', value, size });
      return lru.has(key);
    },
    holds(key) {
      current();
      return lru.has(key);
    },
    bytes: () => lru.calculatedSize,
    entries: () => lru.size,
    answers: () => [...lru.values()].filter((e) => e.kind === 'answer').length,
  };
}

/** The store of `db`, made with `budget` bytes (createApp sets it from the config; tools get the default). */
export function cacheStore(handle: Db, budget?: number): CacheStore {
  const db = baseDb(handle);
  let store = stores.get(db);
  if (!store || (budget !== undefined && store.budget !== budget)) {
    store = createStore(db, budget ?? DEFAULT_CACHE_BUDGET_BYTES);
    stores.set(db, store);
  }
  return store;
}

/**
 * A read that depends only on the database and on what `key` names: answered from memory until anything is
 * written. The key must name every input of `load`, including whose data it is (a parent's id or e-mail, the
 * audience) and the day when the answer depends on it; never a cursor or anything else a caller can make up
 * without limit (only first pages are cached: `firstPageRead`). It saves the query, never an authorization:
 * callers still check who asks on every request.
 */
export function cachedRead<T>(db: Db, key: string, load: () => T): T {
  const store = cacheStore(db);
  const memoKey = `memo\n${key}`;
  const found = store.get(memoKey);
  if (found?.kind === 'memo') return found.value as T;
  const value = load();
  store.setMemo(memoKey, value);
  return value;
}

/**
 * Replaces what `cachedRead` keeps under `key` with `value`, if it keeps anything: for a memo whose row a
 * `bookkeeping()` write changed (a session's expiry), which the store is not emptied for.
 */
export function updateCachedRead(db: Db, key: string, value: unknown): void {
  const store = cacheStore(db);
  const memoKey = `memo\n${key}`;
  if (store.get(memoKey)?.kind === 'memo') store.setMemo(memoKey, value);
}

/** `cachedRead` for a list's first page; a page after a cursor is read from the database every time. */
export function firstPageRead<T>(db: Db, key: string, cursor: string | null | undefined, load: () => T): T {
  return cursor ? load() : cachedRead(db, key, load);
}

/** `cachedRead` of an answer that depends on the centre's calendar day (an announcement's last day, "recent"). */
export function dailyRead<T>(ctx: { db: Db; clock: Clock }, key: string, load: () => T): T {
  return cachedRead(ctx.db, `${key}:${centreDateOf(ctx.clock.now())}`, load);
}
