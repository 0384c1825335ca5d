import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../db/schema';
import type { Db } from '../../db/types';
import { prepareDatabaseFile } from './private-files';

export type { Db };

/**
 * What a handle that wraps the database answers for this key: the database itself. Memory kept per database (the
 * cache store, the mail queue) is keyed by `baseDb(db)`, so a request's guarded handle (auth/write-rights.ts)
 * shares it.
 */
export const BASE_DB = Symbol('the database a handle wraps');
export function baseDb(db: Db): Db {
  return (db as Db & { [BASE_DB]?: Db })[BASE_DB] ?? db;
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/**
 * Opens the SQLite file with the pragmas of docs/operations.md (WAL, synchronous = FULL) and applies pending migrations. The file is
 * created (or kept) owner-only, 0600, and SQLite gives its -wal and -shm files the same mode.
 */
export function openDatabase(path: string): Db {
  prepareDatabaseFile(path);
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL, not WAL's usual NORMAL: NORMAL survives a killed process but may lose the last commits when the
  // machine loses power or the kernel crashes, and an answered request must never be lost (README, "Backups
  // and durability"). Each commit then waits for one fsync of the WAL, a few ms at a centre's write rate.
  sqlite.pragma('synchronous = FULL');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

/**
 * Closes the database at shutdown: the WAL is copied into the main file and truncated, so the file alone is
 * the whole database (a copy taken after the process stopped needs no -wal beside it), then the connection
 * is closed. Safe to call twice.
 */
export function closeDatabase(db: Db): void {
  const sqlite = db.$client;
  if (!sqlite.open) return;
  try {
    sqlite.pragma('optimize');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
}
