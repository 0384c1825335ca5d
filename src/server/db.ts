import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../db/schema';
import { prepareDatabaseFile } from './private-files';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/**
 * Opens the SQLite file with the pragmas ARCHITECTURE.md asks for and applies pending migrations. The file is
 * created (or kept) owner-only, 0600, and SQLite gives its -wal and -shm files the same mode.
 */
export function openDatabase(path: string): Db {
  prepareDatabaseFile(path);
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}
