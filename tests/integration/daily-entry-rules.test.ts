/**
 * The rules of a daily-sheet entry's write (ADR 066), over REST and tRPC: a teacher changes or deletes only the
 * entries they recorded (any teacher may end a nap still going on), a director any; an entry's time is not before
 * the child's first day, not more than 31 of the centre's days back for a teacher (a director's correction may be
 * older), a nap's time is its start and it ends on its day. Days are Columbus's, around midnight and the change
 * from daylight saving time. Also the rules other tests let through: the 4-hour nap, the end-of-day e-mail to the
 * parents who chose it only, and the photos of a child who has left.
 */
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dailyEntries, outboxMessages, parentChildRelationships } from '../../db/schema';
import { queueDailySummaries } from '../../src/server/daily/summary-mail';
import { createMailer } from '../../src/server/services/mailer';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import {
  beforeStartMessage,
  NAP_AT_MESSAGE,
  NAP_ONE_DAY_MESSAGE,
  NAP_TOO_LONG_MESSAGE,
  NOT_YOUR_ENTRY,
  TOO_OLD_MESSAGE,
} from '../../src/shared/schemas/daily-entries';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { callProcedure } from '../helpers/authz-fixtures';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { checkedInEveryDay } from '../helpers/daily-fixtures';
import { english } from '../helpers/english';

const s = sharedAdminServer();
/** Friday 20 November 2026, 12:00 in Columbus (EST, UTC-5). */
const NOON = '2026-11-20T17:00:00Z';
const HOUR = 3_600_000;

let fam: Family;
/** Born in 2023, at the centre since 1 September 2025. */
let rosa = '';
/** Starts at the centre on 20 November 2026 (today at NOON). */
let rory = '';
let ann = '';
let bea = '';

beforeAll(async () => {
  s.clock.set(NOON);
  fam = await enrolFamily(
    s,
    'rules.family@example.com',
    ['Rosa Rules', 'Rory Rules'],
    [
      { dateOfBirth: '2023-05-01', startDate: '2025-09-01' },
      { dateOfBirth: '2024-02-01', startDate: '2026-11-20' },
    ],
  );
  rosa = fam.children[0]!.id;
  rory = fam.children[1]!.id;
  // These tests are about the sheet's other rules: both children were there every day (the check-in rule: daily-checked-in.test.ts).
  checkedInEveryDay(s, [rosa, rory], '2025-09-01', '2026-11-21');
  ann = await s.adminCookie('ann.rules@example.com', 'teacher');
  bea = await s.adminCookie('bea.rules@example.com', 'teacher');
});

type Answer = { message: string; errors?: Record<string, string> };
const post = (body: unknown, cookie = s.admin) => s.request('/api/admin/daily-entries', { method: 'POST', json: body, ...as(cookie) });
const patch = (id: string, body: unknown, cookie: string) =>
  s.request(`/api/admin/daily-entries/${id}`, { method: 'PATCH', json: body, ...as(cookie) });
const del = (id: string, cookie: string) => s.request(`/api/admin/daily-entries/${id}`, { method: 'DELETE', ...as(cookie) });
const trpc = (path: string, input: unknown, cookie: string) => callProcedure(s, path, 'mutation', input, { cookie });
const row = (id: string) => s.db.select().from(dailyEntries).where(eq(dailyEntries.id, id)).get();
const lastAudit = () => s.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()?.id;

