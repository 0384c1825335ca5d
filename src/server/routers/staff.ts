import { staffInviteSchema, staffUpdateSchema, auditQuerySchema } from '../../shared/schemas/staff';
import { auditPage } from '../audit/log';
import { verifyAuditChain } from '../audit/record';
import { inviteStaff, listStaff, updateStaff } from '../staff/accounts';
import { directorProcedure, router } from '../trpc';

/** The Staff tab: directors list, invite, change roles, deactivate and reactivate staff accounts. */
export const staffRouter = router({
  list: directorProcedure.query(({ ctx }) => listStaff(ctx.db)),
  invite: directorProcedure.input(staffInviteSchema).mutation(({ ctx, input }) => inviteStaff(ctx, input)),
  update: directorProcedure.input(staffUpdateSchema).mutation(({ ctx, input }) => updateStaff(ctx, input)),
});

/** The audit trail, read-only: no procedure or path changes it (ADR 038). */
export const auditLogRouter = router({
  list: directorProcedure.input(auditQuerySchema).query(({ ctx, input }) => auditPage(ctx.db, input)),
  verify: directorProcedure.query(({ ctx }) => verifyAuditChain(ctx.db, ctx.config.privateDir)),
});
