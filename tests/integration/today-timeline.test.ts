/**
 * The Today tab's timeline: the day's check-in and check-out come with the daily sheet's entries,
 * newest first, over REST (GET /api/parent/daily-entries/{childId}) and tRPC (daily.parentDay, and the dashboard's
 * `today`), for the family's own child only.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { queueDailySummaries } from '../../src/server/daily/summary-mail';
import { cacheStore } from '../../src/server/cache/store';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { createMailer } from '../../src/server/services/mailer';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';

const s = sharedAdminServer();
/** Friday 20 November 2026 in Columbus (EST, UTC-5). */
const DAY = '2026-11-20';

let a: Family;
let b: Family;
let childA: string;

const post = (path: string, body: unknown) => s.request(path, { method: 'POST', json: body, ...as(s.admin) });
const trpcQuery = (path: string, input: unknown, headers: Record<string, string>) =>
  s.request(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers });

type Item = { kind: string; at: string; details: Record<string, unknown> };

beforeAll(async () => {
  s.clock.set('2026-11-20T23:00:00Z');
  a = await enrolFamily(s, 'today.a@example.com', ['Tomas Today']);
  b = await enrolFamily(s, 'today.b@example.com', ['Bea Other']);
  childA = a.children[0]!.id;
  const pickup = await post(`/api/admin/enrolled-children/${childA}/pickups`, {
    name: 'Anna Alvarez',
    relationship: 'Aunt',
    phone: '614-555-0101',
  });
  expect(pickup.status, await pickup.clone().text()).toBe(201);
  // Yesterday's check-out (not today's): outside the centre's day, never in today's timeline.
  for (const [kind, at] of [
    ['in', '2026-11-19T13:00:00Z'],
    ['out', '2026-11-19T22:00:00Z'],
    ['in', '2026-11-20T12:42:00Z'],
    ['out', '2026-11-20T21:15:00Z'],
  ] as const) {
    const res = await post('/api/admin/attendance', { childId: childA, kind, by: 'Anna Alvarez', at });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const meal = await post('/api/admin/daily-entries', {
    childId: childA,
    kind: 'meal',
    at: '2026-11-20T17:00:00Z',
    details: { meal: 'lunch', amount: 'most', food: 'Pasta' },
  });
  expect(meal.status, await meal.clone().text()).toBe(201);
});

describe("the Today tab's timeline", () => {
  const expected = [
    { kind: 'check_out', at: '2026-11-20T21:15:00.000Z', details: { by: 'Anna Alvarez', override: false } },
    { kind: 'meal', at: '2026-11-20T17:00:00.000Z' },
    { kind: 'check_in', at: '2026-11-20T12:42:00.000Z', details: { by: 'Anna Alvarez', override: false } },
  ];

  it('shows the check-in, the meal and the check-out newest first over REST', async () => {
    const res = await s.request(`/api/parent/daily-entries/${childA}?date=${DAY}`, bearer(a.token));
    expect(res.status).toBe(200);
    const day = await json<{ items: Item[] }>(res);
    expect(day.items).toMatchObject(expected);
    expect(day.items).toHaveLength(3);
  });

  it('shows the same over tRPC, and in the dashboard’s today', async () => {
    const res = await trpcQuery('daily.parentDay', { childId: childA, date: DAY }, bearer(a.token).headers);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { json: { items: Item[] } } } };
    expect(body.result.data.json.items).toMatchObject(expected);
    expect(body.result.data.json.items).toHaveLength(3);
    const dash = await trpcQuery('parentPortal.dashboard', { childId: childA }, bearer(a.token).headers);
    expect(dash.status).toBe(200);
    const d = (await dash.json()) as { result: { data: { json: { today: Item[] } } } };
    expect(d.result.data.json.today).toMatchObject(expected);
  });

  it("another family's child is still 404, over REST and tRPC, naming nothing", async () => {
    const foreign = await s.request(`/api/parent/daily-entries/${childA}?date=${DAY}`, bearer(b.token));
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('Anna');
    expect((await trpcQuery('daily.parentDay', { childId: childA, date: DAY }, bearer(b.token).headers)).status).toBe(404);
    expect((await trpcQuery('parentPortal.dashboard', { childId: childA }, bearer(b.token).headers)).status).toBe(404);
  });
});

