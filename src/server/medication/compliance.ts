/**
 * The medication lines of the inspector's list (the compliance tab): one per authorization that needs attention
 * or is running, by the rule in shared/medication-rules.ts (`authorizationCompliance`).
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import { enrolledChildren, medicationAuthorizations } from '~/db/schema';
import type { Db } from '../db';
import { addDays, centreDateOf } from '~/shared/centre-time';
import { authorizationCompliance, ENDED_SHOWN_DAYS, type StoredMedicationStatus } from '~/shared/medication-rules';

export interface MedicationComplianceRow {
  childId: string;
  name: string;
  item: 'medication-authorization';
  status: 'ok' | 'due-soon' | 'overdue' | 'missing';
  dueDate: string | null;
}

/** Rows for active children's pending and approved authorizations (ended ones for 30 days), by child and due date. */
export function medicationComplianceRows(db: Db, now: Date): MedicationComplianceRow[] {
  const today = centreDateOf(now);
  const rows = db
    .select({
      childId: medicationAuthorizations.childId,
      name: enrolledChildren.childName,
      status: medicationAuthorizations.status,
      startDate: medicationAuthorizations.startDate,
      endDate: medicationAuthorizations.endDate,
    })
    .from(medicationAuthorizations)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, medicationAuthorizations.childId))
    .where(
      and(
        inArray(medicationAuthorizations.status, ['pending', 'active']),
        gte(medicationAuthorizations.endDate, addDays(today, -ENDED_SHOWN_DAYS)),
        eq(enrolledChildren.isActive, true),
      ),
    )
    .all();
  return rows
    .flatMap((r) => {
      const line = authorizationCompliance({ ...r, status: r.status as StoredMedicationStatus }, today);
      return line ? [{ childId: r.childId, name: r.name, item: 'medication-authorization' as const, ...line }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
}
