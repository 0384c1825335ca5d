import { staffInviteSchema, staffUpdateSchema, auditQuerySchema } from '../../shared/schemas/staff';
import { inviteStaff, updateStaff } from '../staff/accounts';
import { directorProcedure, router } from '../trpc';
import { staffList, auditList, auditVerify } from '../staff/directory';

/** The Staff tab: directors list, invite, change roles, deactivate and reactivate staff accounts. */
export const staffRouter = router({
  list: directorProcedure.query(({ ctx }) => staffList(ctx)),
  invite: directorProcedure.input(staffInviteSchema).mutation(({ ctx, input }) => inviteStaff(ctx, input)),
  update: directorProcedure.input(staffUpdateSchema).mutation(({ ctx, input }) => updateStaff(ctx, input)),
});

/** The audit trail, read-only: no procedure or path changes it (ADR 038). */
export const auditLogRouter = router({
  list: directorProcedure.input(auditQuerySchema).query(({ ctx, input }) => auditList(ctx, input)),
  verify: directorProcedure.query(({ ctx }) => auditVerify(ctx)),
});