describe("the end-of-day e-mail in the parent's language", () => {
  it("a Spanish parent's summary is in Spanish: the subject, the day's items, the times and the letter", async () => {
    const prefs = await s.request('/api/parent/preferences', {
      method: 'PATCH',
      json: { dailySummary: true, language: 'es' },
      ...bearer(a.token),
    });
    expect(prefs.status, await prefs.clone().text()).toBe(200);
    // 5:31 PM in Columbus: after closing.
    s.clock.set('2026-11-20T22:31:00Z');
    // Thursday's check-in and check-out (the catch-up days) and Friday's day: one e-mail each.
    expect(queueDailySummaries({ db: s.db, mailer: createMailer(s.config, s.db), clock: s.clock, config: s.config })).toBe(2);
    await drainMailQueue(s.db);
    const mails = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, a.email)).all();
    const mail = mails.find((m) => m.subject.includes('20 de noviembre'))!;
    expect(mails.find((m) => m.subject.includes('19 de noviembre'))?.subject).toBe(
      'El día de Tomas Today en Little Buckeyes: jueves, 19 de noviembre',
    );
    expect(mail.subject).toBe('El día de Tomas Today en Little Buckeyes: viernes, 20 de noviembre');
    const text = mail.textBody;
    for (const words of [
      'Así fue el día de Tomas Today',
      'Llegada. Llegó con Anna Alvarez',
      'Almuerzo. Comió casi todo: Pasta',
      'Salida. Salió con Anna Alvarez',
      'Portal para Padres',
    ])
      expect(text, words).toContain(words);
    expect(text).toMatch(/7:42\s?a\.\s?m\./);
    for (const english of ['Checked in', 'Lunch', 'Ate most', 'Here is', 'Dear ']) expect(text, english).not.toContain(english);
  });
});

describe("the Today tab's kept answer (cache/response-cache.ts)", () => {
  it("is kept for the parent's session, and a note is seen on the very next read, over REST and tRPC", async () => {
    s.clock.set('2026-11-20T23:00:00Z');
    const store = cacheStore(s.db);
    const rest = `/api/parent/daily-entries/${childA}`;
    const noted = async () => [
      (await (await s.request(rest, bearer(a.token))).text()).includes('Kept note'),
      (await (await trpcQuery('daily.parentDay', { childId: childA }, bearer(a.token).headers)).text()).includes('Kept note'),
    ];
    // Kept: both reads go into the store when nothing else is written meanwhile (a queued e-mail going out is a
    // write, and empties the store: then the round is tried again).
    const keptRound = async () => {
      expect((await s.request('/api/parent/children', bearer(a.token))).status).toBe(200);
      const version = store.version();
      const held = store.answers();
      expect(await noted()).toEqual([false, false]);
      return store.version() === version ? store.answers() - held : 'a write came between';
    };
    await expect.poll(keptRound).toBe(2);
    const note = await post('/api/admin/daily-entries', {
      childId: childA,
      kind: 'note',
      at: '2026-11-20T19:00:00Z',
      details: { text: 'Kept note: sang all afternoon' },
    });
    expect(note.status, await note.clone().text()).toBe(201);
    expect(await noted()).toEqual([true, true]);
  });

  it('kept before midnight in Columbus, it is not the answer after: the day asked for is the new one', async () => {
    s.clock.set('2026-11-21T04:50:00Z');
    const late = await enrolFamily(s, 'today.midnight@example.com', ['Mina Midnight']);
    const path = `/api/parent/daily-entries/${late.children[0]!.id}`;
    const dayOf = async () => (await json<{ date: string }>(await s.request(path, bearer(late.token)))).date;
    expect(await dayOf()).toBe('2026-11-20');
    expect(await dayOf()).toBe('2026-11-20');
    s.clock.set('2026-11-21T05:10:00Z');
    expect(await dayOf()).toBe('2026-11-21');
  });
});
