/**
 * The first start (ADR 091): a database with no staff account gets a setup link, valid 24 hours and used once,
 * whose page creates the director and signs her in. A wrong, used or expired link is a 400 with the catalogue's
 * message and changes nothing; wrong links are counted per address (429), and a right link from another address
 * still works; the page is kept by no cache. (That `npm start` prints the link and saves it: tests/ops/production-server.test.ts.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { adminUsers, auditLog, setupLinks } from '../../db/schema';
import { hashLinkToken } from '../../src/server/auth/single-use-links';
import { AFTER_SETUP_PATH, issueSetupLink, SETUP_LINK_MS } from '../../src/server/staff/first-start';
import { errorsEn } from '../../src/shared/i18n/errors-en';
import { freshAddress } from '../helpers/authz-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';
import { standInManifest } from '../helpers/stand-in-build';

const GOOD = { name: 'Dana Director', email: 'Dana@Centre.example', password: 'Lantern orchard pebble 7' };
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function fresh(options: Parameters<typeof startTestServer>[0] = {}) {
  const s = await startTestServer({ ...options, env: { TRUST_PROXY: 'true', ...options.env } });
  servers.push(s);
  return s;
}

const staffCount = (s: TestServer) => s.db.select({ n: count() }).from(adminUsers).get()!.n;

function setup(s: TestServer, body: Record<string, unknown>, headers: Record<string, string> = freshAddress()) {
  return s.request('/api/admin/setup', { method: 'POST', json: body, headers });
}

async function refusedAsInvalid(res: Response) {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ message: errorsEn['error.setupLinkInvalid'] });
}

describe('the setup link', () => {
  it('creates the director once, signs her in and sends her to Settings; then the link and any new one are refused', async () => {
    const s = await fresh();
    const token = issueSetupLink(s.db, s.clock)!;
    expect(token).toMatch(/^[a-z2-7]{52}$/);
    // Only the token's hash is kept.
    const stored = s.db.select().from(setupLinks).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await setup(s, { token, ...GOOD });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = (await res.json()) as { admin: { email: string; role: string; name: string }; next: string };
    expect(body.admin).toMatchObject({ email: 'dana@centre.example', role: 'director', name: 'Dana Director' });
    expect(body.next).toBe(AFTER_SETUP_PATH);
    expect(AFTER_SETUP_PATH).toBe('/admin?tab=settings');
    // Signed in: the cookie answered is a working staff session.
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const me = await s.request('/api/admin/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'dana@centre.example', role: 'director' });
    // Audited: the account and the sign-in, both by the new director.
    const rows = s.db.select().from(auditLog).all();
    expect(rows.map((r) => [r.action, r.entity])).toEqual([
      ['create', 'staff'],
      ['sign-in', 'session'],
    ]);
    // And she can sign in again with the password chosen.
    const login = await s.request('/api/admin/login', {
      method: 'POST',
      json: { email: GOOD.email, password: GOOD.password },
      headers: freshAddress(),
    });
    expect(login.status).toBe(200);

    // Used: refused, nothing more created.
    await refusedAsInvalid(await setup(s, { token, ...GOOD, email: 'someone.else@example.com' }));
    expect(staffCount(s)).toBe(1);
    // A start with a staff account makes no new link.
    expect(issueSetupLink(s.db, s.clock)).toBeNull();
  });

  it('works until 24 hours have passed, and not after', async () => {
    const s = await fresh();
    const late = issueSetupLink(s.db, s.clock)!;
    s.clock.advance(SETUP_LINK_MS);
    await refusedAsInvalid(await setup(s, { token: late, ...GOOD }));
    expect(staffCount(s)).toBe(0);

    const inTime = issueSetupLink(s.db, s.clock)!;
    s.clock.advance(SETUP_LINK_MS - 60_000);
    expect((await setup(s, { token: inTime, ...GOOD })).status).toBe(201);
    expect(staffCount(s)).toBe(1);
  });

  it('refuses a wrong token, and the link of an earlier start, with the catalogue message; nothing is created', async () => {
    const s = await fresh();
    const earlier = issueSetupLink(s.db, s.clock)!;
    const latest = issueSetupLink(s.db, s.clock)!;
    await refusedAsInvalid(await setup(s, { token: earlier, ...GOOD }));
    await refusedAsInvalid(await setup(s, { token: latest.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')), ...GOOD }));
    await refusedAsInvalid(await setup(s, { token: 'x'.repeat(200), ...GOOD }));
    expect(staffCount(s)).toBe(0);
    expect(s.db.select({ n: count() }).from(auditLog).get()!.n).toBe(0);
    // The latest still works.
    expect((await setup(s, { token: latest, ...GOOD })).status).toBe(201);
  });

  it('refuses bad fields with the house messages and keeps the link usable', async () => {
    const s = await fresh();
    const token = issueSetupLink(s.db, s.clock)!;
    const weak = await setup(s, { token, ...GOOD, password: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ errors: { password: 'Password must be at least 12 characters' } });
    const common = await setup(s, { token, ...GOOD, password: 'password1234' });
    expect(await common.json()).toMatchObject({ errors: { password: errorsEn['error.passwordTooCommon'] } });
    const noName = await setup(s, { token, ...GOOD, name: '' });
    expect(noName.status).toBe(400);
    const noToken = await setup(s, { ...GOOD });
    expect(noToken.status).toBe(400);
    const notJson = await s.request('/api/admin/setup', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(staffCount(s)).toBe(0);
    expect((await setup(s, { token, ...GOOD })).status).toBe(201);
  });

  it('is closed once a staff account exists, even with a live link (ADMIN_EMAIL came first)', async () => {
    const s = await fresh();
    const token = issueSetupLink(s.db, s.clock)!;
    await s.adminCookie('scripted@example.com');
    await refusedAsInvalid(await setup(s, { token, ...GOOD }));
    expect(staffCount(s)).toBe(1);
  });

  it('counts wrong links per address: the eleventh is a 429, and the right link from elsewhere still works', async () => {
    const s = await fresh();
    const token = issueSetupLink(s.db, s.clock)!;
    const stranger = freshAddress();
    for (let i = 0; i < 10; i++) await refusedAsInvalid(await setup(s, { token: `wrong${i}`, ...GOOD }, stranger));
    const limited = await setup(s, { token: 'wrong-again', ...GOOD }, stranger);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: errorsEn['error.tooManyRequests'] });
    expect((await setup(s, { token, ...GOOD })).status).toBe(201);
  });

  it('only one of two forms sent at once creates the director', async () => {
    const s = await fresh();
    const token = issueSetupLink(s.db, s.clock)!;
    const answers = await Promise.all([
      setup(s, { token, ...GOOD }),
      setup(s, { token, ...GOOD, email: 'other@example.com', name: 'Other Person' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(staffCount(s)).toBe(1);
  });
});

describe('the setup page', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'setup-client-'));
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('is answered no-store (the sign-in page keeps no-cache)', async () => {
    mkdirSync(join(clientDir, '.vite'), { recursive: true });
    writeFileSync(
      join(clientDir, 'index.html'),
      '<!doctype html><html lang="en"><head>\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n</head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
    const s = await fresh({ clientDir, ssrDir: join(clientDir, 'no-ssr') });
    const page = await s.request('/admin/setup', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('noindex');
    const login = await s.request('/admin/login', { headers: { accept: 'text/html' } });
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(s.db.select().from(adminUsers).where(eq(adminUsers.role, 'director')).all()).toHaveLength(0);
  });
});
