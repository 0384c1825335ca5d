/**
 * The yearly review of a child's record (form JFS 01234, ADR 094): the parent checks in the portal what the centre
 * holds (contacts, pickups, allergies, medications, physician, care plan) and confirms it with a typed signature,
 * saying what they changed or ask to change in the same visit; the director countersigns. The next is due 12 months
 * after the last countersigned one (src/shared/compliance-rules.ts). Reviews are never deleted.
 */
import type { z } from 'zod';
import { and, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { annualReviews, enrolledChildren } from '~/db/schema';
import { annualReviewStatus } from '../../shared/compliance-rules';
import type { annualReviewInput } from '../../shared/schemas/health';
import type { ParentContext, StaffContext } from '../context';
import type { Db } from '../db';
import { centreToday } from '../clock';
import { careFlagsOf } from '../children/care-flags';
import { pickupsOf } from '../attendance/pickups';
import { parentChildOr404 } from '../parents/access';
import { audited, recordAudit } from '../audit/record';
import { refuse } from '../refusal';
import { healthOf } from './records';

/** Lines of the child's notes a family wrote on the application that the review shows them (children/care-flags.ts reads the rest). */
const PHYSICIAN_LABELS = ['pediatrician', 'physician', 'doctor'];
const CONTACT_LABELS = ['emergency contact'];

function labelledLines(notes: string | null, labels: readonly string[]): string | null {
  const found: string[] = [];
  for (const line of (notes ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && labels.includes(line.slice(0, colon).trim().toLowerCase())) {
      const text = line.slice(colon + 1).trim();
      if (text) found.push(text);
    }
  }
  return found.join('; ') || null;
}

const reviewColumns = {
  id: annualReviews.id,
  childId: annualReviews.childId,
  signature: annualReviews.signature,
  signedOn: annualReviews.signedOn,
  signedAt: annualReviews.signedAt,
  changes: annualReviews.changes,
  countersignedAt: annualReviews.countersignedAt,
  countersignedByName: annualReviews.countersignedByName,
};

/**
 * The date the next review counts from: the parent's signing day of the latest countersigned review, for the active
 * children (or one child). Read from the children through the reviews' index on the child, so the list never reads
 * every review the centre ever kept (tests/integration/query-plans.test.ts).
 */
export function lastReviewDates(db: Db, childId?: string): Map<string, string> {
  const latest = db
    .select({ signedOn: max(annualReviews.signedOn) })
    .from(annualReviews)
    .where(and(eq(annualReviews.childId, enrolledChildren.id), isNotNull(annualReviews.countersignedAt)));
  const rows = db
    .select({ childId: enrolledChildren.id, signedOn: sql<string | null>`(${latest})` })
    .from(enrolledChildren)
    .where(and(eq(enrolledChildren.isActive, true), childId ? eq(enrolledChildren.id, childId) : undefined))
    .all();
  const last = new Map<string, string>();
  for (const r of rows) if (r.signedOn) last.set(r.childId, r.signedOn);
  return last;
}

function reviewsOf(db: Db, childId: string) {
  return db
    .select(reviewColumns)
    .from(annualReviews)
    .where(eq(annualReviews.childId, childId))
    .orderBy(desc(annualReviews.signedAt), desc(annualReviews.id))
    .all();
}

/**
 * What the centre holds of a child that the review and the emergency sheet show: the contacts, the authorized pickups
 * (without staff's note), the allergies, the medications, the physician and the care plan. Undefined for no child.
 */
export function recordToCheck(db: Db, childId: string) {
  const child = db
    .select({
      childName: enrolledChildren.childName,
      dateOfBirth: enrolledChildren.dateOfBirth,
      parentName: enrolledChildren.parentName,
      parentEmail: enrolledChildren.parentEmail,
      parentPhone: enrolledChildren.parentPhone,
      startDate: enrolledChildren.startDate,
      notes: enrolledChildren.notes,
    })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, childId))
    .get();
  if (!child) return undefined;
  const flags = careFlagsOf(child.notes);
  return {
    childName: child.childName,
    dateOfBirth: child.dateOfBirth,
    startDate: child.startDate,
    contacts: {
      parentName: child.parentName,
      parentEmail: child.parentEmail,
      parentPhone: child.parentPhone,
      emergencyContact: labelledLines(child.notes, CONTACT_LABELS),
    },
    pickups: pickupsOf(db, childId).map((p) => ({ name: p.name, relationship: p.relationship, phone: p.phone })),
    allergies: flags.allergies,
    medications: flags.careNeeds,
    physician: labelledLines(child.notes, PHYSICIAN_LABELS),
    carePlan: healthOf(db, childId).carePlanSummary,
  };
}

