import { clearFactors } from './staff/second-factor';
import { eq } from 'drizzle-orm';
import { adminUsers } from '../../db/schema';
import { seedReferenceData } from '../../db/seed';
import { staffPasswordField } from '../shared/schemas/password-policy';
import { hashPassword } from './auth/password';
import { setStaffPassword } from './staff/passwords';
import type { Config } from './config';
import type { Db } from './db';

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists yet. */
export async function ensureFirstAdmin(db: Db, admin: NonNullable<Config['admin']>): Promise<boolean> {
  const any = db.select({ id: adminUsers.id }).from(adminUsers).limit(1).get();
  if (any) return false;
  db.insert(adminUsers)
    .values({ email: admin.email, name: admin.name, passwordHash: await hashPassword(admin.password) })
    .run();
  return true;
}

/** Creates an admin or resets the password of an existing one (scripts/upsert-admin.ts). */
export async function upsertAdmin(
  db: Db,
  admin: NonNullable<Config['admin']>,
  options: { resetSecondFactor?: boolean } = {},
): Promise<'created' | 'updated'> {
  const existing = db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, admin.email)).get();
  if (existing) {
    // A reset ends every session of the account (whoever had signed in with the old password is out).
    await setStaffPassword(db, existing.id, admin.password, { name: admin.name });
    // The last director's lost phone (ADR 102): her app, recovery codes and passkeys are taken off.
    if (options.resetSecondFactor) db.transaction(() => clearFactors(db, existing.id));
    return 'updated';
  }
  db.insert(adminUsers)
    .values({ email: admin.email, name: admin.name, passwordHash: await hashPassword(staffPasswordField().parse(admin.password)) })
    .run();
  return 'created';
}

export function prepareDatabase(db: Db): void {
  seedReferenceData(db);
}
