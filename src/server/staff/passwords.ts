import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import { staffPasswordField } from '../../shared/schemas/password-policy';
import type { Db } from '../db';
import { hashPassword } from '../auth/password';
import { deleteAdminSessions } from '../auth/session';
import { validationError } from '../field-errors';

/**
 * The one way to give an existing staff account a new password (admin:upsert, and any later change or reset
 * form): the policy is checked, the hash replaced, and every session of the account ends in the same
 * transaction, so whoever held a session under the old password holds nothing (ADR 006).
 */
export async function setStaffPassword(db: Db, adminId: string, password: string, changes: { name?: string } = {}): Promise<void> {
  const parsed = staffPasswordField().safeParse(password);
  if (!parsed.success) throw validationError(parsed.error);
  const checked = parsed.data;
  const passwordHash = await hashPassword(checked);
  db.transaction((tx) => {
    tx.update(adminUsers)
      .set({ passwordHash, ...changes, updatedAt: new Date() })
      .where(eq(adminUsers.id, adminId))
      .run();
    deleteAdminSessions(tx as unknown as Db, adminId);
  });
}
