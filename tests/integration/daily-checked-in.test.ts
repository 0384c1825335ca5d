/**
 * The daily sheet is about children who came (ADR 080), over REST and tRPC: an entry for a child not checked in that
 * day is refused with 409 and a sentence naming the child, a group entry only takes children checked in at its
 * moment, and a director (never a teacher: 403) may record one anyway as a correction, which the sheet shows. An
 * entry is edited (its times, a nap's start and end, its details) by its author or a director under the same rules
 * as when it was recorded, with an audit row. The Daily sheets room says of each child: present, absent or gone home.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dailyEntries } from '../../db/schema';
import { CORRECTION_DIRECTOR_MESSAGE, NOT_YOUR_ENTRY } from '../../src/shared/schemas/daily-entries';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { callProcedure } from '../helpers/authz-fixtures';
import { json } from '../helpers/enrollment-fixtures';
import { english } from '../helpers/english';
import { enrolFamily } from '../helpers/parent-fixtures';

const s = sharedAdminServer();
/** Friday 20 November 2026, 12:00 in Columbus (EST, UTC-5). */
const NOON = '2026-11-20T17:00:00Z';

/** Mia came at 8 AM and is here; Leo came at 8:30 AM and went home at 11 AM; Zoe did not come. */
let mia = '';
let leo = '';
let zoe = '';
let teacher = '';
let otherTeacher = '';

type Answer = { message: string; errors?: Record<string, string> };
const post = (path: string, body: unknown, cookie = s.admin) => s.request(path, { method: 'POST', json: body, ...as(cookie) });
const patch = (id: string, body: unknown, cookie = s.admin) =>
  s.request(`/api/admin/daily-entries/${id}`, { method: 'PATCH', json: body, ...as(cookie) });
const trpc = (path: string, input: unknown, cookie = s.admin) => callProcedure(s, path, 'mutation', input, { cookie });
const row = (id: string) => s.db.select().from(dailyEntries).where(eq(dailyEntries.id, id)).get();
const lastAudit = () => s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get();

