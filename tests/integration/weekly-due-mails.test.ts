/**
 * The weekly e-mails of what is due (compliance/weekly-mail.ts, ADR 094): from Monday 07:00 at the centre, each
 * director gets the centre's list and each parent their own children's items, in their language; once per
 * recipient and week, across a restart or a second server process on the same database; a server that was stopped
 * on Monday sends them when it starts later that week; nobody is e-mailed when nothing of theirs is due.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { complianceMails, outboxMessages } from '../../db/schema';
import { closeDatabase, openDatabase } from '../../src/server/db';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { queueWeeklyDueMails, weeklyDueTick } from '../../src/server/compliance/weekly-mail';
import { centre } from '../../src/shared/centre';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { fakeClock } from '../helpers/server';

// Monday 23 November 2026, 06:00 at the centre (11:00 UTC): an hour before the week's e-mails are due.
const s = sharedAdminServer(() => ({ clock: fakeClock('2026-11-23T11:00:00Z') }));
const DIRECTOR = 'director@example.com';

let mailer: Parameters<typeof weeklyDueTick>[0]['mailer'];
const deps = (db = s.db) => ({ db, mailer, clock: s.clock, config: s.config });
/** The e-mails to an address since the families were enrolled (their sign-in letters left out), newest first. */
let earlier = new Set<string>();
const mailsTo = (address: string) =>
  s.db
    .select({ id: outboxMessages.id, subject: outboxMessages.subject, text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, address))
    .orderBy(desc(outboxMessages.createdAt))
    .all()
    .filter((m) => !earlier.has(m.id))
    .map(({ subject, text }) => ({ subject, text }));

let hill: Family;
let bay: Family;
let done: Family;

beforeAll(async () => {
  const { createMailer } = await import('../../src/server/services/mailer');
  mailer = createMailer(s.config, s.db);
  s.admin = await s.adminCookie();
  // Two families with records missing; the Bays read Spanish.
  hill = await enrolFamily(s, 'weekly.hill@example.com', ['Hana Hill'], [{ parentName: 'Hugo Hill', startDate: '2026-11-02' }]);
  bay = await enrolFamily(s, 'weekly.bay@example.com', ['Bo Bay'], [{ parentName: 'Bea Bay', startDate: '2026-09-01' }]);
  const es = await s.request('/api/parent/preferences', { method: 'PATCH', json: { language: 'es' }, ...bearer(bay.token) });
  expect(es.status).toBe(200);
  // A family whose record is all on file: nothing of theirs is due.
  done = await enrolFamily(
    s,
    'weekly.done@example.com',
    ['Dee Done'],
    [{ parentName: 'Dan Done', startDate: '2026-11-16', notes: 'Emergency contact: Ada Done 614-555-0100' }],
  );
  const put = await s.request(`/api/admin/children/${done.children[0]!.id}/health`, {
    method: 'PUT',
    json: {
      medicalExamDate: '2026-11-10',
      examiner: 'Dr. Rosa Diaz',
      immunizations: 'complete',
      carePlanRequired: false,
      carePlanSummary: null,
    },
    ...as(s.admin),
  });
  expect(put.status, await put.clone().text()).toBe(200);
  earlier = new Set(
    s.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .all()
      .map((m) => m.id),
  );
});

