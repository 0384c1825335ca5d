/**
 * The incident reports' rows of the inspector's view (GET /api/admin/compliance): for each report, whether the
 * parent has their copy (`incident-acknowledgement`, due the day it happened) and, for a serious incident or an
 * unusual event, whether the licensing office was told (`licensing-notice`, due 24 or 48 hours after it). The rules
 * are src/shared/licensing-notice.ts. A report still open is listed however old; one settled only while recent
 * (RECENT_DAYS), so the view shows what was done lately without growing with the years.
 */
import { and, eq, gte, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { incidentReports } from '~/db/schema';
import {
  acknowledgementDueDate,
  acknowledgementStatus,
  type ComplianceStatus,
  licensingDeadline,
  licensingNoticeStatus,
  needsLicensingNotice,
} from '~/shared/licensing-notice';
import type { Db } from '../db';

export interface IncidentComplianceRow {
  childId: string;
  name: string;
  item: 'incident-acknowledgement' | 'licensing-notice';
  status: ComplianceStatus;
  dueDate: string | null;
}

export const RECENT_DAYS = 30;

/**
 * The rows at `now`. Takes the database as the compliance view's other sources do (compliance/rows.ts `RowSource`:
 * `(db, now)`), so it plugs in as one.
 */
export function incidentComplianceRows(db: Db, now: Date): IncidentComplianceRow[] {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const columns = {
    id: incidentReports.id,
    childId: incidentReports.childId,
    childName: incidentReports.childName,
    occurredAt: incidentReports.occurredAt,
    kind: incidentReports.kind,
    serious: incidentReports.serious,
    acknowledgedAt: incidentReports.acknowledgedAt,
    handedOverAt: incidentReports.handedOverAt,
    licensingNotifiedAt: incidentReports.licensingNotifiedAt,
  };
  const read = (where: SQL | undefined) =>
    db
      .select(columns)
      .from(incidentReports)
      .where(and(isNotNull(incidentReports.childId), where))
      .all();
  // Each of the three reads searches its own index (tests/integration/query-plans.test.ts): the recent reports,
  // those the parent has not had yet, and those the licensing office must still be told of.
  const byId = new Map<string, ReturnType<typeof read>[number]>();
  for (const r of [
    ...read(gte(incidentReports.occurredAt, since)),
    ...read(and(isNull(incidentReports.acknowledgedAt), isNull(incidentReports.handedOverAt))),
    ...read(and(isNull(incidentReports.licensingNotifiedAt), eq(incidentReports.serious, true))),
    ...read(
      and(isNull(incidentReports.licensingNotifiedAt), eq(incidentReports.serious, false), eq(incidentReports.kind, 'unusual-event')),
    ),
  ])
    byId.set(r.id, r);
  const reports = [...byId.values()].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id.localeCompare(b.id));
  const rows: IncidentComplianceRow[] = [];
  for (const r of reports) {
    const base = { childId: r.childId!, name: r.childName };
    rows.push({
      ...base,
      item: 'incident-acknowledgement',
      status: acknowledgementStatus(r.occurredAt, r.acknowledgedAt ?? r.handedOverAt, now),
      dueDate: acknowledgementDueDate(r.occurredAt),
    });
    if (needsLicensingNotice(r))
      rows.push({
        ...base,
        item: 'licensing-notice',
        status: licensingNoticeStatus(r.occurredAt, r.licensingNotifiedAt, now),
        dueDate: licensingDeadline(r.occurredAt).toISOString(),
      });
  }
  return rows;
}