async function attend(childId: string, kind: 'in' | 'out', at: string) {
  const res = await post('/api/admin/attendance', { childId, kind, by: 'Jin Park', at });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function made(body: Record<string, unknown>, cookie = s.admin): Promise<string> {
  const res = await post('/api/admin/daily-entries', body, cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

/** A refused write: its status and sentence, and nothing written or audited. */
async function refused(send: () => Promise<Response>, status: number, message?: string) {
  const before = { count: s.count(dailyEntries), audit: lastAudit()?.id };
  const res = await send();
  expect(res.status, await res.clone().text()).toBe(status);
  if (message) expect((await json<Answer>(res.clone())).message).toBe(message);
  expect(s.count(dailyEntries)).toBe(before.count);
  expect(lastAudit()?.id).toBe(before.audit);
  return res;
}

beforeAll(async () => {
  s.clock.set(NOON);
  const family = await enrolFamily(s, 'present.family@example.com', ['Mia Moss', 'Leo Moss', 'Zoe Moss']);
  [mia, leo, zoe] = family.children.map((c) => c.id) as [string, string, string];
  teacher = await s.adminCookie('tess.present@example.com', 'teacher');
  otherTeacher = await s.adminCookie('omar.present@example.com', 'teacher');
  await attend(mia, 'in', '2026-11-20T13:00:00Z');
  await attend(leo, 'in', '2026-11-20T13:30:00Z');
  await attend(leo, 'out', '2026-11-20T16:00:00Z');
});

const absentZoe = () => english('error.absentThatDay', { names: 'Zoe Moss', many: 'no', day: 'Nov 20, 2026' });

describe('an entry for a child who did not come', () => {
  it('is refused with 409 and a sentence naming the child, over REST and tRPC, and nothing is written', async () => {
    const diaper = { childId: zoe, kind: 'diaper', details: { type: 'wet' } };
    const res = await refused(() => post('/api/admin/daily-entries', diaper), 409, absentZoe());
    expect((await json<Answer>(res)).message).toBe(
      'Zoe Moss was not checked in on Nov 20, 2026. Please check in first, or ask a director to record it as a correction.',
    );
    await refused(() => post('/api/admin/daily-entries', diaper, teacher), 409, absentZoe());
    await refused(() => trpc('daily.create', diaper, teacher), 409);
    // Yesterday, when nobody came: refused too, naming that day.
    await refused(
      () => post('/api/admin/daily-entries', { ...diaper, childId: mia, at: '2026-11-19T17:00:00Z' }, teacher),
      409,
      english('error.absentThatDay', { names: 'Mia Moss', many: 'no', day: 'Nov 19, 2026' }),
    );
  });

  it('is taken for a child checked in that day, here now or gone home since', async () => {
    await made({ childId: mia, kind: 'diaper', details: { type: 'wet' } }, teacher);
    await made({ childId: leo, kind: 'note', details: { text: 'Went home early with a cough.' } }, teacher);
  });

  it('a group entry takes only children checked in at its moment: one absent or gone home refuses it whole (409)', async () => {
    const lunch = { kind: 'meal', details: { meal: 'lunch', amount: 'most' } };
    const named = (names: string, many = 'no') => english('error.absentThen', { names, many });
    await refused(() => post('/api/admin/daily-entries/batch', { ...lunch, childIds: [mia, zoe] }, teacher), 409, named('Zoe Moss'));
    // Leo went home at 11 AM: at noon he is not there.
    await refused(() => post('/api/admin/daily-entries/batch', { ...lunch, childIds: [mia, leo] }, teacher), 409, named('Leo Moss'));
    await refused(
      () => post('/api/admin/daily-entries/batch', { ...lunch, childIds: [leo, zoe, mia] }, teacher),
      409,
      named('Leo Moss, Zoe Moss', 'yes'),
    );
    await refused(() => trpc('daily.batch', { ...lunch, childIds: [mia, zoe] }, teacher), 409);
    // At 10:30 AM Leo was there: a snack then names both.
    const snack = await post(
      '/api/admin/daily-entries/batch',
      { kind: 'meal', at: '2026-11-20T15:30:00Z', details: { meal: 'am_snack', amount: 'all' }, childIds: [mia, leo] },
      teacher,
    );
    expect(snack.status, await snack.clone().text()).toBe(201);
    expect((await json<{ count: number; items: { childId: string }[] }>(snack)).items.map((i) => i.childId).sort()).toEqual(
      [mia, leo].sort(),
    );
    // Before Mia came (7:30 AM): refused.
    await refused(
      () =>
        post(
          '/api/admin/daily-entries/batch',
          { kind: 'meal', at: '2026-11-20T12:30:00Z', details: { meal: 'breakfast', amount: 'all' }, childIds: [mia] },
          teacher,
        ),
      409,
      named('Mia Moss'),
    );
  });
});

describe("a director's correction", () => {
  it('records an entry for a child who did not come, marked as a correction, with it in the audit row', async () => {
    const res = await post('/api/admin/daily-entries', {
      childId: zoe,
      kind: 'note',
      correction: true,
      details: { text: 'Called in sick.' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json<{ id: string; correction: boolean }>(res);
    expect(body.correction).toBe(true);
    expect(row(body.id)).toMatchObject({ childId: zoe, correction: true });
    expect(lastAudit()).toMatchObject({ action: 'create', entityId: body.id });
    expect(lastAudit()!.fields).toMatchObject({ correction: true });
    // The sheet shows it as a correction; an ordinary entry is not one.
    const room = await callProcedure(s, 'daily.room', 'query', {}, { cookie: s.admin });
    const entries = ((await room.json()) as { result: { data: { json: { entries: { id: string; correction: boolean }[] } } } }).result.data
      .json.entries;
    expect(entries.find((e) => e.id === body.id)?.correction).toBe(true);
    expect(entries.filter((e) => e.id !== body.id).every((e) => e.correction === false)).toBe(true);
    // A group entry too, over tRPC.
    const group = await trpc('daily.batch', { childIds: [mia, zoe], kind: 'mood', correction: true, details: { mood: 'Calm' } });
    expect(group.status, await group.clone().text()).toBe(200);
  });

  it("is a director's only: a teacher's is refused with 403 even for a child who is here, and nothing is written", async () => {
    const message = english(CORRECTION_DIRECTOR_MESSAGE);
    const note = { kind: 'note', correction: true, details: { text: 'Teacher tries' } };
    await refused(() => post('/api/admin/daily-entries', { ...note, childId: zoe }, teacher), 403, message);
    await refused(() => post('/api/admin/daily-entries', { ...note, childId: mia }, teacher), 403, message);
    await refused(() => post('/api/admin/daily-entries/batch', { ...note, childIds: [zoe] }, teacher), 403, message);
    await refused(() => trpc('daily.create', { ...note, childId: zoe }, teacher), 403);
    // Not a true or false: 400.
    await refused(() => post('/api/admin/daily-entries', { ...note, childId: zoe, correction: 'yes' }), 400);
  });
});

describe('editing an entry', () => {
  it('a nap recorded after it happened, with its start and end, is kept with those times', async () => {
    // 1:30 PM: the nap was 12:15 PM to 1:15 PM.
    s.clock.set('2026-11-20T18:30:00Z');
    try {
      const id = await made(
        { childId: mia, kind: 'nap', details: { start: '2026-11-20T17:15:00Z', end: '2026-11-20T18:15:00Z' } },
        teacher,
      );
      expect(row(id)).toMatchObject({
        at: new Date('2026-11-20T17:15:00Z'),
        details: { start: '2026-11-20T17:15:00.000Z', end: '2026-11-20T18:15:00.000Z' },
      });
    } finally {
      s.clock.set(NOON);
    }
  });

  it("its author or a director changes a nap's start and end and a meal's details, with an audit row; another teacher gets 403", async () => {
    const nap = await made({ childId: mia, kind: 'nap', details: { start: '2026-11-20T15:00:00Z', end: '2026-11-20T15:30:00Z' } }, teacher);
    const times = { details: { start: '2026-11-20T14:50:00Z', end: '2026-11-20T15:40:00Z' } };
    const changed = await patch(nap, times, teacher);
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(row(nap)).toMatchObject({
      at: new Date('2026-11-20T14:50:00Z'),
      details: { start: '2026-11-20T14:50:00.000Z', end: '2026-11-20T15:40:00.000Z' },
    });
    expect(lastAudit()).toMatchObject({ action: 'update', entity: 'daily-entry', entityId: nap });
    await refused(
      () => patch(nap, { details: { start: '2026-11-20T14:00:00Z', end: '2026-11-20T14:30:00Z' } }, otherTeacher),
      403,
      english(NOT_YOUR_ENTRY),
    );
    const byDirector = await trpc('daily.update', { id: nap, details: { start: '2026-11-20T14:55:00Z', end: '2026-11-20T15:35:00Z' } });
    expect(byDirector.status, await byDirector.clone().text()).toBe(200);
    expect(row(nap)!.details).toMatchObject({ start: '2026-11-20T14:55:00.000Z' });

    const meal = await made({ childId: mia, kind: 'meal', details: { meal: 'lunch', amount: 'some' } }, teacher);
    const amount = await patch(meal, { details: { meal: 'lunch', amount: 'all', food: 'Rice' }, at: '2026-11-20T16:45:00Z' }, teacher);
    expect(amount.status, await amount.clone().text()).toBe(200);
    expect(row(meal)).toMatchObject({ at: new Date('2026-11-20T16:45:00Z'), details: { amount: 'all', food: 'Rice' } });
    expect(lastAudit()).toMatchObject({ action: 'update', entityId: meal });
    await refused(() => patch('00000000-0000-4000-8000-000000000000', { details: { type: 'dry' } }, teacher), 404);
  });

  it('within the rules of a new one: end after start, not in the future, on one day, on a day the child came', async () => {
    const nap = await made({ childId: mia, kind: 'nap', details: { start: '2026-11-20T15:00:00Z', end: '2026-11-20T15:30:00Z' } }, teacher);
    const unchanged = row(nap);
    const napTimes = (start: string, end: string) => ({ details: { start, end } });
    await refused(() => patch(nap, napTimes('2026-11-20T15:00:00Z', '2026-11-20T14:30:00Z'), teacher), 400, english('error.napOrder'));
    await refused(() => patch(nap, napTimes('2026-11-20T16:30:00Z', '2026-11-20T17:30:00Z'), teacher), 400, english('error.timeInFuture'));
    await refused(() => patch(nap, napTimes('2026-11-20T04:30:00Z', '2026-11-20T05:30:00Z'), teacher), 400, english('error.napOneDay'));
    // Moved to yesterday, when Mia did not come: 409; a teacher cannot make it a correction (403); a director can.
    const yesterday = napTimes('2026-11-19T15:00:00Z', '2026-11-19T15:30:00Z');
    await refused(
      () => patch(nap, yesterday, teacher),
      409,
      english('error.absentThatDay', { names: 'Mia Moss', many: 'no', day: 'Nov 19, 2026' }),
    );
    await refused(() => patch(nap, { ...yesterday, correction: true }, teacher), 403, english(CORRECTION_DIRECTOR_MESSAGE));
    await refused(() => patch(nap, yesterday), 409);
    expect(row(nap)).toEqual(unchanged);
    const corrected = await patch(nap, { ...yesterday, correction: true });
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    expect(row(nap)).toMatchObject({ date: '2026-11-19', correction: true });
    expect(lastAudit()!.fields).toMatchObject({ correction: true });
    // A diaper moved to a moment of the day Zoe did not come: 409 too.
    const diaper = await made({ childId: mia, kind: 'diaper', details: { type: 'dry' } }, teacher);
    await refused(() => patch(diaper, { at: '2026-11-18T15:00:00Z' }, teacher), 409);
  });
});

describe('the Daily sheets room', () => {
  it('says of each child whether they are present, absent or gone home', async () => {
    const res = await callProcedure(s, 'daily.room', 'query', {}, { cookie: teacher });
    expect(res.status).toBe(200);
    const { children } = ((await res.json()) as { result: { data: { json: { children: { id: string; presence: string }[] } } } }).result
      .data.json;
    const presence = Object.fromEntries(children.map((c) => [c.id, c.presence]));
    expect(presence).toMatchObject({ [mia]: 'present', [leo]: 'gone', [zoe]: 'absent' });
    // Another day: nobody came.
    const before = await callProcedure(s, 'daily.room', 'query', { date: '2026-11-19' }, { cookie: teacher });
    const past = ((await before.json()) as { result: { data: { json: { children: { presence: string }[] } } } }).result.data.json;
    expect(new Set(past.children.map((c) => c.presence))).toEqual(new Set(['absent']));
  });
});
