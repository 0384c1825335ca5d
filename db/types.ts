import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema';

/** The database as drizzle opens it with this schema (src/server/db.ts opens it; db/seed.ts writes to it). */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