describe('the weekly e-mails of what is due', () => {
  it('nothing before Monday 07:00; then one to the director with the whole list and one to each family with its own children', async () => {
    expect(queueWeeklyDueMails(deps())).toBe(0);
    expect(mailsTo(DIRECTOR)).toEqual([]);

    s.clock.set('2026-11-23T13:00:00Z'); // 08:00 at the centre
    await weeklyDueTick(deps());
    await drainMailQueue(s.db);

    const [director, ...more] = mailsTo(DIRECTOR);
    expect(more).toEqual([]);
    expect(director!.subject).toBe(`${centre.name}: what is due, week of Mon, Nov 23, 2026`);
    expect(director!.text).toContain('Hana Hill: Medical statement, Missing (due Wed, Dec 2, 2026)');
    expect(director!.text).toContain('Bo Bay: Medical statement, Overdue (due Thu, Oct 1, 2026)');
    // The centre's list holds the staff's credentials too.
    expect(director!.text).toMatch(/Test Director: Background check, Missing/);
    expect(director!.text).not.toContain('Dee Done: Medical statement');

    const [hillMail, ...hillMore] = mailsTo(hill.email);
    expect(hillMore).toEqual([]);
    expect(hillMail!.subject).toBe(`${centre.name}: records due for your family this week`);
    expect(hillMail!.text).toContain('Hana Hill: medical statement, missing (due Wed, Dec 2, 2026)');
    // A family sees only its own children, and never the staff's records.
    expect(hillMail!.text).not.toContain('Bo Bay');
    expect(hillMail!.text).not.toContain('Test Director');

    const [bayMail] = mailsTo(bay.email);
    expect(bayMail!.subject).toBe(`${centre.name}: documentos pendientes de su familia esta semana`);
    expect(bayMail!.text).toContain('Bo Bay: constancia médica, vencido (vence el jue, 1 de oct de 2026)');
    expect(bayMail!.text).not.toContain('Hana Hill');

    // Nothing of theirs is due: no e-mail, and the week is marked done for them all the same.
    expect(mailsTo(done.email)).toEqual([]);
    const doneRow = s.db
      .select()
      .from(complianceMails)
      .where(eq(complianceMails.recipient, `parent:${done.parentId}`))
      .get();
    expect(doneRow).toMatchObject({ week: '2026-11-23', itemCount: 0 });
  });

  it('never twice in a week: the tick again, a restart, or a second server process on the same database', async () => {
    const before = s.count(outboxMessages);
    s.clock.set('2026-11-24T15:00:00Z'); // Tuesday
    expect(queueWeeklyDueMails(deps())).toBe(0);
    await weeklyDueTick(deps());
    // A second process: its own connection to the same file, nothing in memory; the table decides.
    const other = openDatabase(s.config.databasePath);
    try {
      expect(queueWeeklyDueMails(deps(other))).toBe(0);
    } finally {
      closeDatabase(other);
    }
    await drainMailQueue(s.db);
    expect(s.count(outboxMessages)).toBe(before);
    expect(mailsTo(DIRECTOR)).toHaveLength(1);
  });

  it('a server stopped on Monday sends the week’s e-mails when it starts on Wednesday; the next week’s come the next Monday', async () => {
    s.clock.set('2026-12-02T20:00:00Z'); // Wednesday of the next week: nothing was sent on its Monday
    // A second process starts first and sends; the first one, ticking after it, sends nothing more.
    const other = openDatabase(s.config.databasePath);
    let queued = 0;
    try {
      queued = queueWeeklyDueMails(deps(other));
    } finally {
      closeDatabase(other);
    }
    expect(queued).toBe(3);
    expect(queueWeeklyDueMails(deps())).toBe(0);
    await weeklyDueTick(deps());
    await drainMailQueue(s.db);
    expect(mailsTo(DIRECTOR)).toHaveLength(2);
    expect(mailsTo(hill.email)).toHaveLength(2);
    expect(mailsTo(bay.email)).toHaveLength(2);
    expect(mailsTo(done.email)).toEqual([]);
    expect(mailsTo(DIRECTOR)[0]!.subject).toContain('week of Mon, Nov 30, 2026');
  });

  it('a family whose records are all on file is never e-mailed; once its child has something due, it is told the next week', async () => {
    s.admin = await s.adminCookie();
    const rows = await json<{ rows: { childId?: string; item: string; status: string }[] }>(
      await s.request('/api/admin/compliance', as(s.admin)),
    );
    expect(rows.rows.filter((r) => r.childId === done.children[0]!.id && r.status !== 'ok')).toEqual([]);
    // Allergies recorded: a care plan is now required, and missing.
    const child = done.children[0]!;
    const res = await s.request(`/api/admin/enrolled-children/${child.id}`, {
      method: 'PUT',
      json: { ...child, notes: 'Emergency contact: Ada Done 614-555-0100\nAllergies: peanuts' },
      ...as(s.admin),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    s.clock.set('2026-12-07T13:00:00Z'); // the next Monday, 08:00
    await weeklyDueTick(deps());
    await drainMailQueue(s.db);
    const [mail, ...more] = mailsTo(done.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Dee Done: care plan, overdue');
    expect(mail!.text).not.toContain('peanuts');
  });
});
