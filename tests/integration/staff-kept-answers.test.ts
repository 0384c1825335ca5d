/**
 * The staff's day view (the Attendance tab) and the Audit tab's first page are kept per staff
 * session (cache/response-cache.ts, ADR 017): answered from memory until anything is written, a write is seen on
 * the very next read, and a kept answer is never another session's or role's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheStore } from '../../src/server/cache/store';
import { centreDateOf } from '../../src/shared/centre-time';
import { addChild, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();
let teacher = '';
beforeAll(async () => {
  teacher = await s.adminCookie('kept.teacher@example.com', 'teacher');
});

const trpcGet = (path: string, input: unknown) => `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const read = async (path: string, cookie: string) => {
  const res = await s.request(path, { headers: { cookie } });
  return { status: res.status, text: await res.text() };
};

/**
 * How many answers reading `paths` put into the store, in a round where nothing else was written (a queued
 * e-mail going out is a write and empties the store: the round is then tried again). Starts with a kept read of
 * its own, so what earlier writes made stale is gone before it counts.
 */
function keptIn(paths: string[], cookie: string) {
  const store = cacheStore(s.db);
  return expect.poll(async () => {
    expect((await read('/api/admin/enrolled-children', cookie)).status).toBe(200);
    const version = store.version();
    const held = store.answers();
    for (const path of paths) expect((await read(path, cookie)).status, path).toBe(200);
    return store.version() === version ? store.answers() - held : 'a write came between';
  });
}

describe("the staff's kept answers", () => {
  it("the Attendance tab's day is kept for the session, and a check-in is seen on the very next read, over REST and tRPC", async () => {
    const child = await addChild(s, { childName: 'Kip Kept', parentName: 'Kay Kept' });
    const day = centreDateOf(s.clock.now());
    const paths = [`/api/admin/attendance?date=${day}`, trpcGet('attendance.day', { date: day })];
    await keptIn(paths, teacher).toBe(2);

    const checkIn = await s.request('/api/admin/attendance', {
      method: 'POST',
      json: { childId: child.id, kind: 'in', by: 'Kay Kept' },
      headers: { cookie: teacher },
    });
    expect(checkIn.status, await checkIn.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(checkIn);
    for (const path of paths) expect((await read(path, teacher)).text, path).toContain(id);
    // The director's session has its own answer, with the check-in too.
    for (const path of paths) expect((await read(path, s.admin)).text, path).toContain(id);
  });

  it("the Audit tab's first page is kept for the director, shows a write at once, and is never a teacher's", async () => {
    const paths = ['/api/admin/audit-log?limit=50', '/api/admin/audit-log?limit=50&entity=event&from=2026-01-01'];
    await keptIn(paths, s.admin).toBe(2);

    const made = await s.request('/api/events', {
      method: 'POST',
      json: { title: 'Kept audit picnic', description: 'Bring a hat', eventDate: '2026-12-04' },
      headers: { cookie: s.admin },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(made);
    for (const path of paths) expect((await read(path, s.admin)).text, path).toContain(id);
    for (const path of paths) {
      const theirs = await read(path, teacher);
      expect(theirs.status, path).toBe(403);
      expect(theirs.text).not.toContain(id);
    }
  });
});
