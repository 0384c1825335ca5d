/**
 * Tuition plans (ADR 100): what a program costs per week or per month, in integer cents. A plan is renamed or
 * retired, never deleted (children's terms and past invoices name it). The router validates; these run the queries.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { billingPlans } from '~/db/schema';
import { centsToAmount } from '../../shared/money';
import type { planSchema, planUpdateSchema } from '../../shared/schemas/billing';
import type { StaffContext } from '../context';
import type { Db } from '../db';
import { audited } from '../audit/record';
import { centreProfile } from '../centre/profile';
import { fieldError, refuse } from '../refusal';

export const PLAN_NOT_FOUND = 'error.billingPlanNotFound';

export type PlanRow = typeof billingPlans.$inferSelect;

/** A plan as it is answered: the amount as text with two decimals, beside its cents. */
export function planOut(p: PlanRow) {
  return {
    id: p.id,
    name: p.name,
    program: p.program,
    period: p.period,
    amount: centsToAmount(p.amountCents),
    amountCents: p.amountCents,
    active: p.active,
  };
}

export function findPlan(db: Db, id: string): PlanRow {
  const plan = db.select().from(billingPlans).where(eq(billingPlans.id, id)).get();
  if (!plan) throw refuse('NOT_FOUND', PLAN_NOT_FOUND);
  return plan;
}

/** Every plan, the active ones first, then by name. A centre has a handful. */
export function listPlans(ctx: StaffContext) {
  return ctx.db
    .select()
    .from(billingPlans)
    .orderBy(desc(billingPlans.active), asc(billingPlans.name), asc(billingPlans.id))
    .all()
    .map(planOut);
}

export function createPlan(ctx: StaffContext, input: z.output<typeof planSchema>) {
  if (!centreProfile().programs.some((p) => p.id === input.program)) throw fieldError('program', 'error.billingProgram');
  const plan = audited(
    ctx,
    (db) =>
      db
        .insert(billingPlans)
        .values({ name: input.name, program: input.program, period: input.period, amountCents: input.amount })
        .returning()
        .get(),
    (p) => ({ action: 'create', entity: 'billing-plan', entityId: p.id, fields: { program: p.program, period: p.period } }),
  );
  return planOut(plan);
}

/** Renames or retires (or brings back) a plan. */
export function updatePlan(ctx: StaffContext, input: z.output<typeof planUpdateSchema>) {
  const plan = audited(
    ctx,
    (db) =>
      db
        .update(billingPlans)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          updatedAt: ctx.clock.now(),
        })
        .where(eq(billingPlans.id, input.id))
        .returning()
        .get(),
    (p) => ({
      action: 'update',
      entity: 'billing-plan',
      entityId: p.id,
      fields: { ...(input.name !== undefined ? { name: p.name } : {}), ...(input.active !== undefined ? { active: p.active } : {}) },
    }),
  );
  if (!plan) throw refuse('NOT_FOUND', PLAN_NOT_FOUND);
  return planOut(plan);
}