/**
 * `GET /api/parent/children/{id}/annual-review`: the record to check, the reviews so far and when the next is due.
 * Another family's child (or none) answers 404.
 */
export function reviewForParent(ctx: ParentContext, childId: string) {
  parentChildOr404(ctx.db, ctx.parent.id, childId);
  const { childName: _name, dateOfBirth: _born, startDate, ...record } = recordToCheck(ctx.db, childId)!;
  const reviews = reviewsOf(ctx.db, childId);
  const last = reviews.find((r) => r.countersignedAt)?.signedOn ?? null;
  return {
    childId,
    record,
    due: annualReviewStatus(centreToday(ctx.clock), { startDate, lastReviewDate: last }),
    awaitingCountersignature: reviews.some((r) => !r.countersignedAt),
    reviews: reviews.map(({ childId: _child, ...r }) => r),
  };
}

/**
 * `POST /api/parent/children/{id}/annual-review`: the parent confirms the record with their typed full name. A review
 * still waiting for the director's countersignature is 409 (nothing written): one at a time.
 */
export function submitReview(ctx: ParentContext, input: z.output<typeof annualReviewInput>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  const name = `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim() || ctx.parent.email;
  return ctx.db.transaction(() => {
    const pending = ctx.db
      .select({ id: annualReviews.id })
      .from(annualReviews)
      .where(and(eq(annualReviews.childId, input.childId), isNull(annualReviews.countersignedAt)))
      .get();
    if (pending) throw refuse('CONFLICT', 'error.reviewAwaitingCountersign');
    const now = ctx.clock.now();
    const review = ctx.db
      .insert(annualReviews)
      .values({
        childId: input.childId,
        parentId: ctx.parent.id,
        signature: input.signature,
        signedOn: centreToday(ctx.clock),
        signedAt: now,
        changes: input.changes,
      })
      .returning(reviewColumns)
      .get();
    recordAudit(ctx.db, ctx, {
      action: 'create',
      entity: 'annual-review',
      entityId: review.id,
      fields: { childId: input.childId, signedOn: review.signedOn, changes: input.changes.length },
      actor: { id: ctx.parent.id, name },
    });
    return review;
  });
}

/** The reviews signed by a parent and waiting for the director, oldest first, with the child's name. */
export function reviewsAwaitingCountersignature(ctx: StaffContext) {
  return ctx.db
    .select({ ...reviewColumns, childName: enrolledChildren.childName })
    .from(annualReviews)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, annualReviews.childId))
    .where(isNull(annualReviews.countersignedAt))
    .orderBy(annualReviews.signedAt, annualReviews.id)
    .all();
}

/** The director countersigns a parent's review (once: a second time is 409; an unknown id 404). */
export function countersignReview(ctx: StaffContext, id: string) {
  const review = ctx.db
    .select({ id: annualReviews.id, countersignedAt: annualReviews.countersignedAt })
    .from(annualReviews)
    .where(eq(annualReviews.id, id))
    .get();
  if (!review) throw refuse('NOT_FOUND', 'error.reviewNotFound');
  if (review.countersignedAt) throw refuse('CONFLICT', 'error.reviewCountersigned');
  const done = audited(
    ctx,
    (db) =>
      db
        .update(annualReviews)
        .set({ countersignedAt: ctx.clock.now(), countersignedById: ctx.admin.id, countersignedByName: ctx.admin.name })
        .where(and(eq(annualReviews.id, id), isNull(annualReviews.countersignedAt)))
        .returning(reviewColumns)
        .get(),
    (row) => ({
      action: 'status',
      entity: 'annual-review',
      entityId: row.id,
      fields: { childId: row.childId, countersignedAt: row.countersignedAt },
    }),
  );
  if (!done) throw refuse('CONFLICT', 'error.reviewCountersigned');
  return done;
}
