/**
 * The end-of-day e-mail: at the centre's closing time, each parent who chose `dailySummary` gets a summary
 * of their child's day. Sent once per child and day whatever happens: the (child, date) row of daily_summaries is
 * written in the same transaction that queues the e-mails (services/mail-queue.ts), and its unique index turns a
 * second tick, a second server or a tick after a restart into a no-op. The mail queue sends after the commit and
 * again after a restart, so a row never stands for an e-mail that was lost.
 *
 * The scheduler ticks once a minute and once at start. A tick looks back CATCH_UP_DAYS days, so a server that was
 * down at closing time sends the day's summaries when it comes back.
 */
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { dailySummaries, enrolledChildren, parentChildRelationships, parentPreferences, parentUsers } from '~/db/schema';
import { centre } from '../centre/profile';
import { WEEKDAYS } from '../../shared/centre-profile';
import { addDays, centreDateOf, centreMidnight } from '../../shared/centre-time';
import { intlFor, t } from '../../shared/i18n';
import type { Language } from '../../shared/schemas/preferences';
import { describeItem } from '../../shared/timeline-text';
import type { TimelineItem } from '../../shared/timeline';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { logger } from '../logger';
import type { Mailer } from '../services/mail';
import { mailQueueFor } from '../services/mail-queue';
import { escapeHtml, headerSafe, letter, link, type EmailContent, type Paragraph, plain, signInUrl } from '../services/mail-layout';
import { preferencesOf } from '../parents/preferences';
import { dayTimeline } from './timeline';
import { timelineWords } from './words';

export const CATCH_UP_DAYS = 3;
export const SUMMARY_TICK_MS = 60_000;
const SENT_BY = 'End-of-day summary';

export interface SummaryDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
}

/** The centre's hours on `date` by its profile, or null on a day it is closed. */
const hoursOn = (date: string) => centre.hours[WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!];

/** The moment the centre closes on `date` (its wall clock, its profile's hours; an open day's). */
export function closingMoment(date: string): Date {
  const closes = hoursOn(date)?.closes ?? '17:30';
  const [h, m] = closes.split(':').map(Number) as [number, number];
  // Daylight saving time changes on a Sunday at 2 AM, when the centre is closed: midnight plus the hours is exact.
  return new Date(centreMidnight(date).getTime() + (h * 60 + m) * 60_000);
}

/** The open days, of today and the CATCH_UP_DAYS before, whose closing time has passed at `now`. */
export function dueDates(now: Date): string[] {
  const today = centreDateOf(now);
  const out: string[] = [];
  for (let i = CATCH_UP_DAYS; i >= 0; i--) {
    const date = addDays(today, -i);
    if (hoursOn(date) && closingMoment(date).getTime() <= now.getTime()) out.push(date);
  }
  return out;
}

