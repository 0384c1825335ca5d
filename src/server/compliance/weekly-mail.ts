/**
 * The weekly e-mails of what is due (ADR 094): on Monday morning at the centre, each director gets the centre's whole
 * list of what is overdue, missing or due within the due-soon window (compliance/rows.ts, the same rows as the
 * Compliance tab), and each parent the items of their own children, in their saved language. Someone with nothing
 * due gets no e-mail.
 *
 * Sent once per recipient and week, even across a restart or two server processes at once: the row in
 * compliance_mails (unique per recipient and week) is written in the same transaction as the e-mail is queued, and
 * the queue never drops a message (services/mail-queue.ts). The tick looks at start and then every few minutes, so a
 * server that was stopped on Monday morning sends the week's e-mails when it starts again that week.
 */
import { and, eq } from 'drizzle-orm';
import { adminUsers, complianceMails, parentChildRelationships, parentUsers } from '~/db/schema';
import { addDays, centreDateOf, centreMidnight } from '../../shared/centre-time';
import { needsAction } from '../../shared/compliance-rules';
import type { Language } from '../../shared/i18n';
import type { Config } from '../config';
import type { Db } from '../db';
import { logger } from '../logger';
import { preferencesOf } from '../parents/preferences';
import { type MailQueueDeps, mailQueueFor } from '../services/mail-queue';
import { complianceRows, type ComplianceRow } from './rows';
import { directorDueEmail, familyDueEmail } from './due-mail';

/** The e-mails go out from 07:00 on Monday at the centre, before the doors open. */
export const WEEKLY_MAIL_HOUR = 7;
/** How often the server looks for the week's e-mails (the first look is at start, so a restart catches up). */
export const WEEKLY_TICK_MS = 10 * 60 * 1000;

/** The items a family is told of: their own children's, never the centre's duty to the licensing office. */
const FAMILY_ITEMS = new Set<ComplianceRow['item']>([
  'enrollment-record',
  'medical-statement',
  'immunizations',
  'care-plan',
  'annual-review',
  'medication-authorization',
  'incident-acknowledgement',
]);

/** The Monday (`YYYY-MM-DD`) of the centre's week that holds `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** When the e-mails of the week starting on `monday` are due. */
export function weeklyMailTimeOf(monday: string): Date {
  return new Date(centreMidnight(monday).getTime() + WEEKLY_MAIL_HOUR * 60 * 60 * 1000);
}

type Deps = MailQueueDeps & { config: Pick<Config, 'publicUrl'> };
type ChildRow = Extract<ComplianceRow, { childId: string }>;

/** Queues one recipient's e-mail unless the week is marked done for them; marks it (with nothing due too). */
function queueOnce(deps: Deps, recipient: string, week: string, count: number, queue: (tx: Db) => void): boolean {
  return deps.db.transaction((tx) => {
    const marked = tx
      .insert(complianceMails)
      .values({ recipient, week, itemCount: count, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ week: complianceMails.week })
      .get();
    // Already done this week (another tick, another process, or before a restart): nothing more.
    if (!marked || count === 0) return false;
    queue(tx as unknown as Db);
    return true;
  });
}

/**
 * Queues this week's e-mails that are due and not yet sent: every active director's and every active parent's with
 * a child linked. Answers how many were queued.
 */
export function queueWeeklyDueMails(deps: Deps): number {
  const now = deps.clock.now();
  const week = mondayOf(centreDateOf(now));
  if (now < weeklyMailTimeOf(week)) return 0;
  const due = complianceRows(deps.db, now).filter((r) => needsAction(r.status));
  const queue = mailQueueFor(deps);
  let queued = 0;

  const directors = deps.db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'director'), eq(adminUsers.isActive, true)))
    .all();
  for (const d of directors) {
    const sent = queueOnce(deps, `director:${d.id}`, week, due.length, (tx) => {
      const content = directorDueEmail({ name: d.name, week, rows: due }, deps.config);
      queue.enqueue({ to: d.email, content, loggedText: content.text, sentBy: 'compliance' }, tx);
    });
    if (sent) queued++;
  }

  const links = deps.db
    .select({
      parentId: parentUsers.id,
      email: parentUsers.email,
      firstName: parentUsers.firstName,
      lastName: parentUsers.lastName,
      childId: parentChildRelationships.childId,
    })
    .from(parentChildRelationships)
    .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
    .where(eq(parentUsers.isActive, true))
    .all();
  const parents = new Map<string, { email: string; name: string; children: Set<string> }>();
  for (const l of links) {
    const p = parents.get(l.parentId) ?? { email: l.email, name: `${l.firstName} ${l.lastName}`.trim(), children: new Set() };
    p.children.add(l.childId);
    parents.set(l.parentId, p);
  }
  for (const [parentId, p] of parents) {
    const rows = due.filter((r): r is ChildRow => 'childId' in r && p.children.has(r.childId) && FAMILY_ITEMS.has(r.item));
    const sent = queueOnce(deps, `parent:${parentId}`, week, rows.length, (tx) => {
      const language: Language = preferencesOf(tx, parentId).language;
      const content = familyDueEmail({ parentName: p.name, week, rows }, deps.config, language);
      queue.enqueue({ to: p.email, content, loggedText: content.text, sentBy: 'compliance' }, tx);
    });
    if (sent) queued++;
  }
  return queued;
}

/** One tick: queue what is due and send it. Never throws (a failure is logged; the next tick tries again). */
export async function weeklyDueTick(deps: Deps): Promise<void> {
  try {
    if (queueWeeklyDueMails(deps) > 0) await mailQueueFor(deps).kick();
  } catch (err) {
    logger.error({ err }, 'the weekly e-mails of what is due could not be queued');
  }
}
