/**
 * Late pickups (ADR 101): a check-out after the centre's closing time that day (the profile's hours) proposes a
 * fee. The director confirms it, at the centre's rate per started 15 minutes, or dismisses it. A confirmed fee is
 * a `late_fee` line of the family's open invoice for that day's period, or waits for the next invoice generated
 * (`pendingLateFeeLines`). Statuses: `proposed`, `confirmed` (waiting), `billed` (on an invoice), `dismissed`.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import { attendanceEvents, enrolledChildren, invoiceLines, invoices, lateFeeProposals } from '~/db/schema';
import { WEEKDAYS } from '~/shared/centre-profile';
import { centreDateOf, centreMoment } from '~/shared/centre-time';
import { t } from '~/shared/i18n';
import { centsToAmount, parseCents } from '~/shared/money';
import { centreProfile } from '../centre/profile';
import type { StaffContext } from '../context';
import type { Db } from '../db';
import { audited } from '../audit/record';
import { preferencesOfAddress } from '../parents/preferences';
import { refuse } from '../refusal';
import { settleFamily } from './settle';

/** The rate when the centre's settings name none: $5.00 per started quarter hour. */
export const DEFAULT_LATE_FEE_PER_QUARTER_HOUR = '5.00';
export const LATE_FEE_NOT_FOUND = 'error.lateFeeNotFound';

/** The centre's rate per started 15 minutes, in cents, from the profile's `billing.lateFeePerQuarterHour` if it has one. */
export function lateFeeRateCents(): number {
  const profile: object = centreProfile();
  const billing: unknown = 'billing' in profile ? profile.billing : undefined;
  const rate: unknown =
    billing && typeof billing === 'object' && 'lateFeePerQuarterHour' in billing ? billing.lateFeePerQuarterHour : undefined;
  const cents = typeof rate === 'string' ? parseCents(rate) : null;
  return cents !== null && cents >= 0 ? cents : (parseCents(DEFAULT_LATE_FEE_PER_QUARTER_HOUR) ?? 0);
}

/** The fee for `minutesLate`: each started quarter hour at the rate (no rounding: whole quarters times whole cents). */
export function lateFeeCents(minutesLate: number, rateCents = lateFeeRateCents()): number {
  return Math.ceil(minutesLate / 15) * rateCents;
}

/** How many whole minutes after the centre's closing time that day `at` is; 0 when on time or on a closed day. */
export function minutesAfterClosing(at: Date): { date: string; minutes: number } {
  const date = centreDateOf(at);
  const weekday = WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
  const hours = centreProfile().hours[weekday];
  if (!hours) return { date, minutes: 0 };
  const late = Math.floor((at.getTime() - centreMoment(date, hours.closes).getTime()) / 60_000);
  return { date, minutes: Math.max(late, 0) };
}

/**
 * Called in the transaction that records a check-out (or corrects its time): proposes a fee when it is after
 * closing, brings a proposal not yet decided up to date, and drops one the correction put back on time.
 */
export function proposeLateFee(db: Db, event: { id: string; childId: string; at: Date }): void {
  const { date, minutes } = minutesAfterClosing(event.at);
  if (minutes <= 0) {
    db.delete(lateFeeProposals)
      .where(and(eq(lateFeeProposals.eventId, event.id), eq(lateFeeProposals.status, 'proposed')))
      .run();
    return;
  }
  db.insert(lateFeeProposals)
    .values({ eventId: event.id, childId: event.childId, date, minutesLate: minutes })
    .onConflictDoUpdate({
      target: lateFeeProposals.eventId,
      set: { date, minutesLate: minutes },
      setWhere: eq(lateFeeProposals.status, 'proposed'),
    })
    .run();
}

const proposalColumns = {
  id: lateFeeProposals.id,
  childId: lateFeeProposals.childId,
  childName: enrolledChildren.childName,
  familyEmail: sql<string>`lower(${enrolledChildren.parentEmail})`,
  date: lateFeeProposals.date,
  minutesLate: lateFeeProposals.minutesLate,
  status: lateFeeProposals.status,
  feeCents: lateFeeProposals.feeCents,
  invoiceId: lateFeeProposals.invoiceId,
  checkedOutAt: attendanceEvents.at,
};

/** The proposals waiting for a decision and the confirmed fees waiting for an invoice, oldest first (at most 200). */
export function lateFeeList(ctx: StaffContext) {
  const rate = lateFeeRateCents();
  const rows = ctx.db
    .select(proposalColumns)
    .from(lateFeeProposals)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, lateFeeProposals.childId))
    .innerJoin(attendanceEvents, eq(attendanceEvents.id, lateFeeProposals.eventId))
    .where(inArray(lateFeeProposals.status, ['proposed', 'confirmed']))
    .orderBy(asc(lateFeeProposals.date), asc(lateFeeProposals.createdAt))
    .limit(200)
    .all();
  return {
    ratePerQuarterHour: centsToAmount(rate),
    proposals: rows.map(({ feeCents, familyEmail: _family, invoiceId: _invoice, ...r }) => ({
      ...r,
      fee: centsToAmount(feeCents ?? lateFeeCents(r.minutesLate, rate)),
    })),
  };
}

function lateFeeDescription(db: Db, familyEmail: string, p: { childName: string; date: string; minutesLate: number }): string {
  const { language } = preferencesOfAddress(db, familyEmail);
  return t(language, 'pdf.billing.lateFeeLine', { child: p.childName, day: new Date(`${p.date}T12:00:00Z`), minutes: p.minutesLate });
}