function longDate(date: string, language: Language): string {
  const noon = new Date(`${date}T12:00:00Z`);
  if (language === 'en') return noon.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
  return intlFor(language).formatDate(noon, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
}

/**
 * The e-mail, in the parent's language: the day in the order it happened, photos counted with a link to
 * the portal (never attached).
 */
export function dailySummaryEmail(
  data: { parentName: string; childName: string; date: string; items: TimelineItem[] },
  config: Pick<Config, 'publicUrl'>,
  language: Language = 'en',
): EmailContent {
  const words = timelineWords(language);
  const day = longDate(data.date, language);
  const inOrder = [...data.items].reverse();
  const lines = inOrder
    .filter((i) => i.kind !== 'photo')
    .map((i) => {
      const { title, detail } = describeItem(i, words);
      return t(language, 'mail.summary.line', { time: words.time(i.at), title, detail });
    });
  const photos = inOrder.filter((i) => i.kind === 'photo').length;
  const portal = signInUrl(config, language);
  const portalName = t(language, 'mail.summary.portal');
  const paragraphs: Paragraph[] = [plain(t(language, 'mail.summary.intro', { child: data.childName, centre: centre.name, date: day }))];
  if (lines.length)
    paragraphs.push({
      text: lines.map((l) => `- ${l}`).join('\n'),
      html: `<ul style="margin:4px 0 0;padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    });
  if (photos)
    paragraphs.push({
      text: `${t(language, 'mail.summary.photos', { count: photos, portal: portalName })}: ${portal}`,
      html: `${t(language, 'mail.summary.photos', { count: photos, portal: link(portal, portalName) })}.`,
    });
  paragraphs.push({
    text: `${t(language, 'mail.summary.optOut', { portal: portalName })}: ${portal}`,
    html: `${t(language, 'mail.summary.optOut', { portal: link(portal, portalName) })}.`,
  });
  return {
    subject: headerSafe(t(language, 'mail.summary.subject', { child: data.childName, centre: centre.shortName, date: day })),
    ...letter(data.parentName, paragraphs, config, language),
  };
}

/** Children with a parent who wants the summary and no summary row for `date` yet. */
function pendingChildren(db: Db, date: string) {
  return db
    .selectDistinct({ id: enrolledChildren.id, childName: enrolledChildren.childName })
    .from(parentPreferences)
    .innerJoin(parentChildRelationships, eq(parentChildRelationships.parentId, parentPreferences.parentId))
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, parentChildRelationships.childId))
    .where(
      and(
        eq(parentPreferences.dailySummary, true),
        eq(enrolledChildren.isActive, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(dailySummaries)
            .where(and(eq(dailySummaries.childId, enrolledChildren.id), eq(dailySummaries.date, date))),
        ),
      ),
    )
    .orderBy(asc(enrolledChildren.id))
    .all();
}

function recipientsOf(db: Db, childId: string) {
  return db
    .select({ id: parentUsers.id, email: parentUsers.email, firstName: parentUsers.firstName, lastName: parentUsers.lastName })
    .from(parentChildRelationships)
    .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
    .innerJoin(parentPreferences, eq(parentPreferences.parentId, parentUsers.id))
    .where(and(eq(parentChildRelationships.childId, childId), eq(parentUsers.isActive, true), eq(parentPreferences.dailySummary, true)))
    .all();
}

/**
 * One tick: for every due day, every child with an opted-in parent and something recorded that day gets its row
 * and its e-mails queued, in one transaction per child. Answers how many e-mails were queued.
 */
export function queueDailySummaries(deps: SummaryDeps): number {
  const queue = mailQueueFor(deps);
  let queued = 0;
  for (const date of dueDates(deps.clock.now())) {
    for (const child of pendingChildren(deps.db, date)) {
      const items = dayTimeline(deps.db, child.id, date);
      // A day with nothing recorded (the child was away) sends nothing; a later tick looks again.
      if (items.length === 0) continue;
      deps.db.transaction((tx) => {
        const db = tx as unknown as Db;
        const recipients = recipientsOf(db, child.id);
        const row = db
          .insert(dailySummaries)
          .values({ childId: child.id, date, recipients: recipients.length, createdAt: deps.clock.now() })
          .onConflictDoNothing()
          .returning({ childId: dailySummaries.childId })
          .get();
        if (!row) return;
        for (const r of recipients) {
          const content = dailySummaryEmail(
            { parentName: `${r.firstName} ${r.lastName}`, childName: child.childName, date, items },
            deps.config,
            preferencesOf(db, r.id).language,
          );
          queue.enqueue({ to: r.email, content, loggedText: content.text, sentBy: SENT_BY }, db);
          queued++;
        }
      });
    }
  }
  if (queued) void queue.kick();
  return queued;
}

/** Starts the scheduler: a tick now (the catch-up after a restart) and every minute. Answers the stop function. */
export function startDailySummaries(deps: SummaryDeps): () => void {
  const tick = () => {
    try {
      const queued = queueDailySummaries(deps);
      if (queued) logger.info({ queued }, 'end-of-day summaries queued');
    } catch (err) {
      logger.error({ err }, 'end-of-day summaries failed; the next tick tries again');
    }
  };
  tick();
  const timer = setInterval(tick, SUMMARY_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
