import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developmentNotes } from '../../db/schema';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { enrolFamily, type Family } from '../helpers/parent-fixtures';
import { standInManifest } from '../helpers/stand-in-build';

/**
 * GET /parent-dashboard drawn by the server for the parent whose session cookie comes with it (ADR 011): their
 * record and their dashboard, read through the same procedures the API answers, in HTML that is never kept or
 * shared. A stand-in server render writes what it was given as JSON, so these run without `npm run build`
 * (tests/e2e/parent-dashboard-render.spec.ts draws the real page in a browser).
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parent-page-'));
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html><html lang="en"><head>\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
  writeFileSync(
    join(dir, 'ssr', 'entry-server.js'),
    `export const SERVER_RENDERED = { '/': [] };
     export const isNotFound = () => false;
     export async function render(path) { return { html: '<h1>' + path + '</h1>', state: '{}' }; }
     export async function renderParentDashboard(href, parent, loadDashboard) {
       if (parent.firstName === 'Boom') throw new Error('the drawing failed');
       const dashboard = await loadDashboard(new URL(href, 'http://x').searchParams.get('child'));
       return { html: '<pre id="drawn">' + JSON.stringify({ parent, dashboard }).replace(/</g, '&lt;') + '</pre>', state: JSON.stringify({ n: 1 }) };
     }`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const s = sharedAdminServer(() => ({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') }));

interface Drawn {
  parent: { id: string; email: string; firstName: string };
  dashboard: {
    children: { id: string; childName: string }[];
    child: { id: string; childName: string } | null;
    recentNotes: { title: string }[];
  };
}
async function drawnFor(cookie: string | null, headers: Record<string, string> = {}, query = '') {
  const res = await s.request(`/parent-dashboard${query}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const html = await res.text();
  const m = /<pre id="drawn">([^<]*)<\/pre>/.exec(html);
  return { res, html, drawn: m ? (JSON.parse(m[1]!.replace(/&lt;/g, '<')) as Drawn) : null };
}

describe('the parent dashboard drawn on the server', () => {
  let ana: Family;
  let ben: Family;
  beforeAll(async () => {
    ana = await enrolFamily(s, 'ana.page@example.com', ['Ana Page Child']);
    ben = await enrolFamily(s, 'ben.page@example.com', ['Ben Page Child']);
  });

  it("draws the signed-in parent's own record and dashboard, private and never stored", async () => {
    const { res, drawn, html } = await drawnFor(ana.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    // The site's security headers, as on every page: its CSP, and no framing by another site.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(drawn?.parent).toMatchObject({ id: ana.parentId, email: ana.email });
    expect(drawn?.dashboard.child?.childName).toBe('Ana Page Child');
    expect(drawn?.dashboard.children.map((c) => c.childName)).toEqual(['Ana Page Child']);
    // The state the browser hydrates from follows the drawing, as on the public pages.
    expect(html).toContain('<script type="application/json" id="ssr-state">{"n":1}</script>');
    expect(html).not.toContain('Ben Page Child');
    // The app's script stays in its head (app.ts): a returning parent has it cached. The only page the app hydrates.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>\n</head>');
    expect(html).not.toContain('data-entry');
  });

  it('another parent gets their own page, never the one drawn before', async () => {
    expect((await drawnFor(ana.cookie)).drawn?.dashboard.child?.childName).toBe('Ana Page Child');
    const other = await drawnFor(ben.cookie);
    expect(other.drawn?.dashboard.child?.childName).toBe('Ben Page Child');
    expect(other.html).not.toContain('Ana Page Child');
  });

  it('is drawn again for each request: a note written since is on the next one, a private note never', async () => {
    const child = ana.children[0]!;
    s.db
      .insert(developmentNotes)
      .values({ childId: child.id, authorName: 'Teacher', category: 'language', title: 'Counted to ten', content: 'In the garden' })
      .run();
    s.db
      .insert(developmentNotes)
      .values({ childId: child.id, authorName: 'Teacher', category: 'social', title: 'Staff-only remark', content: 'x', isPrivate: true })
      .run();
    const { drawn, html } = await drawnFor(ana.cookie);
    expect(drawn?.dashboard.recentNotes.map((n) => n.title)).toContain('Counted to ten');
    expect(html).not.toContain('Staff-only remark');
  });

  it('without a parent session the page is the app shell, which sends the visitor to the sign-in', async () => {
    for (const cookie of [null, 'parent_session=not-a-real-token', s.admin]) {
      const { res, drawn, html } = await drawnFor(cookie);
      expect(res.status).toBe(200);
      expect(drawn).toBeNull();
      expect(html).not.toContain('id="ssr-state"');
      expect(html).toContain('Loading...');
    }
  });

  it('a session that ended is the app shell too (the page then says so)', async () => {
    const carl = await enrolFamily(s, 'carl.page@example.com', ['Carl Page Child']);
    expect((await drawnFor(carl.cookie)).drawn).not.toBeNull();
    await s.request('/api/parent/logout', { method: 'POST', ...as(carl.cookie) });
    expect((await drawnFor(carl.cookie)).drawn).toBeNull();
  });

  it("draws the child the address names; another family's child is the app shell, with nothing of theirs", async () => {
    const own = ana.children[0]!;
    expect((await drawnFor(ana.cookie, {}, `?child=${own.id}&tab=notes`)).drawn?.dashboard.child?.id).toBe(own.id);
    const other = await drawnFor(ana.cookie, {}, `?child=${ben.children[0]!.id}`);
    expect(other.res.status).toBe(200);
    expect(other.drawn).toBeNull();
    expect(other.html).not.toContain('Ben Page Child');
  });

  it('a drawing that fails is the app shell, never a 500', async () => {
    const dora = await enrolFamily(s, 'dora.page@example.com', ['Dora Page Child']);
    s.db.run(`UPDATE parent_users SET first_name = 'Boom' WHERE id = '${dora.parentId}'`);
    const { res, drawn, html } = await drawnFor(dora.cookie);
    expect(res.status).toBe(200);
    expect(drawn).toBeNull();
    expect(html).toContain('Loading...');
  });

  it('is compressed as the browser asks, and only this path is drawn for the parent', async () => {
    const br = await s.request('/parent-dashboard', { headers: { cookie: ana.cookie, 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('Ana Page Child');
    expect((await drawnFor(ana.cookie)).drawn).not.toBeNull();
    const home = await (await s.request('/', { headers: { cookie: ana.cookie } })).text();
    expect(home).not.toContain('Ana Page Child');
    // A public page is the visitors' document, whoever asks (ADR 018).
    expect(home).toContain('<h1>/</h1>');
    expect(home).toContain('<script type="module" crossorigin src="/assets/home-stand-in.js"></script>');
  });
});
