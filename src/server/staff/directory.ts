/**
 * The staff list and the audit trail as directors read them: behind routers/staff.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { StaffContext } from '../context';
import { type auditQuerySchema } from '../../shared/schemas/staff';
import { auditPage } from '../audit/log';
import { verifyAuditChain } from '../audit/record';
import { listStaff } from './accounts';

export function staffList(ctx: StaffContext) {
  return listStaff(ctx.db);
}

export function auditList(ctx: StaffContext, input: z.output<typeof auditQuerySchema>) {
  return auditPage(ctx.db, input);
}

export function auditVerify(ctx: StaffContext) {
  return verifyAuditChain(ctx.db, ctx.config.privateDir);
}
