/**
 * The public lists are served from memory (cache/store.ts and cache/response-cache.ts, ADR 017). These tests hold it to its
 * promises: a strong ETag and 304; every write that changes a list is seen on the very next read, whichever
 * path made it; the centre's midnight ends an expired announcement even though nothing was written; staff
 * answers (private items) are never the cached ones.
 */
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { announcements, childAchievements, events, milestones } from '../../db/schema';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';

const s = sharedAdminServer();

async function read(path: string, headers: Record<string, string> = {}) {
  const res = await s.request(path, { headers });
  return { status: res.status, etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control'), text: await res.text() };
}

/** Reads the list (filling the cache), runs the write, and checks the next read shows it with a new ETag. */
async function seenAtOnce(path: string, write: () => Promise<void>, check: (list: unknown[]) => boolean) {
  const before = await read(path);
  expect(before.status).toBe(200);
  expect(check(JSON.parse(before.text) as unknown[])).toBe(false);
  await write();
  const after = await read(path);
  expect(after.status).toBe(200);
  expect(check(JSON.parse(after.text) as unknown[])).toBe(true);
  expect(after.etag).not.toBe(before.etag);
  // The browser's copy is stale now: its old ETag gets the new list, not a 304.
  expect((await read(path, { 'if-none-match': before.etag! })).status).toBe(200);
}

async function ok(res: Response | Promise<Response>, status = 200) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return (await r.json()) as { id: string } & Record<string, unknown>;
}

const titled = (title: string) => (list: unknown[]) => list.some((x) => (x as { title: string }).title === title);
const withId = (id: string) => (list: unknown[]) => list.some((x) => (x as { id: string }).id === id);
const eventBody = (title: string) => ({
  title,
  description: 'Songs',
  eventDate: '2026-12-01',
  startTime: '10:00',
  endTime: '11:00',
  category: 'general',
  isPublic: true,
});

