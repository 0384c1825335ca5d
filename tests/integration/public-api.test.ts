import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, childAchievements, enrolledChildren, enrollmentApplications, events, milestones } from '../../db/schema';
import { RECENT_LIMIT } from '../../src/server/development/milestones';
import { AGE_RANGES, MILESTONE_CATEGORIES } from '../../src/shared/constants';
import { requiredApplicationFields } from '../helpers/enrollment-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The required fields and one optional one, so 'stores a valid application' sees the optional ones left out stored empty. */
const validApplication = { ...requiredApplicationFields, allergies: 'Peanuts' };

describe('seeded milestones', () => {
  it('has at least three milestones for every age band, covering every category', async () => {
    const res = await s.request('/api/milestones');
    expect(res.status).toBe(200);
    const list = (await res.json()) as { ageRange: string; category: string; badgeIcon: string; badgeColor: string; difficulty: string }[];
    for (const band of AGE_RANGES) expect(list.filter((m) => m.ageRange === band).length).toBeGreaterThanOrEqual(3);
    for (const cat of MILESTONE_CATEGORIES) expect(list.some((m) => m.category === cat)).toBe(true);
    for (const m of list) {
      expect(m.badgeIcon).toBeTruthy();
      expect(m.badgeColor).toMatch(/^#[0-9a-f]{6}$/i);
      expect(['easy', 'normal', 'challenging']).toContain(m.difficulty);
    }
    const viaTrpc = await s.caller().milestones.list();
    expect(viaTrpc.map((m) => m.id)).toEqual(list.map((m) => (m as unknown as { id: string }).id));
  });
});

describe('events and announcements', () => {
  beforeAll(() => {
    s.db
      .insert(events)
      .values([
        {
          title: 'Fall Festival',
          description: 'Pumpkins',
          eventDate: '2026-11-25',
          startTime: '10:00',
          endTime: '12:00',
          category: 'holiday',
        },
        { title: 'Staff planning day', description: 'Closed', eventDate: '2026-11-27', isPublic: false },
      ])
      .run();
    s.db
      .insert(announcements)
      .values([
        { title: 'Flu clinic', content: 'Flu shots on Friday', category: 'health', priority: 'high' },
        { title: 'Internal memo', content: 'Staff only', isPublic: false },
      ])
      .run();
  });

  it('lists only public events, over REST and tRPC alike', async () => {
    const res = await s.request('/api/events');
    expect(res.status).toBe(200);
    const list = (await res.json()) as { title: string; startTime: string }[];
    expect(list.map((e) => e.title)).toEqual(['Fall Festival']);
    expect(list[0]).toMatchObject({ eventDate: '2026-11-25', startTime: '10:00', endTime: '12:00', category: 'holiday' });
    expect((await s.caller().events.list()).map((e) => e.title)).toEqual(['Fall Festival']);
  });

  it('lists only public announcements to visitors', async () => {
    const list = (await (await s.request('/api/announcements')).json()) as { title: string; priority: string }[];
    expect(list.map((a) => a.title)).toEqual(['Flu clinic']);
    expect(list[0]).toMatchObject({ priority: 'high', category: 'health', isPublic: true, expiresAt: null });
    expect((await s.caller().announcements.list()).map((a) => a.title)).toEqual(['Flu clinic']);
  });
});

describe('expired announcements', () => {
  // A server of its own: the lists above expect exactly their rows. Its clock is moved per test.
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer();
    own.db
      .insert(announcements)
      .values([
        { title: 'No expiry', content: 'Always current' },
        { title: 'Ended Thursday', content: 'Over', expiresAt: '2026-11-19' },
        { title: 'Ends Friday', content: 'Last day Friday', expiresAt: '2026-11-20' },
        { title: 'Ends Saturday', content: 'Last day Saturday', expiresAt: '2026-11-21' },
        { title: 'Private, ends Saturday', content: 'Staff', expiresAt: '2026-11-21', isPublic: false },
        { title: 'Private, ended Friday', content: 'Staff', expiresAt: '2026-11-20', isPublic: false },
      ])
      .run();
  });
  afterAll(() => own.close());

  const titles = async (path = '/api/announcements') =>
    ((await (await own.request(path)).json()) as { title: string }[]).map((a) => a.title).sort();

  it('keeps an announcement through its expiry day and drops it the day after, over REST and tRPC', async () => {
    // Saturday 21 November, 10:00 in Columbus.
    own.clock.set('2026-11-21T15:00:00Z');
    expect(await titles()).toEqual(['Ends Saturday', 'No expiry']);
    expect((await own.caller().announcements.list()).map((a) => a.title).sort()).toEqual(['Ends Saturday', 'No expiry']);
  });

  it("counts days in the centre's time zone, not UTC", async () => {
    // 22:30 on Saturday in Columbus is already Sunday in UTC: Saturday's announcement still shows.
    own.clock.set('2026-11-22T03:30:00Z');
    expect(await titles()).toEqual(['Ends Saturday', 'No expiry']);
    // Half past midnight on Sunday in Columbus: it has expired.
    own.clock.set('2026-11-22T05:30:00Z');
    expect(await titles()).toEqual(['No expiry']);
    // Friday evening in Columbus (Saturday in UTC): Friday's is still current.
    own.clock.set('2026-11-21T04:00:00Z');
    expect(await titles()).toEqual(['Ends Friday', 'Ends Saturday', 'No expiry']);
  });

  it('staff see current private ones in the list, and every one (expired too) in the dashboard list', async () => {
    own.clock.set('2026-11-21T15:00:00Z');
    const cookie = await own.adminCookie();
    const staffList = ((await (await own.request('/api/announcements', { headers: { cookie } })).json()) as { title: string }[])
      .map((a) => a.title)
      .sort();
    expect(staffList).toEqual(['Ends Saturday', 'No expiry', 'Private, ends Saturday']);
    expect((await own.caller('admin').announcements.all()).map((a) => a.title).sort()).toEqual([
      'Ended Thursday',
      'Ends Friday',
      'Ends Saturday',
      'No expiry',
      'Private, ended Friday',
      'Private, ends Saturday',
    ]);
  });
});