async function made(body: Record<string, unknown>, cookie = s.admin): Promise<string> {
  const res = await post(body, cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

/** A refused write: the status, the message (and at its field when `field` is named), nothing changed or audited. */
async function refused(res: Response, status: number, message: string, field?: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  const body = await json<Answer>(res);
  expect(body.message).toBe(message);
  if (field) expect(body.errors?.[field]).toBe(message);
}

describe('whose entries', () => {
  it("a teacher cannot change or delete another teacher's entries, notes included: 403 over REST and tRPC, nothing changed", async () => {
    const annNote = await made({ childId: rosa, kind: 'note', details: { text: 'Ann wrote this' } }, ann);
    const directorDiaper = await made({ childId: rosa, kind: 'diaper', details: { type: 'wet' } });
    const before = { note: row(annNote), diaper: row(directorDiaper), count: s.count(dailyEntries), audit: lastAudit() };

    await refused(await patch(annNote, { details: { text: 'Bea changed it' } }, bea), 403, english(NOT_YOUR_ENTRY));
    await refused(await patch(annNote, { at: '2026-11-20T16:00:00Z' }, bea), 403, english(NOT_YOUR_ENTRY));
    await refused(await del(annNote, bea), 403, english(NOT_YOUR_ENTRY));
    await refused(await patch(directorDiaper, { details: { type: 'bm' } }, bea), 403, english(NOT_YOUR_ENTRY));
    await refused(await del(directorDiaper, bea), 403, english(NOT_YOUR_ENTRY));
    expect((await trpc('daily.update', { id: annNote, details: { text: 'Bea changed it' } }, bea)).status).toBe(403);
    expect((await trpc('daily.delete', annNote, bea)).status).toBe(403);
    expect((await trpc('daily.delete', directorDiaper, ann)).status).toBe(403);

    expect(row(annNote)).toEqual(before.note);
    expect(row(directorDiaper)).toEqual(before.diaper);
    expect(s.count(dailyEntries)).toBe(before.count);
    expect(lastAudit()).toBe(before.audit);
  });

  it('a teacher changes and deletes their own; a director any; an entry from before accounts only a director', async () => {
    const annNote = await made({ childId: rosa, kind: 'note', details: { text: 'Ann wrote this' } }, ann);
    expect((await patch(annNote, { details: { text: 'Ann corrected it' } }, ann)).status).toBe(200);
    expect(row(annNote)!.details).toEqual({ text: 'Ann corrected it' });
    const viaTrpc = await trpc('daily.update', { id: annNote, details: { text: 'Ann again' } }, ann);
    expect(viaTrpc.status).toBe(200);
    expect((await del(annNote, ann)).status).toBe(200);

    const beaMood = await made({ childId: rosa, kind: 'mood', details: { mood: 'Calm' } }, bea);
    expect((await patch(beaMood, { details: { mood: 'Sleepy' } }, s.admin)).status).toBe(200);
    expect((await trpc('daily.delete', beaMood, s.admin)).status).toBe(200);
    expect(row(beaMood)).toBeUndefined();

    // A row with no author (recorded before staff accounts): a director's to change.
    const old = s.db
      .insert(dailyEntries)
      .values({ childId: rosa, kind: 'diaper', at: new Date(NOON), date: '2026-11-20', details: { type: 'dry' } })
      .returning()
      .get();
    await refused(await del(old.id, ann), 403, english(NOT_YOUR_ENTRY));
    expect(row(old.id)).toBeDefined();
    expect((await del(old.id, s.admin)).status).toBe(200);
  });

  it('any teacher ends a nap another started (Woke up), and nothing else of it', async () => {
    const start = new Date(Date.parse(NOON) - HOUR).toISOString();
    const nap = await made({ childId: rosa, kind: 'nap', details: { start, end: null } }, ann);
    // Changing the start while ending it, or changing the time: not an ending.
    await refused(
      await patch(nap, { details: { start: new Date(Date.parse(NOON) - 2 * HOUR).toISOString(), end: NOON } }, bea),
      403,
      english(NOT_YOUR_ENTRY),
    );
    await refused(await patch(nap, { details: { start, end: null } }, bea), 403, english(NOT_YOUR_ENTRY));
    await refused(await del(nap, bea), 403, english(NOT_YOUR_ENTRY));
    expect(row(nap)!.details).toEqual({ start, end: null });

    const woke = await patch(nap, { details: { start, end: NOON } }, bea);
    expect(woke.status, await woke.clone().text()).toBe(200);
    expect(row(nap)!.details).toEqual({ start, end: new Date(NOON).toISOString() });
    // Ended, it is Ann's again: Bea cannot move its end.
    await refused(
      await patch(nap, { details: { start, end: new Date(Date.parse(NOON) - HOUR / 2).toISOString() } }, bea),
      403,
      english(NOT_YOUR_ENTRY),
    );
    expect(row(nap)!.details).toEqual({ start, end: new Date(NOON).toISOString() });
  });
});

describe('when an entry may be', () => {
  it('a nap dated 1999 for a child born in 2023: refused for a teacher (too far back) and a director (before her first day)', async () => {
    const n = s.count(dailyEntries);
    const nap = { childId: rosa, kind: 'nap', details: { start: '1999-06-01T15:00:00Z', end: '1999-06-01T16:00:00Z' } };
    await refused(await post(nap, ann), 400, english(TOO_OLD_MESSAGE), 'details.start');
    const first = english(beforeStartMessage('Rosa Rules', '2025-09-01'));
    expect(first).toBe("The time cannot be before Rosa Rules's first day at the centre (Sep 01, 2025)");
    await refused(await post(nap), 400, first, 'details.start');
    expect((await trpc('daily.create', nap, s.admin)).status).toBe(400);
    expect((await trpc('daily.create', nap, ann)).status).toBe(400);
    await refused(await post({ childId: rosa, kind: 'diaper', at: '2025-08-31T12:00:00Z', details: { type: 'wet' } }), 400, first, 'at');
    expect(s.count(dailyEntries)).toBe(n);
  });

  it("PATCH {at} cannot move an entry before the child's first day or past a teacher's 31 days, nor a nap off its start", async () => {
    const diaper = await made({ childId: rosa, kind: 'diaper', details: { type: 'wet' } }, ann);
    const start = new Date(Date.parse(NOON) - HOUR).toISOString();
    const nap = await made({ childId: rosa, kind: 'nap', details: { start, end: NOON } }, ann);
    const before = { diaper: row(diaper), nap: row(nap), audit: lastAudit() };

    await refused(await patch(diaper, { at: '2000-01-01T00:00:00Z' }, ann), 400, english(TOO_OLD_MESSAGE), 'at');
    await refused(
      await patch(diaper, { at: '2000-01-01T00:00:00Z' }, s.admin),
      400,
      english(beforeStartMessage('Rosa Rules', '2025-09-01')),
      'at',
    );
    expect((await trpc('daily.update', { id: diaper, at: '2000-01-01T00:00:00Z' }, s.admin)).status).toBe(400);
    // The nap's time is its start: an `at` elsewhere would take the entry off the day its start is on.
    await refused(await patch(nap, { at: '2026-11-19T17:00:00Z' }, ann), 400, english(NAP_AT_MESSAGE), 'at');
    await refused(await patch(nap, { at: '2000-01-01T00:00:00Z' }, s.admin), 400, english(NAP_AT_MESSAGE), 'at');
    expect(row(diaper)).toEqual(before.diaper);
    expect(row(nap)).toEqual(before.nap);
    expect(lastAudit()).toBe(before.audit);

    // Within the rules a time moves, the entry's day with it; a nap moves by its start, its `at` following.
    const moved = await patch(diaper, { at: '2026-11-19T15:00:00Z' }, ann);
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(row(diaper)).toMatchObject({ at: new Date('2026-11-19T15:00:00Z'), date: '2026-11-19' });
    const napMoved = await patch(nap, { details: { start: '2026-11-19T18:00:00Z', end: '2026-11-19T19:00:00Z' } }, ann);
    expect(napMoved.status, await napMoved.clone().text()).toBe(200);
    expect(row(nap)).toMatchObject({ at: new Date('2026-11-19T18:00:00Z'), date: '2026-11-19' });
  });

  it('a nap is one moment: `at` sent with it is its start, and it ends on the day it started (Columbus midnight)', async () => {
    const n = s.count(dailyEntries);
    const napAt = { childId: rosa, kind: 'nap', at: '2026-11-20T16:00:00Z', details: { start: '2026-11-20T15:00:00Z', end: null } };
    await refused(await post(napAt), 400, english(NAP_AT_MESSAGE), 'at');
    // 11:30 PM to 12:30 AM in Columbus: the same UTC date, two of the centre's days.
    const overnight = { childId: rosa, kind: 'nap', details: { start: '2026-11-20T04:30:00Z', end: '2026-11-20T05:30:00Z' } };
    await refused(await post(overnight), 400, english(NAP_ONE_DAY_MESSAGE), 'details.end');
    expect(s.count(dailyEntries)).toBe(n);
    // `at` equal to the start is the same nap.
    const same = await made({ ...napAt, at: '2026-11-20T15:00:00Z' });
    expect(row(same)).toMatchObject({ at: new Date('2026-11-20T15:00:00Z'), date: '2026-11-20' });
    // Ending an open nap on the next day in Columbus is refused the same way.
    const late = await made({ childId: rosa, kind: 'nap', details: { start: '2026-11-20T04:30:00Z', end: null } });
    await refused(
      await patch(late, { details: { start: '2026-11-20T04:30:00Z', end: '2026-11-20T05:10:00Z' } }, s.admin),
      400,
      english(NAP_ONE_DAY_MESSAGE),
      'details.end',
    );
    expect(row(late)!.details).toMatchObject({ end: null });
  });

  it("a child's first day begins at midnight in Columbus, not UTC; a group entry with a child not yet started is refused whole", async () => {
    const n = s.count(dailyEntries);
    // 11:59:59 PM on 19 November in Columbus (already the 20th in UTC): before Rory's first day.
    const first = english(beforeStartMessage('Rory Rules', '2026-11-20'));
    await refused(
      await post({ childId: rory, kind: 'diaper', at: '2026-11-20T04:59:59Z', details: { type: 'wet' } }, ann),
      400,
      first,
      'at',
    );
    const group = { childIds: [rosa, rory], kind: 'meal', at: '2026-11-19T17:00:00Z', details: { meal: 'lunch', amount: 'all' } };
    await refused(await s.request('/api/admin/daily-entries/batch', { method: 'POST', json: group, ...as(ann) }), 400, first, 'at');
    expect((await trpc('daily.batch', group, s.admin)).status).toBe(400);
    expect(s.count(dailyEntries)).toBe(n);
    const midnight = await made({ childId: rory, kind: 'diaper', at: '2026-11-20T05:00:00Z', details: { type: 'wet' } }, ann);
    expect(row(midnight)!.date).toBe('2026-11-20');
  });

  it("a teacher's 31 days are the centre's days: around midnight in Columbus and across the end of daylight saving time", async () => {
    try {
      // 12:30 AM on Tuesday 10 November (EST): the first day a teacher may write on is 10 October (EDT), from its
      // midnight, 04:00 UTC; 31 times 24 hours back from the EST midnight would be 05:00 UTC.
      s.clock.set('2026-11-10T05:30:00Z');
      const first = await made({ childId: rosa, kind: 'diaper', at: '2026-10-10T04:00:00Z', details: { type: 'wet' } }, ann);
      expect(row(first)!.date).toBe('2026-10-10');
      await refused(
        await post({ childId: rosa, kind: 'diaper', at: '2026-10-10T03:59:59Z', details: { type: 'wet' } }, ann),
        400,
        english(TOO_OLD_MESSAGE),
        'at',
      );
      // A director's correction may be older (back to the child's first day).
      const older = await made({ childId: rosa, kind: 'diaper', at: '2026-10-10T03:59:59Z', details: { type: 'wet' } });
      expect(row(older)!.date).toBe('2026-10-09');
      const years = await made({ childId: rosa, kind: 'note', at: '2025-09-01T04:00:00Z', details: { text: 'First day' } });
      expect(row(years)!.date).toBe('2025-09-01');

      // 11:30 PM on Monday 9 November in Columbus (already the 10th in UTC): 9 October is still a teacher's.
      s.clock.set('2026-11-10T04:30:00Z');
      const lastOne = await made({ childId: rosa, kind: 'diaper', at: '2026-10-09T04:00:00Z', details: { type: 'dry' } }, ann);
      expect(row(lastOne)!.date).toBe('2026-10-09');
      // Half an hour later it is Tuesday in Columbus: that entry is past the teacher's 31 days, and a director's.
      s.clock.set('2026-11-10T05:00:00Z');
      await refused(await patch(lastOne, { details: { type: 'bm' } }, ann), 400, english(TOO_OLD_MESSAGE));
      await refused(await del(lastOne, ann), 400, english(TOO_OLD_MESSAGE));
      expect(row(lastOne)!.details).toEqual({ type: 'dry' });
      expect((await patch(lastOne, { details: { type: 'bm' } }, s.admin)).status).toBe(200);
      expect((await del(lastOne, s.admin)).status).toBe(200);
    } finally {
      s.clock.set(NOON);
    }
  });

  it('the future is refused beyond a few minutes of a fast tablet clock', async () => {
    const ahead = (minutes: number) => new Date(Date.parse(NOON) + minutes * 60_000).toISOString();
    expect((await post({ childId: rosa, kind: 'diaper', at: ahead(4), details: { type: 'wet' } }, ann)).status).toBe(201);
    await refused(
      await post({ childId: rosa, kind: 'diaper', at: ahead(6), details: { type: 'wet' } }, ann),
      400,
      'The time cannot be in the future',
      'at',
    );
  });
});

describe('the longest nap', () => {
  it('a nap of exactly 4 hours is taken; 4 hours and 1 minute is refused, on create and on PATCH', async () => {
    const start = new Date(Date.parse(NOON) - 4 * HOUR - 60_000).toISOString();
    const four = await made({ childId: rosa, kind: 'nap', details: { start, end: new Date(Date.parse(start) + 4 * HOUR).toISOString() } });
    expect(row(four)!.details).toMatchObject({ end: new Date(Date.parse(start) + 4 * HOUR).toISOString() });
    const n = s.count(dailyEntries);
    await refused(
      await post({ childId: rosa, kind: 'nap', details: { start, end: NOON } }),
      400,
      english(NAP_TOO_LONG_MESSAGE),
      'details.end',
    );
    expect(s.count(dailyEntries)).toBe(n);
    await refused(await patch(four, { details: { start, end: NOON } }, s.admin), 400, english(NAP_TOO_LONG_MESSAGE));
    expect(row(four)!.details).toMatchObject({ end: new Date(Date.parse(start) + 4 * HOUR).toISOString() });
  });
});

describe('the end-of-day e-mail', () => {
  it('goes to the parent who chose it, not to the other parent of the same child who did not', async () => {
    // Friday 20 November, closing at 5:30 PM in Columbus.
    try {
      const family = await enrolFamily(s, 'summary.one@example.com', ['Sam Summary']);
      const child = family.children[0]!.id;
      checkedInEveryDay(s, [child], '2026-11-20', '2026-11-20');
      const other = await s.parentToken('summary.two@example.com');
      s.db.insert(parentChildRelationships).values({ parentId: other.parentId, childId: child, isPrimary: false }).run();
      const prefs = (token: string, dailySummary: boolean) =>
        s.request('/api/parent/preferences', { method: 'PATCH', json: { dailySummary }, ...bearer(token) });
      expect((await prefs(family.token, true)).status).toBe(200);
      // The second parent chose it, then changed their mind: a preference row that says no.
      expect((await prefs(other.token, true)).status).toBe(200);
      expect((await prefs(other.token, false)).status).toBe(200);
      await made({ childId: child, kind: 'diaper', details: { type: 'wet' } });

      s.clock.set('2026-11-20T22:31:00Z');
      queueDailySummaries({ db: s.db, mailer: createMailer(s.config, s.db), clock: s.clock, config: s.config });
      await drainMailQueue(s.db);
      const summaries = (to: string) =>
        s.db
          .select({ subject: outboxMessages.subject })
          .from(outboxMessages)
          .where(eq(outboxMessages.toAddress, to))
          .all()
          .filter((m) => m.subject.includes('day at Little Buckeyes'));
      expect(summaries('summary.one@example.com').map((m) => m.subject)).toEqual([
        "Sam Summary's day at Little Buckeyes: Friday, November 20",
      ]);
      expect(summaries('summary.two@example.com')).toEqual([]);
    } finally {
      s.clock.set(NOON);
    }
  });
});

describe('photos of a child who has left', () => {
  it('answer 404 to the family once the child is no longer active, though the parent is still signed in for a sibling', async () => {
    const family = await enrolFamily(s, 'photo.left@example.com', ['Pia Photo', 'Pax Photo']);
    const [pia, pax] = family.children.map((c) => c.id) as [string, string];
    expect(
      (await s.request(`/api/admin/enrolled-children/${pia}`, { method: 'PATCH', json: { photoConsent: true }, ...as(s.admin) })).status,
    ).toBe(200);
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c63' } })
      .png()
      .toBuffer();
    form.append('picture', new Blob([png as BlobPart], { type: 'image/png' }), 'pia.png');
    form.append('childIds[]', pia);
    form.append('caption', 'Pia at the easel');
    const upload = await s.request('/api/admin/child-photos', { method: 'POST', body: form, ...as(s.admin) });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const photo = (await json<{ id: string }>(upload)).id;
    const listed = () => s.request(`/api/parent/children/${pia}/photos`, bearer(family.token));
    expect((await s.request(`/api/child-photos/${photo}`, bearer(family.token))).status).toBe(200);
    expect((await listed()).status).toBe(200);

    const left = await s.request(`/api/admin/enrolled-children/${pia}/toggle-active`, { method: 'PATCH', ...as(s.admin) });
    expect(left.status).toBe(200);
    expect((await json<{ child: { isActive: boolean } }>(left)).child.isActive).toBe(false);
    // Still signed in (Pax is at the centre): Pax's photos answer, Pia's are gone as if they never were.
    expect((await s.request(`/api/parent/children/${pax}/photos`, bearer(family.token))).status).toBe(200);
    for (const path of [`/api/child-photos/${photo}`, `/api/child-photos/${photo}/original`]) {
      const res = await s.request(path, bearer(family.token));
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('Pia');
    }
    expect((await listed()).status).toBe(404);
    expect((await callProcedure(s, 'daily.parentPhotos', 'query', { childId: pia }, bearer(family.token).headers)).status).toBe(404);
    // Staff still see it.
    expect((await s.request(`/api/child-photos/${photo}`, as(s.admin))).status).toBe(200);
  });
});
