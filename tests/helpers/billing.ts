import { eq } from 'drizzle-orm';
import { attendanceEvents, invoiceLines, invoices, lateFeeProposals } from '../../db/schema';
import type { Db } from '../../src/server/db';
import { settleFamily } from '../../src/server/billing/settle';

let seq = 0;

export interface TestInvoice {
  familyEmail: string;
  familyName?: string;
  /** YYYY-MM: a monthly invoice of that month. */
  month: string;
  totalCents: number;
  /** Default: the 10th of the month. */
  dueDate?: string;
  issueDate?: string;
  childId?: string | null;
  status?: 'open' | 'paid' | 'void';
  createdAt?: Date;
}

/**
 * An invoice of one tuition line written straight into the tables, as invoice generation (the invoices half of
 * billing) would leave it, then the family's payments settled on it as generation does. Answers its id.
 */
export function insertInvoice(db: Db, inv: TestInvoice, settle = true): string {
  seq++;
  const [y, m] = inv.month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const id = db.transaction((tx) => {
    const t = tx as unknown as Db;
    const row = t
      .insert(invoices)
      .values({
        number: `INV-T${process.pid}-${String(seq).padStart(5, '0')}`,
        familyEmail: inv.familyEmail.toLowerCase(),
        familyName: inv.familyName ?? 'Test Family',
        periodKind: 'monthly',
        periodStart: `${inv.month}-01`,
        periodEnd: `${inv.month}-${String(last).padStart(2, '0')}`,
        issueDate: inv.issueDate ?? `${inv.month}-01`,
        dueDate: inv.dueDate ?? `${inv.month}-10`,
        totalCents: inv.totalCents,
        status: inv.status ?? 'open',
        ...(inv.createdAt ? { createdAt: inv.createdAt } : {}),
      })
      .returning({ id: invoices.id })
      .get();
    t.insert(invoiceLines)
      .values({
        invoiceId: row.id,
        childId: inv.childId ?? null,
        kind: 'tuition',
        description: 'Tuition',
        amountCents: inv.totalCents,
        position: 1,
        ...(inv.createdAt ? { createdAt: inv.createdAt } : {}),
      })
      .run();
    if (settle) settleFamily(t, inv.familyEmail);
    return row.id;
  });
  return id;
}

export function invoiceRow(db: Db, id: string) {
  return db.select().from(invoices).where(eq(invoices.id, id)).get()!;
}

/** A late-pickup proposal of `childId` waiting for the director (a check-out written straight into the table). */
export function lateFeeProposalFor(db: Db, childId: string, date = '2026-11-20', minutesLate = 20): string {
  const event = db
    .insert(attendanceEvents)
    .values({ childId, kind: 'out', at: new Date(`${date}T23:00:00Z`), by: 'Matrix Parent', recordedByName: 'Matrix Director' })
    .returning({ id: attendanceEvents.id })
    .get();
  return db.insert(lateFeeProposals).values({ eventId: event.id, childId, date, minutesLate }).returning({ id: lateFeeProposals.id }).get()
    .id;
}