describe('recent achievements', () => {
  let own: TestServer;
  const achieve = (achievedAt: string, notes = achievedAt) => {
    const child = own.db.select().from(enrolledChildren).get()!;
    const milestone = own.db.select().from(milestones).get()!;
    own.db.insert(childAchievements).values({ childId: child.id, milestoneId: milestone.id, achievedAt, notes }).run();
  };
  const recent = async () =>
    ((await (await own.request('/api/achievements/recent')).json()) as { achievedAt: string }[]).map((a) => a.achievedAt);
  beforeAll(async () => {
    own = await startTestServer();
    own.db
      .insert(enrolledChildren)
      .values({
        childName: 'Milo Test',
        parentName: 'Pat Test',
        parentEmail: 'pat@example.com',
        dateOfBirth: '2022-05-01',
        startDate: '2024-09-01',
      })
      .run();
    // Today is Saturday 21 November 2026 in Columbus; the window reaches back 30 days, to 22 October.
    achieve('2026-10-21');
    achieve('2026-10-22');
    achieve('2026-11-21');
  });
  afterAll(() => own.close());

  it('reaches back 30 days: the 30th day before today is in, the 31st is out, newest first', async () => {
    own.clock.set('2026-11-21T15:00:00Z');
    expect(await recent()).toEqual(['2026-11-21', '2026-10-22']);
    expect((await own.caller().achievements.recent()).map((a) => a.achievedAt)).toEqual(['2026-11-21', '2026-10-22']);
    // All achievements keep the older one.
    expect(((await (await own.request('/api/achievements')).json()) as unknown[]).length).toBe(3);
  });

  it("moves with the centre's day, not UTC's", async () => {
    // 22:30 Saturday in Columbus (Sunday in UTC): 22 October is still in.
    own.clock.set('2026-11-22T03:30:00Z');
    expect(await recent()).toEqual(['2026-11-21', '2026-10-22']);
    // Sunday in Columbus: 22 October is now the 31st day back.
    own.clock.set('2026-11-22T15:00:00Z');
    expect(await recent()).toEqual(['2026-11-21']);
  });

  it(`shows at most ${RECENT_LIMIT}, the newest`, async () => {
    own.clock.set('2026-11-21T15:00:00Z');
    for (let day = 1; day <= RECENT_LIMIT + 2; day++) achieve(`2026-11-${String(day).padStart(2, '0')}`);
    const list = await recent();
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toBe('2026-11-21');
    expect(list).toEqual([...list].sort().reverse());
    expect(list).not.toContain('2026-11-01');
  });
});