/**
 * Confirms a proposal at today's rate. On the family's open invoice for the period of that day, it is a line at
 * once (and the family's payments are settled again); otherwise it waits for the next invoice.
 */
export function confirmLateFee(ctx: StaffContext, id: string) {
  const rate = lateFeeRateCents();
  const result = audited(
    ctx,
    (db) => {
      const p = db
        .select(proposalColumns)
        .from(lateFeeProposals)
        .innerJoin(enrolledChildren, eq(enrolledChildren.id, lateFeeProposals.childId))
        .innerJoin(attendanceEvents, eq(attendanceEvents.id, lateFeeProposals.eventId))
        .where(eq(lateFeeProposals.id, id))
        .get();
      if (!p) throw refuse('NOT_FOUND', LATE_FEE_NOT_FOUND);
      if (p.status !== 'proposed') throw refuse('CONFLICT', 'error.lateFeeDecided');
      const feeCents = lateFeeCents(p.minutesLate, rate);
      const invoice = db
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.familyEmail, p.familyEmail),
            eq(invoices.status, 'open'),
            lte(invoices.periodStart, p.date),
            gte(invoices.periodEnd, p.date),
          ),
        )
        .orderBy(desc(invoices.periodStart))
        .limit(1)
        .get();
      if (invoice) addLateFeeLine(db, invoice.id, { childId: p.childId, description: lateFeeDescription(db, p.familyEmail, p), feeCents });
      db.update(lateFeeProposals)
        .set({
          status: invoice ? 'billed' : 'confirmed',
          feeCents,
          invoiceId: invoice?.id ?? null,
          decidedById: ctx.admin.id,
          decidedAt: ctx.clock.now(),
        })
        .where(eq(lateFeeProposals.id, id))
        .run();
      if (invoice) settleFamily(db, p.familyEmail);
      return { id, status: invoice ? 'billed' : 'confirmed', fee: centsToAmount(feeCents), invoiceId: invoice?.id ?? null };
    },
    (r) => ({ action: 'status', entity: 'late-fee', entityId: id, fields: { status: r.status, invoiceId: r.invoiceId } }),
  );
  return result;
}

function addLateFeeLine(db: Db, invoiceId: string, line: { childId: string; description: string; feeCents: number }) {
  const last = db
    .select({ position: max(invoiceLines.position) })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .get();
  db.insert(invoiceLines)
    .values({
      invoiceId,
      childId: line.childId,
      kind: 'late_fee',
      description: line.description,
      amountCents: line.feeCents,
      position: (last?.position ?? 0) + 1,
    })
    .run();
  db.update(invoices)
    .set({ totalCents: sql`${invoices.totalCents} + ${line.feeCents}` })
    .where(eq(invoices.id, invoiceId))
    .run();
}

export function dismissLateFee(ctx: StaffContext, id: string) {
  return audited(
    ctx,
    (db) => {
      const p = db.select({ status: lateFeeProposals.status }).from(lateFeeProposals).where(eq(lateFeeProposals.id, id)).get();
      if (!p) throw refuse('NOT_FOUND', LATE_FEE_NOT_FOUND);
      if (p.status !== 'proposed') throw refuse('CONFLICT', 'error.lateFeeDecided');
      db.update(lateFeeProposals)
        .set({ status: 'dismissed', decidedById: ctx.admin.id, decidedAt: ctx.clock.now() })
        .where(eq(lateFeeProposals.id, id))
        .run();
      return { id, status: 'dismissed' };
    },
    () => ({ action: 'status', entity: 'late-fee', entityId: id, fields: { status: 'dismissed' } }),
  );
}

export interface PendingLateFeeLine {
  proposalId: string;
  childId: string;
  kind: 'late_fee';
  description: string;
  amountCents: number;
}

/**
 * For invoice generation, inside its transaction: the family's confirmed fees waiting for an invoice, of days up to
 * the end of the period being billed, as lines to add. They are marked `billed` in the same transaction, so a
 * generation that fails leaves them waiting and one that succeeds never bills them twice.
 */
export function pendingLateFeeLines(tx: Db, familyEmail: string, _periodStart: string, periodEnd: string): PendingLateFeeLine[] {
  const family = familyEmail.trim().toLowerCase();
  const rows = tx
    .select({ ...proposalColumns })
    .from(lateFeeProposals)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, lateFeeProposals.childId))
    .innerJoin(attendanceEvents, eq(attendanceEvents.id, lateFeeProposals.eventId))
    .where(
      and(
        eq(lateFeeProposals.status, 'confirmed'),
        isNull(lateFeeProposals.invoiceId),
        lte(lateFeeProposals.date, periodEnd),
        sql`lower(${enrolledChildren.parentEmail}) = ${family}`,
      ),
    )
    .orderBy(asc(lateFeeProposals.date), asc(lateFeeProposals.createdAt))
    .all();
  if (rows.length) {
    tx.update(lateFeeProposals)
      .set({ status: 'billed' })
      .where(
        inArray(
          lateFeeProposals.id,
          rows.map((r) => r.id),
        ),
      )
      .run();
  }
  return rows.map((r) => ({
    proposalId: r.id,
    childId: r.childId,
    kind: 'late_fee',
    description: lateFeeDescription(tx, family, r),
    amountCents: r.feeCents ?? 0,
  }));
}
