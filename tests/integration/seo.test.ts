import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centre } from '../../src/shared/centre';
import { loginWords } from '../../src/shared/i18n/login';
import { fullTitle, PORTAL_PAGES, PUBLIC_PAGES } from '../../src/shared/public-pages';

/** The parent sign-in, whose head the server writes from its own catalogue (ADR 052). */
const SIGN_IN = {
  path: '/parent-login',
  title: loginWords('en')['login.meta.title'],
  description: loginWords('en')['login.meta.description'],
};
import { startTestServer, type TestServer } from '../helpers/server';
import { standInManifest } from '../helpers/stand-in-build';

/**
 * What search engines read (ADR 011): robots.txt, the sitemap, each page's head and the home page's JSON-LD.
 * The client is a stand-in index.html with the build's placeholder, so these run without a client build.
 */
let s: TestServer;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'seo-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/app-abc123.js"></script>\n</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The manifest the server reads each document page's own script from (pages/preload.ts).
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
  // The form pages are drawn per request by the server render (pages/forms.ts): a stand-in that draws them empty.
  mkdirSync(join(clientDir, 'ssr'));
  writeFileSync(
    join(clientDir, 'ssr', 'entry-server.js'),
    `export const SERVER_RENDERED = {}; export const isNotFound = () => false; export async function render() { return { html: '', state: '{}' }; }
     export async function renderEnrollmentPage() { return '<main></main>'; }
     export async function renderParentLoginPage() { return '<main></main>'; }`,
  );
  s = await startTestServer({ clientDir, ssrDir: join(clientDir, 'ssr') });
});
afterAll(async () => {
  await s.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const origin = () => s.config.publicUrl.replace(/\/+$/, '');

async function page(path: string) {
  const res = await s.request(path, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

/** The first capture of `selector`, with the HTML entities the server writes decoded. */
function attr(html: string, selector: RegExp): string | undefined {
  const raw = selector.exec(html)?.[1];
  return raw?.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is text, keeps crawlers out of the signed-in areas and names the sitemap', async () => {
    const res = await s.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).not.toContain('<html');
    expect(body).toMatch(/^User-agent: \*$/m);
    for (const path of ['/admin', '/admin-dashboard', '/parent-reset-password', '/api/'])
      expect(body).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
    // The parent portal's pages may be crawled (they hold nothing without a session): a parent searching finds the sign-in.
    expect(body).not.toMatch(/^Disallow: \/parent-(login|dashboard)/m);
    expect(body).toMatch(new RegExp(`^Sitemap: ${origin()}/sitemap.xml$`, 'm'));
  });

  it('sitemap.xml lists exactly the public pages, their Spanish twins and the parent sign-in, as absolute URLs', async () => {
    const res = await s.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const body = await res.text();
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [
        '/',
        '/events',
        '/enrollment',
        '/milestones',
        '/es',
        '/es/events',
        '/es/enrollment',
        '/es/milestones',
        '/parent-login',
        '/es/parent-login',
      ].map((p) => origin() + p),
    );
    expect(locs.some((l) => /admin|dashboard|reset/.test(l!))).toBe(false);
  });
});

describe('the head of each page', () => {
  it.each([...PUBLIC_PAGES, ...PORTAL_PAGES, SIGN_IN].map((p) => [p.path, p] as const))(
    '%s has its title, description, canonical URL and Open Graph tags',
    async (path, p) => {
      const html = await page(path);
      expect(html).not.toContain('<!--app-head-->');
      expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(fullTitle(p.title));
      expect(attr(html, /<meta name="description" content="([^"]*)"/)).toBe(p.description);
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(origin() + path);
      expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(origin() + path);
      expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(fullTitle(p.title));
      expect(attr(html, /<meta property="og:description" content="([^"]*)"/)).toBe(p.description);
      expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe('website');
      expect(html).not.toContain('noindex');
      // Each description is its own.
      expect([...PUBLIC_PAGES, ...PORTAL_PAGES, SIGN_IN].filter((q) => q.description === p.description)).toHaveLength(1);
    },
  );

  it('the canonical URL leaves out the query string', async () => {
    const html = await page('/events?utm_source=newsletter');
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${origin()}/events`);
  });

  it.each(['/admin/login', '/admin-dashboard', '/parent-reset-password', '/no-such-page'])(
    '%s is not indexed and has no canonical URL',
    async (path) => {
      const html = await page(path);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('application/ld+json');
    },
  );

  it('index.html is the template, not a file: asking for it by name gets a page with its head', async () => {
    const html = await page('/index.html');
    expect(html).not.toContain('<!--app-head-->');
  });

  it('hashed assets are still served as files', async () => {
    const res = await s.request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
  });
});

describe('JSON-LD on the home page', () => {
  it('describes the centre as a ChildCare from src/shared/centre.ts', async () => {
    const html = await page('/');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]![1]!);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('ChildCare');
    expect(data.name).toBe(centre.name);
    expect(data.url).toBe(`${origin()}/`);
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: centre.address.street,
      addressLocality: centre.address.city,
      addressRegion: centre.address.state,
      postalCode: centre.address.zip,
      addressCountry: 'US',
    });
    expect(data.telephone).toEqual(['+1-614-555-0142', '+1-614-555-0187']);
    expect(data.openingHoursSpecification).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
      opens: '07:30',
      closes: '17:30',
    });
    expect(data.audience).toMatchObject({ '@type': 'PeopleAudience', suggestedMinAge: 0.12, suggestedMaxAge: 5 });
    expect(data.audience.audienceType).toContain('6 weeks to 5 years');
  });

  it('is on the home page only', async () => {
    for (const path of ['/events', '/enrollment', '/milestones']) expect(await page(path)).not.toContain('application/ld+json');
  });
});
