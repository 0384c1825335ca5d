import { eq } from 'drizzle-orm';
import { adminUsers } from '../../db/schema';
import { seedReferenceData } from '../../db/seed';
import { hashPassword } from './auth/password';
import type { Config } from './config';
import type { Db } from './db';

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists yet. */
export async function ensureFirstAdmin(db: Db, admin: NonNullable<Config['admin']>): Promise<boolean> {
  const any = db.select({ id: adminUsers.id }).from(adminUsers).limit(1).get();
  if (any) return false;
  db.insert(adminUsers).values({ email: admin.email, name: admin.name, passwordHash: await hashPassword(admin.password) }).run();
  return true;
}

/** Creates an admin or resets the password of an existing one (scripts/create-admin.ts). */
export async function upsertAdmin(db: Db, admin: NonNullable<Config['admin']>): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(admin.password);
  const existing = db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, admin.email)).get();
  if (existing) {
    db.update(adminUsers).set({ passwordHash, name: admin.name, updatedAt: new Date() }).where(eq(adminUsers.id, existing.id)).run();
    return 'updated';
  }
  db.insert(adminUsers).values({ email: admin.email, name: admin.name, passwordHash }).run();
  return 'created';
}

export function prepareDatabase(db: Db): void {
  seedReferenceData(db);
}
