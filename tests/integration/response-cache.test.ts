/**
 * The response cache and its registry (ADR 017): one middleware, after the access log only; keys that hold only
 * what a read declares, so headers outside the key change nothing; and keys that hold whose the data is, so two
 * families reading the same path one after the other each get their own (each of the three tests below failed
 * with the part of the key it guards removed).
 */
import { describe, expect, it } from 'vitest';
import { accessLog } from '../../src/server/app';
import { CACHED_READS, PUBLIC_LISTS } from '../../src/server/cache/registry';
import { cacheStore } from '../../src/server/cache/store';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { enrolFamily, type Family } from '../helpers/parent-fixtures';

const s = sharedAdminServer();

const trpcGet = (path: string, input: unknown) => `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const trpcBatch = (paths: string[], inputs: unknown[]) =>
  `/api/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((json, i) => [i, { json }]))))}`;
const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'date');

/** The two ways a parent is signed in (docs/product.md: the bearer token; the browser: the session cookie). */
const credentialsOf = (family: Family): { name: string; headers: Record<string, string> }[] => [
  { name: 'bearer', headers: { authorization: `Bearer ${family.token}` } },
  { name: 'cookie', headers: { cookie: family.cookie } },
];

describe('one pipeline', () => {
  it('the response cache is registered right after the access log, and nothing else comes before it', () => {
    const handlers = s.app.routes.map((r) => r.handler);
    const cacheAt = handlers.findIndex((h) => h.name === 'answerFromCache');
    expect(cacheAt).toBeGreaterThan(-1);
    expect(handlers.slice(0, cacheAt)).toEqual([accessLog]);
    // Both apply to every request.
    expect(s.app.routes.slice(0, cacheAt + 1).map((r) => [r.method, r.path])).toEqual([
      ['ALL', '/*'],
      ['ALL', '/*'],
    ]);
  });
});

describe('the key holds only what a read declares', () => {
  /** Headers no cached answer depends on: each request below sends them, and must get the very same bytes. */
  const outside = {
    origin: 'https://elsewhere.example',
    'accept-language': 'es-MX,es;q=0.9',
    'user-agent': 'Mozilla/5.0 (Linux; Android 14) Probe/1.0',
    'x-forwarded-for': '203.0.113.9',
    'x-probe': 'anything',
  };

  async function sameBytes(path: string, headers: Record<string, string>, extraCookie: string) {
    const base = { 'accept-encoding': 'gzip', ...headers };
    const first = await s.request(path, { headers: base });
    expect(first.status, path).toBe(200);
    const firstBody = Buffer.from(await first.arrayBuffer());
    const cookie = [headers.cookie, extraCookie].filter(Boolean).join('; ');
    const other = await s.request(path, { headers: { ...base, ...outside, cookie } });
    expect(other.status, path).toBe(200);
    expect(headersOf(other), path).toEqual(headersOf(first));
    expect(Buffer.from(await other.arrayBuffer()).equals(firstBody), path).toBe(true);
  }

  it('every cached path answers the same bytes whatever else the request carries', async () => {
    const family = await enrolFamily(s, 'outside.key@example.com', ['Ola Outside']);
    const child = family.children[0]!.id;
    const paths: Record<string, string[]> = {};
    // A valid value of each declared field (a page's limit: 20).
    const valuesOf: Record<string, Record<string, string | number>> = {};
    valuesOf.default = {
      childId: child,
      status: 'pending',
      date: '2026-11-20',
      entity: 'note',
      from: '2026-01-01',
      familyEmail: 'outside.key@example.com',
      period: '2026-11',
    };
    // A field two reads name with different values: the invoice list's statuses are not an application's.
    valuesOf['billing.invoices'] = { ...valuesOf.default, status: 'open' };
    for (const read of CACHED_READS) {
      const values = valuesOf[read.procedure] ?? valuesOf.default!;
      const query = (read.query ?? []).filter((f) => values[f] !== undefined).map((f) => `${f}=${values[f]}`);
      const rest = read.rest && read.rest.replace(/:childId|:id/, child) + (query.length ? `?${query.join('&')}` : '');
      const input =
        read.input === 'none'
          ? null
          : read.input === 'id'
            ? child
            : Object.fromEntries(
                read.input.filter((f) => f !== 'cursor' && (f === 'limit' || values[f] !== undefined)).map((f) => [f, values[f] ?? 20]),
              );
      (paths[read.whose] ??= []).push(...(rest ? [rest] : []), trpcGet(read.procedure, input), trpcBatch([read.procedure], [input]));
    }
    paths.everyone!.push(
      trpcBatch(
        PUBLIC_LISTS.map((r) => r.procedure),
        PUBLIC_LISTS.map(() => null),
      ),
    );
    expect(paths.everyone!.length).toBeGreaterThan(PUBLIC_LISTS.length);

    for (const path of paths.everyone!) await sameBytes(path, {}, 'theme=dark');
    for (const credentials of credentialsOf(family)) {
      for (const path of paths['parent-session']!) await sameBytes(path, credentials.headers, 'theme=dark');
    }
    for (const path of paths['staff-session']!) await sameBytes(path, { cookie: s.admin }, 'theme=dark');
  });

  it('a query it does not declare, a cursor, or a header sent twice is never answered from the cache', async () => {
    const family = await enrolFamily(s, 'uncached@example.com', ['Una Cached']);
    const child = family.children[0]!.id;
    const bearer = { authorization: `Bearer ${family.token}` };
    const store = cacheStore(s.db);
    const fillsNothing = async (path: string, init: RequestInit = {}) => {
      await s.request('/api/events');
      const before = store.answers();
      const res = await s.request(path, init);
      expect(res.status, path).toBeLessThan(500);
      expect(store.answers(), path).toBe(before);
    };
    await fillsNothing('/api/events?k=1');
    await fillsNothing('/api/events?lang=es');
    await fillsNothing(`/api/parent/daily-activities/${child}?limit=5&limit=6`, { headers: bearer });
    await fillsNothing(`/api/parent/daily-activities/${child}?limit=5&k=2`, { headers: bearer });
    // Only a list's first page is kept: a real next-page cursor is answered, never kept.
    for (const title of ['Leaf hunt', 'Sand tray']) {
      const activity = {
        childId: child,
        activityDate: '2026-11-20',
        category: 'outdoor',
        title,
        description: 'x',
        duration: '30',
        skillsPracticed: 'y',
        enjoymentLevel: 4,
        participationLevel: 'eager',
      };
      expect((await s.request('/api/admin/daily-activities', { method: 'POST', json: activity, ...as(s.admin) })).status).toBe(201);
    }
    const page = await s.request(`/api/parent/daily-activities/${child}?limit=1`, { headers: bearer });
    expect(page.status).toBe(200);
    const cursor = page.headers.get('x-next-cursor')!;
    expect(cursor).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      await fillsNothing(`/api/parent/daily-activities/${child}?limit=1&cursor=${cursor}`, { headers: bearer });
      await fillsNothing(trpcGet('parentPortal.activities', { childId: child, limit: 1, cursor }), { headers: bearer });
    }
    await fillsNothing(trpcGet('parentPortal.activities', { childId: child, limit: 5, extra: 1 }), { headers: bearer });
    // A header sent twice (node and the fetch Request would read it differently): fetch cannot send one, node can.
    const { request } = await import('node:http');
    const url = new URL(`${s.url}/api/gallery`);
    await s.request('/api/events');
    const before = store.answers();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: ['Host', url.host, 'Accept-Encoding', 'gzip', 'Accept-Encoding', 'br'] as never,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(store.answers()).toBe(before);
  });
});

describe('whose the answer is: two families reading the same path one after the other', () => {
  it('a parent answer is keyed by the session the sign-in check found: each family gets its own (bearer and cookie)', async () => {
    const a = await enrolFamily(s, 'whose.a@example.com', ['Ada Whose']);
    const b = await enrolFamily(s, 'whose.b@example.com', ['Bo Whose']);
    for (const i of [0, 1]) {
      const [ca, cb] = [credentialsOf(a)[i]!, credentialsOf(b)[i]!];
      for (const path of ['/api/parent/children', '/api/parent/me', trpcGet('parentPortal.dashboard', { childId: null })]) {
        const first = await (await s.request(path, { headers: ca.headers })).text();
        const second = await (await s.request(path, { headers: cb.headers })).text();
        expect(first, `${ca.name} ${path}`).toContain(path.includes('/me') ? a.email : 'Ada Whose');
        expect(second, `${cb.name} ${path}`).toContain(path.includes('/me') ? b.email : 'Bo Whose');
        expect(second, `${cb.name} ${path}`).not.toContain(path.includes('/me') ? a.email : 'Ada Whose');
      }
    }
  });

  it("the parent receipts are keyed by the payer's e-mail: each family gets only its own", async () => {
    const a = await enrolFamily(s, 'payer.a@example.com', ['Pia Payer']);
    const b = await enrolFamily(s, 'payer.b@example.com', ['Ravi Payer']);
    for (const [family, amount] of [
      [a, '111.00'],
      [b, '222.00'],
    ] as const) {
      const child = family.children[0]!;
      const res = await s.request('/api/admin/payment-receipts', {
        method: 'POST',
        json: {
          childId: child.id,
          parentName: child.parentName,
          parentEmail: family.email,
          paymentType: 'tuition',
          amount,
          paymentMethod: 'cash',
          paymentDate: '2026-11-02',
        },
        ...as(s.admin),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    for (const i of [0, 1]) {
      for (const path of ['/api/parent/payment-receipts', trpcGet('payments.parentReceipts', { limit: 20 })]) {
        const first = await (await s.request(path, { headers: credentialsOf(a)[i]!.headers })).text();
        const second = await (await s.request(path, { headers: credentialsOf(b)[i]!.headers })).text();
        expect(first, path).toContain('111.00');
        expect(second, path).toContain('222.00');
        expect(second, path).not.toContain('111.00');
      }
    }
  });

  it('the notes page is keyed by its audience: staff see a private note, the parent reading next never does', async () => {
    const family = await enrolFamily(s, 'audience@example.com', ['Noa Notes']);
    const child = family.children[0]!.id;
    for (const [title, isPrivate] of [
      ['Open note for home', false],
      ['Private staff note', true],
    ] as const) {
      const res = await s.request('/api/admin/development-notes', {
        method: 'POST',
        json: { category: 'social', title, content: 'x', isPrivate, childId: child },
        ...as(s.admin),
      });
      expect(res.status).toBe(201);
    }
    for (const credentials of credentialsOf(family)) {
      // The staff's page of the child's latest notes (5), then the parent's page of the same size.
      expect(await (await s.request(`/api/admin/child-activities/${child}`, as(s.admin))).text()).toContain('Private staff note');
      for (const path of [`/api/parent/development-notes/${child}?limit=5`, trpcGet('parentPortal.notes', { childId: child, limit: 5 })]) {
        const text = await (await s.request(path, { headers: credentials.headers })).text();
        expect(text, `${credentials.name} ${path}`).toContain('Open note for home');
        expect(text, `${credentials.name} ${path}`).not.toContain('Private staff note');
      }
    }
  });

  it("a staff answer is never a visitor's, and a visitor's never a staff member's", async () => {
    await addChild(s, { childName: 'Sam Staffread' });
    const visitor = await (await s.request('/api/admin/enrolled-children')).text();
    expect(visitor).not.toContain('Sam Staffread');
    const staff = await json<{ childName: string }[]>(await s.request('/api/admin/enrolled-children', as(s.admin)));
    expect(staff.map((c) => c.childName)).toContain('Sam Staffread');
  });
});