describe('gallery and achievements', () => {
  it('answers empty lists when nothing was uploaded or achieved', async () => {
    for (const path of ['/api/gallery', '/api/achievements', '/api/achievements/recent']) {
      const res = await s.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual([]);
    }
    expect(await s.caller().gallery.list()).toEqual([]);
    expect(await s.caller().achievements.recent()).toEqual([]);
  });
});

describe('POST /api/enrollment', () => {
  const count = () => s.count(enrollmentApplications);

  it('stores a valid application as pending', async () => {
    const before = count();
    const res = await s.request('/api/enrollment', { method: 'POST', json: { ...validApplication, status: 'approved' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; application: { id: string; status: string } };
    expect(body.success).toBe(true);
    expect(body.application.status).toBe('pending');
    expect(count()).toBe(before + 1);
    const row = s.db.query.enrollmentApplications.findFirst({ where: (a, { eq }) => eq(a.id, body.application.id) }).sync();
    expect(row).toMatchObject({
      parentEmail: 'maria.lopez@example.com',
      programRequested: 'preschool',
      status: 'pending',
      allergies: 'Peanuts',
      medications: null,
    });
  });

  it('accepts the labels the form shows for its choices', async () => {
    const res = await s.request('/api/enrollment', {
      method: 'POST',
      json: {
        ...validApplication,
        programRequested: 'Infant Care (6 weeks - 18 months)',
        parentState: 'Ohio',
        emergencyContactRelationship: 'Aunt/Uncle',
        howDidYouHear: 'Google Search',
      },
    });
    expect(res.status).toBe(201);
  });

  const rejections: [string, Record<string, unknown>, string, string][] = [
    ['an invalid e-mail', { parentEmail: 'not-an-email' }, 'parentEmail', 'Please enter a valid email address'],
    ['a short phone', { parentPhone: '555-01' }, 'parentPhone', 'Please enter a valid phone number'],
    ['a short ZIP', { parentZip: '432' }, 'parentZip', 'Please enter a valid ZIP code'],
    ['a short emergency phone', { emergencyContactPhone: '123' }, 'emergencyContactPhone', 'Please enter a valid phone number'],
    ['a missing date of birth', { childDateOfBirth: '' }, 'childDateOfBirth', "Child's date of birth is required"],
    ['a missing start date', { startDate: undefined }, 'startDate', 'Desired start date is required'],
    ['a missing parent first name', { parentFirstName: '   ' }, 'parentFirstName', 'Parent first name is required'],
    ['a missing child last name', { childLastName: undefined }, 'childLastName', "Child's last name is required"],
    ['a missing address', { parentAddress: '' }, 'parentAddress', 'Street address is required'],
    ['a missing emergency contact', { emergencyContactName: '' }, 'emergencyContactName', 'Emergency contact name is required'],
    ['an unknown program', { programRequested: 'space camp' }, 'programRequested', 'Please select a program'],
    ['a state outside the list', { parentState: 'Texas' }, 'parentState', 'Please choose a state'],
    [
      'a calendar date that does not exist',
      { childDateOfBirth: '2023-02-30' },
      'childDateOfBirth',
      'Please enter a valid date (YYYY-MM-DD)',
    ],
    [
      'a child name that reads backwards (U+202E)',
      { childFirstName: 'Emma \u202Enosnhoj' },
      'childFirstName',
      'Please remove invisible or control characters',
    ],
    ['a NUL in the parent name', { parentLastName: 'Lopez\u0000' }, 'parentLastName', 'Please remove invisible or control characters'],
    [
      'a zero-width space in the e-mail',
      { parentEmail: 'maria\u200B@example.com' },
      'parentEmail',
      'Please remove invisible or control characters',
    ],
    [
      'an escape sequence in the allergies',
      { allergies: 'Peanuts\u001b[2J' },
      'allergies',
      'Please remove invisible or control characters',
    ],
    [
      'a bidi isolate in the special instructions',
      { specialInstructions: 'Nap \u2067after\u2069 lunch' },
      'specialInstructions',
      'Please remove invisible or control characters',
    ],
    [
      'a line break in the city',
      { parentCity: 'Columbus\nBcc: x@example.com' },
      'parentCity',
      'Please remove invisible or control characters',
    ],
  ];

  it.each(rejections)('rejects %s with its message and stores nothing', async (_name, change, field, message) => {
    const before = count();
    const res = await s.request('/api/enrollment', { method: 'POST', json: { ...validApplication, ...change } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors[field]).toBe(message);
    expect(count()).toBe(before);
  });

  it.each(Object.keys(requiredApplicationFields))(
    'requires %s (docs/product.md §5): missing or blank, it is refused and nothing is stored',
    async (field) => {
      const before = count();
      // The state defaults to Ohio when left out (docs/product.md §5), so only a blank one is refused.
      for (const value of field === 'parentState' ? ['', '   '] : [undefined, '', '   ']) {
        const res = await s.request('/api/enrollment', { method: 'POST', json: { ...validApplication, [field]: value } });
        expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
        const body = (await res.json()) as { errors: Record<string, string> };
        expect(body.errors[field], `${field}=${JSON.stringify(value)}`).toBeTruthy();
      }
      expect(count()).toBe(before);
    },
  );

  it("names City and Child's Age in their messages", async () => {
    const res = await s.request('/api/enrollment', { method: 'POST', json: { ...validApplication, parentCity: ' ', childAge: undefined } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toMatchObject({
      parentCity: 'City is required',
      childAge: "Child's age is required",
    });
  });

  it('rejects the same input through tRPC with the same message', async () => {
    await expect(s.caller().enrollment.submit({ ...validApplication, parentEmail: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await s.request('/api/enrollment', { method: 'POST', body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/JSON/);
  });

  it('refuses a filled-in honeypot and stores nothing', async () => {
    const before = count();
    const res = await s.request('/api/enrollment', { method: 'POST', json: { ...validApplication, website: 'http://spam.example' } });
    expect(res.status).toBe(400);
    expect(count()).toBe(before);
  });
});

describe('enrollment rate limit', () => {
  it('answers 429 with Retry-After after 20 applications an hour from one address', async () => {
    const local = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await local.request('/api/enrollment', { method: 'POST', json: validApplication });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 20).every((st) => st === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect(local.count(enrollmentApplications)).toBe(20);
    } finally {
      await local.close();
    }
  });

  const fill = async (server: TestServer, forwardedFor: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await server.request('/api/enrollment', {
        method: 'POST',
        json: validApplication,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      statuses.push(res.status);
    }
    return statuses;
  };

  it('behind a trusted proxy, counts each family by the address the proxy saw, not the proxy', async () => {
    const local = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    try {
      // A client cannot dodge the limit by sending its own X-Forwarded-For: the proxy appends the real one last.
      expect((await fill(local, '10.0.0.1, 198.51.100.7')).at(-1)).toBe(429);
      const other = await local.request('/api/enrollment', {
        method: 'POST',
        json: validApplication,
        headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.9' },
      });
      expect(other.status).toBe(201);
    } finally {
      await local.close();
    }
  });

  it('X-Forwarded-For is believed only from the configured proxy address: from another peer it is ignored', async () => {
    // The test client connects from 127.0.0.1, which is not the configured proxy.
    const local = await startTestServer({ env: { TRUST_PROXY: '10.9.9.9' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await local.request('/api/enrollment', {
          method: 'POST',
          json: validApplication,
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await local.close();
    }
    // Named by its address, the proxy's X-Forwarded-For counts.
    const proxied = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      expect((await fill(proxied, '198.51.100.7')).at(-1)).toBe(429);
      const other = await proxied.request('/api/enrollment', {
        method: 'POST',
        json: validApplication,
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(other.status).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored (it could be forged)', async () => {
    const local = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await local.request('/api/enrollment', {
          method: 'POST',
          json: validApplication,
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('unknown API paths and headers', () => {
  it('answers JSON 404 for an unknown API path', async () => {
    const res = await s.request('/api/nope');
    expect(res.status).toBe(404);
  });
  it('sends the security headers', async () => {
    const res = await s.request('/api/events');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    // Answers differ for staff and visitors, so no shared cache may keep them: a public list may stay in the
    // browser, revalidated by its ETag every time; anything else is not stored at all.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect((await s.request('/api/nope')).headers.get('cache-control')).toBe('no-store');
    // Features the app never uses are off for any script; over http there is no HSTS.
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('permissions-policy')).toContain('geolocation=()');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends them on every kind of answer: an error, a refused sign-in, a page, a missing file, a too-large body', async () => {
    const answers = [
      await s.request('/api/admin/me'),
      await s.request('/api/nope'),
      await s.request('/parent/dashboard'),
      await s.request('/uploads/missing.webp'),
      await s.request('/api/enrollment', {
        method: 'POST',
        body: 'x'.repeat(1024 * 1024 + 10),
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const res of answers) {
      const what = `${res.url} ${res.status}`;
      expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy'), what).toContain("script-src 'self'");
      expect(res.headers.get('x-frame-options'), what).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), what).toBeNull();
    }
  });

  it('allows no other origin: a CORS preflight or a request from evil.example gets no Access-Control header', async () => {
    const cookie = await s.adminCookie();
    for (const path of ['/api/admin/enrolled-children', '/api/trpc/children.list', '/api/parent/children', '/api/events']) {
      const preflight = await fetch(s.url + path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      });
      expect(preflight.status, path).toBeLessThan(500);
      const read = await fetch(s.url + path, { headers: { origin: 'https://evil.example', cookie } });
      for (const res of [preflight, read]) {
        for (const header of [
          'access-control-allow-origin',
          'access-control-allow-credentials',
          'access-control-allow-headers',
          'access-control-allow-methods',
        ])
          expect(res.headers.get(header), `${path} ${header}`).toBeNull();
      }
    }
  });

  it('never serves a dotfile from /uploads/, at any depth', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    mkdirSync(join(s.config.uploadsDir, 'gallery'), { recursive: true });
    writeFileSync(join(s.config.uploadsDir, '.secret'), 'hidden');
    writeFileSync(join(s.config.uploadsDir, 'gallery', '.gitkeep'), 'hidden');
    writeFileSync(join(s.config.uploadsDir, 'gallery', 'visible.txt'), 'shown');
    expect((await s.request('/uploads/gallery/visible.txt')).status).toBe(200);
    for (const path of ['/uploads/.secret', '/uploads/gallery/.gitkeep', '/uploads/gallery/%2Egitkeep', '/uploads/./.secret']) {
      const res = await s.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('hidden');
    }
  });
});

describe('a page form sent before its scripts ran (a plain POST)', () => {
  it('sends the browser back to the page, stores nothing, and never redirects to another host', async () => {
    const before = s.count(enrollmentApplications);
    const body = new URLSearchParams({ ...Object.fromEntries(Object.entries(requiredApplicationFields).map(([k, v]) => [k, String(v)])) });
    // (The enrollment and sign-in forms are answered by the server itself: form-pages.test.ts.)
    const res = await s.request('/milestones', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/milestones');
    expect(res.headers.get('location')).not.toContain('?');
    expect(s.count(enrollmentApplications)).toBe(before);
    const elsewhere = await fetch(`${s.url}//evil.example/x`, {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('location')).toBe('/');
  });
});