describe.each(['/api/events', '/api/announcements', '/api/gallery', '/api/milestones', '/api/achievements', '/api/achievements/recent'])(
  '%s',
  (path) => {
    it('has a strong ETag, answers 304 to it, and the full list to any other', async () => {
      const first = await read(path);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.cacheControl).toBe('private, no-cache');
      const again = await s.request(path, { headers: { 'if-none-match': first.etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(first.etag);
      expect(await again.text()).toBe('');
      const listOfTags = await s.request(path, { headers: { 'if-none-match': `"other", ${first.etag}` } });
      expect(listOfTags.status).toBe(304);
      const other = await read(path, { 'if-none-match': '"something-else"' });
      expect(other.status).toBe(200);
      expect(other.text).toBe(first.text);
      // If-None-Match compares weakly: the tag a cache weakened still matches.
      expect((await s.request(path, { headers: { 'if-none-match': `W/${first.etag}` } })).status).toBe(304);
    });
  },
);

describe('compression', () => {
  it('gzips once with a strong ETag of its own, and sends the plain bytes to a client that does not take gzip', async () => {
    const gz = await s.request('/api/milestones', { headers: { 'accept-encoding': 'gzip' } });
    const plain = await s.request('/api/milestones', { headers: { 'accept-encoding': 'identity' } });
    expect(gz.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+-gzip"$/);
    expect(plain.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(gz.headers.get('vary')).toContain('Accept-Encoding');
    expect(await gz.text()).toBe(await plain.text());
    // Each representation is validated by its own tag.
    expect(
      (await s.request('/api/milestones', { headers: { 'accept-encoding': 'identity', 'if-none-match': gz.headers.get('etag')! } })).status,
    ).toBe(200);
    expect(
      (await s.request('/api/milestones', { headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag')! } })).status,
    ).toBe(304);
  });
});

describe('every write is seen on the next read', () => {
  it('events: create, update, delete', async () => {
    let id = '';
    await seenAtOnce(
      '/api/events',
      async () => {
        id = (await ok(s.request('/api/events', { method: 'POST', json: eventBody('Cache create'), ...as(s.admin) }), 201)).id;
      },
      titled('Cache create'),
    );
    await seenAtOnce(
      '/api/events',
      async () => {
        await ok(s.request(`/api/events/${id}`, { method: 'PUT', json: eventBody('Cache update'), ...as(s.admin) }));
      },
      titled('Cache update'),
    );
    await seenAtOnce(
      '/api/events',
      async () => {
        await ok(s.request(`/api/events/${id}`, { method: 'DELETE', ...as(s.admin) }));
      },
      (list) => !withId(id)(list),
    );
  });

  it('events: made private is gone from the public list at once', async () => {
    const { id } = await ok(s.request('/api/events', { method: 'POST', json: eventBody('Going private'), ...as(s.admin) }), 201);
    await seenAtOnce(
      '/api/events',
      async () => {
        await ok(
          s.request(`/api/events/${id}`, { method: 'PUT', json: { ...eventBody('Going private'), isPublic: false }, ...as(s.admin) }),
        );
      },
      (list) => !withId(id)(list),
    );
  });

  it('announcements: create, update, delete', async () => {
    const body = (title: string) => ({ title, content: 'Hello', category: 'general', priority: 'normal', isPublic: true, expiresAt: null });
    let id = '';
    await seenAtOnce(
      '/api/announcements',
      async () => {
        id = (await ok(s.request('/api/announcements', { method: 'POST', json: body('Cache news'), ...as(s.admin) }), 201)).id;
      },
      titled('Cache news'),
    );
    await seenAtOnce(
      '/api/announcements',
      async () => {
        await ok(s.request(`/api/announcements/${id}`, { method: 'PUT', json: body('Cache news, edited'), ...as(s.admin) }));
      },
      titled('Cache news, edited'),
    );
    await seenAtOnce(
      '/api/announcements',
      async () => {
        await ok(s.request(`/api/announcements/${id}`, { method: 'DELETE', ...as(s.admin) }));
      },
      (list) => !withId(id)(list),
    );
  });

  it('gallery: upload and delete', async () => {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#228844' } })
      .png()
      .toBuffer();
    let id = '';
    await seenAtOnce(
      '/api/gallery',
      async () => {
        const fd = new FormData();
        fd.append('picture', new Blob([bytes as BlobPart], { type: 'image/png' }), 'garden.png');
        fd.append('caption', 'Cache garden');
        id = (await ok(s.request('/api/admin/pictures', { method: 'POST', body: fd, ...as(s.admin) }), 201)).id;
      },
      (list) => list.some((p) => (p as { caption: string }).caption === 'Cache garden'),
    );
    await seenAtOnce(
      '/api/gallery',
      async () => {
        await ok(s.request(`/api/admin/pictures/${id}`, { method: 'DELETE', ...as(s.admin) }));
      },
      (list) => !withId(id)(list),
    );
  });

  it('achievements: recorded, deleted, and gone with a deleted child', async () => {
    const milestone = s.db.select({ id: milestones.id }).from(milestones).limit(1).get()!;
    const child = await addChild(s);
    const today = '2026-11-21';
    let id = '';
    for (const path of ['/api/achievements', '/api/achievements/recent']) await read(path);
    await seenAtOnce(
      '/api/achievements/recent',
      async () => {
        id = (
          (
            await ok(
              s.request('/api/admin/child-achievements', {
                method: 'POST',
                json: { childId: child.id, milestoneId: milestone.id, achievedAt: today },
                ...as(s.admin),
              }),
              201,
            )
          ).achievement as { id: string }
        ).id;
      },
      (list) => withId(id)(list),
    );
    expect(withId(id)(JSON.parse((await read('/api/achievements')).text) as unknown[])).toBe(true);
    await seenAtOnce(
      '/api/achievements',
      async () => {
        await ok(s.request(`/api/admin/child-achievements/${id}`, { method: 'DELETE', ...as(s.admin) }));
      },
      (list) => !withId(id)(list),
    );

    // A write that is not about achievements at all: removing the child removes its achievements (cascade).
    const again = s.db
      .insert(childAchievements)
      .values({ childId: child.id, milestoneId: milestone.id, achievedAt: today })
      .returning()
      .get();
    await seenAtOnce(
      '/api/achievements',
      async () => {
        await ok(s.request(`/api/admin/enrolled-children/${child.id}`, { method: 'DELETE', ...as(s.admin) }));
      },
      (list) => !withId(again.id)(list),
    );
  });

  it('milestones: reference data changed in the database', async () => {
    const m = s.db.select({ id: milestones.id }).from(milestones).limit(1).get()!;
    await seenAtOnce(
      '/api/milestones',
      async () => {
        s.db
          .update(milestones)
          .set({ isActive: false })
          .where((await import('drizzle-orm')).eq(milestones.id, m.id))
          .run();
      },
      (list) => !withId(m.id)(list),
    );
    s.db
      .update(milestones)
      .set({ isActive: true })
      .where((await import('drizzle-orm')).eq(milestones.id, m.id))
      .run();
  });

  it('a write by another process (another connection to the file) is seen too', async () => {
    const other = new Database(s.config.databasePath);
    try {
      await seenAtOnce(
        '/api/events',
        async () => {
          other
            .prepare(
              "insert into events (id, title, description, event_date, category, is_public) values ('other-process', 'From elsewhere', 'x', '2026-12-02', 'general', 1)",
            )
            .run();
        },
        titled('From elsewhere'),
      );
    } finally {
      other.close();
    }
  });

  it('the tRPC list and the REST list agree after a write', async () => {
    await s.caller().events.list();
    const { id } = await ok(s.request('/api/events', { method: 'POST', json: eventBody('Both doors'), ...as(s.admin) }), 201);
    expect((await s.caller().events.list()).some((e) => e.id === id)).toBe(true);
    const batch = await s.request(`/api/trpc/events.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null } }))}`);
    expect(batch.status).toBe(200);
    expect(await batch.text()).toContain(id);
  });
});

describe('staff answers are never the cached ones', () => {
  it('staff get private events and announcements with no-store and no ETag; visitors and parents never see them', async () => {
    s.db.insert(events).values({ title: 'Staff only meeting', description: 'x', eventDate: '2026-12-03', isPublic: false }).run();
    s.db.insert(announcements).values({ title: 'Staff only memo', content: 'x', isPublic: false }).run();
    for (const path of ['/api/events', '/api/announcements']) {
      const visitor = await read(path);
      expect(visitor.text).not.toContain('Staff only');
      const staff = await s.request(path, { headers: { cookie: s.admin, 'if-none-match': visitor.etag! } });
      expect(staff.status).toBe(200);
      expect(staff.headers.get('etag')).toBeNull();
      expect(staff.headers.get('cache-control')).toBe('no-store');
      expect(await staff.text()).toContain('Staff only');
      // The staff read did not replace the public entry.
      const after = await read(path);
      expect(after.text).not.toContain('Staff only');
      expect(after.etag).toBe(visitor.etag);
      const { token } = await s.parentToken();
      expect((await read(path, { authorization: `Bearer ${token}` })).text).not.toContain('Staff only');
    }
  });
});

describe('the centre day decides what is current, with no write', () => {
  it('an announcement whose last day was yesterday in Columbus leaves the list at midnight there', async () => {
    s.clock.set('2026-11-21T15:00:00Z');
    s.db.insert(announcements).values({ title: 'Ends on the 21st', content: 'x', expiresAt: '2026-11-21' }).run();
    expect((await read('/api/announcements')).text).toContain('Ends on the 21st');
    // 23:59 on the 21st in Columbus (EST, UTC-5): still its last day, served from the cache.
    s.clock.set('2026-11-22T04:59:00Z');
    const lastMinute = await read('/api/announcements');
    expect(lastMinute.text).toContain('Ends on the 21st');
    // 00:00 on the 22nd in Columbus: gone, though nothing was written.
    s.clock.set('2026-11-22T05:00:00Z');
    const next = await read('/api/announcements');
    expect(next.text).not.toContain('Ends on the 21st');
    expect(next.etag).not.toBe(lastMinute.etag);
    expect((await read('/api/announcements', { 'if-none-match': lastMinute.etag! })).status).toBe(200);
    s.clock.set('2026-11-21T15:00:00Z');
  });

  it('a recent achievement stops being recent at midnight', async () => {
    s.clock.set('2026-11-21T15:00:00Z');
    const milestone = s.db.select({ id: milestones.id }).from(milestones).limit(1).get()!;
    const child = await addChild(s);
    // RECENT_DAYS (30) before the 21st is the 22nd of October: recent until the 21st of November ends.
    const row = s.db
      .insert(childAchievements)
      .values({ childId: child.id, milestoneId: milestone.id, achievedAt: '2026-10-22' })
      .returning()
      .get();
    expect((await read('/api/achievements/recent')).text).toContain(row.id);
    s.clock.set('2026-11-22T05:00:00Z');
    expect((await read('/api/achievements/recent')).text).not.toContain(row.id);
    s.clock.set('2026-11-21T15:00:00Z');
  });
});

describe("visitors' finished answers (cache/response-cache.ts)", () => {
  const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'date');

  it('a kept answer is the same answer: status, every header and the body', async () => {
    for (const path of ['/api/events', '/api/gallery']) {
      for (const encoding of ['gzip', 'identity']) {
        const first = await s.request(path, { headers: { 'accept-encoding': encoding } });
        const kept = await s.request(path, { headers: { 'accept-encoding': encoding } });
        expect(kept.status).toBe(first.status);
        expect(headersOf(kept)).toEqual(headersOf(first));
        expect(Buffer.from(await kept.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
      }
    }
  });

  it('a request with a staff session is never answered from the copy a visitor was sent, even with the same headers', async () => {
    s.db.insert(events).values({ title: 'Staff planning day', description: 'x', eventDate: '2026-12-04', isPublic: false }).run();
    expect((await read('/api/events')).text).not.toContain('Staff planning day');
    expect((await read('/api/events')).text).not.toContain('Staff planning day');
    expect((await read('/api/events', { cookie: s.admin })).text).toContain('Staff planning day');
  });

  it('each Accept-Encoding and If-None-Match has its own answer', async () => {
    const gz = await s.request('/api/announcements', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await s.request('/api/announcements', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const full = await s.request('/api/announcements');
    expect(full.status).toBe(200);
    const revalidated = await s.request('/api/announcements', { headers: { 'if-none-match': full.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    expect((await s.request('/api/announcements')).status).toBe(200);
  });

  it('a tRPC batch of public lists is kept too, and a write is seen on the next one', async () => {
    const url = `/api/trpc/events.list,announcements.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }))}`;
    expect((await s.request(url)).status).toBe(200);
    expect((await s.request(url)).status).toBe(200);
    const { id } = await ok(s.request('/api/events', { method: 'POST', json: eventBody('Seen by the batch'), ...as(s.admin) }), 201);
    expect(await (await s.request(url)).text()).toContain(id);
  });

  it('a visitor who asks for the batch as a stream of JSON lines never has it sent to the next visitor', async () => {
    const url = `/api/trpc/events.list,milestones.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }))}`;
    const streamAsks: Record<string, string>[] = [{ 'trpc-accept': 'application/jsonl' }, { accept: 'application/jsonl' }];
    for (const accept of streamAsks) {
      for (let i = 0; i < 2; i++) {
        const streamed = await s.request(url, { headers: accept });
        expect(streamed.status).toBe(200);
        // JSON lines (tRPC labels them application/json too): not one JSON value.
        expect((await streamed.text()).trim().split('\n').length).toBeGreaterThan(1);
      }
      const plain = await s.request(url);
      const body = JSON.parse(await plain.text()) as unknown[];
      expect(body).toHaveLength(2);
    }
  });

  it('keeps exactly the public lists: each answers a visitor at its REST path and over tRPC with the same list', async () => {
    const { PUBLIC_LISTS, readOfRestPath } = await import('../../src/server/cache/registry');
    for (const { procedure, rest } of PUBLIC_LISTS) {
      const [router, name] = procedure.split('.') as [string, string];
      const caller = s.caller() as unknown as Record<string, Record<string, () => Promise<unknown>>>;
      const direct = JSON.parse(JSON.stringify(await caller[router]![name]!()));
      expect(JSON.parse((await read(rest)).text), rest).toEqual(direct);
      const trpc = await s.request(`/api/trpc/${procedure}`);
      expect(((await trpc.json()) as { result: { data: { json: unknown } } }).result.data.json, procedure).toEqual(direct);
    }
    expect(readOfRestPath('/api/parent/children')?.whose).toBe('parent-session');
    expect(readOfRestPath('/api/admin/enrolled-children')?.whose).toBe('staff-session');
    expect(readOfRestPath('/api/enrollment')).toBeUndefined();
  });
});
