/**
 * A child's billing terms (ADR 100): the plan, from when and until when, a discount in whole percent with its
 * reason, and an optional subsidy (the agency and the family's share per period). One row per child.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { childBillingTerms, enrolledChildren } from '~/db/schema';
import { centsToAmount } from '../../shared/money';
import type { termsSchema } from '../../shared/schemas/billing';
import type { StaffContext } from '../context';
import type { Db } from '../db';
import { recordAudit } from '../audit/record';
import { fieldError, refuse } from '../refusal';
import { findPlan } from './plans';

type TermsRow = typeof childBillingTerms.$inferSelect;

function termsOut(t: TermsRow) {
  return {
    childId: t.childId,
    planId: t.planId,
    startDate: t.startDate,
    endDate: t.endDate,
    discountPercent: t.discountPercent,
    discountReason: t.discountReason,
    subsidy:
      t.subsidyAgency !== null && t.subsidyFamilyShareCents !== null
        ? { agency: t.subsidyAgency, familyShare: centsToAmount(t.subsidyFamilyShareCents) }
        : null,
  };
}

function childOr404(db: Db, childId: string) {
  const child = db.select({ id: enrolledChildren.id }).from(enrolledChildren).where(eq(enrolledChildren.id, childId)).get();
  if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
}

/** GET /api/admin/children/{id}/billing: the child's terms, or null when none are set yet. */
export function getTerms(ctx: StaffContext, childId: string) {
  childOr404(ctx.db, childId);
  const row = ctx.db.select().from(childBillingTerms).where(eq(childBillingTerms.childId, childId)).get();
  return { terms: row ? termsOut(row) : null };
}

/** PUT /api/admin/children/{id}/billing: sets the child's terms, checked against the plan in the same transaction. */
export function setTerms(ctx: StaffContext, input: z.output<typeof termsSchema>) {
  return ctx.db.transaction((tx) => {
    const db = tx as unknown as Db;
    childOr404(db, input.childId);
    const plan = findPlan(db, input.planId);
    if (!plan.active) throw fieldError('planId', 'error.billingPlanRetired');
    if (input.subsidy && input.subsidy.familyShare > plan.amountCents) {
      throw fieldError('subsidy.familyShare', 'error.billingFamilyShareOverPlan', { amount: centsToAmount(plan.amountCents) });
    }
    const values = {
      planId: plan.id,
      startDate: input.startDate,
      endDate: input.endDate,
      discountPercent: input.discountPercent,
      discountReason: input.discountPercent > 0 ? input.discountReason : null,
      subsidyAgency: input.subsidy?.agency ?? null,
      subsidyFamilyShareCents: input.subsidy?.familyShare ?? null,
      updatedAt: ctx.clock.now(),
    };
    const row = db
      .insert(childBillingTerms)
      .values({ childId: input.childId, ...values })
      .onConflictDoUpdate({ target: childBillingTerms.childId, set: values })
      .returning()
      .get();
    recordAudit(db, ctx, {
      action: 'update',
      entity: 'billing-terms',
      entityId: input.childId,
      fields: { planId: plan.id, startDate: row.startDate, endDate: row.endDate, subsidy: row.subsidyAgency !== null },
    });
    return { terms: termsOut(row) };
  });
}
