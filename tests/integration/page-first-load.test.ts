import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmPublicPages } from '../../src/server/pages/warm';
import { PUBLIC_PAGES } from '../../src/shared/public-pages';
import { startTestServer, type TestServer } from '../helpers/server';
import { standInManifest } from '../helpers/stand-in-build';

/**
 * What makes a page's first load fast on a phone, beyond the page itself: the signed-in pages, which the
 * browser draws, name their route's code in the HTML so it is fetched beside the main script; the server-drawn
 * pages (the public pages and the not-found page) are documents that name only their own small script; and the
 * public pages are drawn when the server starts, not by
 * the first visitor. A stand-in build (index.html, a Vite manifest and a server
 * render that counts its calls) so these run without `npm run build`.
 */
let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'first-load-'));
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html><html lang="en"><head>\n    <!--app-head-->\n    <script type="module" src="/assets/index-A.js"></script>\n</head><body><div id="root"></div></body></html>',
  );
  const chunk = (file: string, imports: string[] = []) => ({ file: `assets/${file}`, imports });
  writeFileSync(
    join(dir, 'client', '.vite', 'manifest.json'),
    JSON.stringify(
      standInManifest({
        'index.html': chunk('index-A.js', ['_react-B.js']),
        '_react-B.js': chunk('react-B.js'),
        '_Button-C.js': chunk('Button-C.js', ['_react-B.js']),
        '_Tabs-D.js': chunk('Tabs-D.js', ['_Button-C.js']),
        'routes/parent-dashboard.tsx?tsr-split=component': chunk('parent-dashboard-E.js', ['_Tabs-D.js', '_react-B.js']),
        'routes/admin/index.tsx?tsr-split=component': chunk('admin-F.js', ['_Button-C.js']),
        'routes/_staff.tsx?tsr-split=component': chunk('staff-P.js'),
        'routes/_staff/admin-dashboard.tsx?tsr-split=component': chunk('admin-dashboard-Q.js', ['_Button-C.js']),
        'routes/events.tsx?tsr-split=component': chunk('events-G.js', ['_Button-C.js']),
        'routes/index.tsx?tsr-split=component': chunk('routes-H.js'),
        'routes/enrollment.tsx?tsr-split=component': chunk('enrollment-I.js', ['_Button-C.js']),
        'home.ts': chunk('home-J.js', ['_document-behaviour-K.js']),
        '_document-behaviour-K.js': chunk('document-behaviour-K.js'),
        'events.ts': chunk('events-M.js', ['_document-behaviour-K.js', '_document-swap-N.js']),
        '_document-swap-N.js': chunk('document-swap-N.js'),
        'milestones.ts': chunk('milestones-O.js', ['_document-behaviour-K.js', '_document-swap-N.js']),
      }),
    ),
  );
  writeFileSync(
    join(dir, 'ssr', 'entry-server.js'),
    `export const SERVER_RENDERED = { '/': [], '/events': ['events.list'], '/milestones': [] };
     export const DRAWN_WITHOUT_QUERY_ONLY = [];
     export const isNotFound = (path) => path === '/no-such-page';
     let count = 0;
     export const renders = () => count;
     export async function render(path) {
       count += 1;
       return { html: '<h1>' + path + '</h1><p>render ' + count + '</p>', state: '{}' };
     }`,
  );
  s = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("a page the browser draws itself names its route's code", () => {
  it("/parent-dashboard: the main script's imports, its route's chunk and what that imports; not the main script", async () => {
    const html = await (await s.request('/parent-dashboard')).text();
    // Until its script has run, the page says it is loading (React replaces that on its first render).
    expect(html).toContain(
      '<div id="root"><main class="mx-auto max-w-5xl px-4 py-16 text-center text-stone-600" aria-busy="true">Loading...</main></div>',
    );
    expect(preloads(html).sort()).toEqual([
      '/assets/Button-C.js',
      '/assets/Tabs-D.js',
      '/assets/parent-dashboard-E.js',
      '/assets/react-B.js',
    ]);
  });

  it('/admin (a folder route, noindex) too, and a trailing slash changes nothing', async () => {
    expect(preloads(await (await s.request('/admin')).text()).sort()).toEqual([
      '/assets/Button-C.js',
      '/assets/admin-F.js',
      '/assets/react-B.js',
    ]);
    expect(preloads(await (await s.request('/admin/')).text()).sort()).toEqual([
      '/assets/Button-C.js',
      '/assets/admin-F.js',
      '/assets/react-B.js',
    ]);
  });

  it("/admin-dashboard (a route in a pathless layout route, routes/_staff/): its chunk and the layout route's", async () => {
    expect(preloads(await (await s.request('/admin-dashboard')).text()).sort()).toEqual([
      '/assets/Button-C.js',
      '/assets/admin-dashboard-Q.js',
      '/assets/react-B.js',
      '/assets/staff-P.js',
    ]);
  });

  it('a path that is no route gets none, whatever it holds', async () => {
    // (An address no route answers is the not-found page, a document with the home page's script: below.)
    for (const path of ['/parent-portal', '/%3Cscript%3E', '/assets-x/../parent-dashboard.tsx']) {
      expect(preloads(await (await s.request(path)).text()), path).toEqual([]);
    }
  });
});

/** The inline scripts of a page: none may run (the CSP allows scripts from the site only); a data block is not one. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")[^>]*>/g)].map((m) => m[0]);

describe('the not-found page is a document too (ADR 072)', () => {
  it("names the home page's script in its head, nothing of the app, no data to hydrate from, and no inline script", async () => {
    for (const path of ['/no-such-page']) {
      const res = await s.request(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain(`<h1>${path}</h1>`);
      expect(html).not.toContain('Loading...');
      expect(html, path).toContain(
        '<script type="module" crossorigin src="/assets/home-J.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/document-behaviour-K.js">\n</head>',
      );
      expect(html, path).not.toContain('index-A.js');
      expect(html, path).not.toContain('id="ssr-state"');
      expect(inlineScripts(html), path).toEqual([]);
    }
  });

  it('the CSP allows scripts from the site only: no inline script, by hash or otherwise', async () => {
    const res = await s.request('/no-such-page');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')).toEqual(["'self'"]);
    // The API's answers carry the same policy (one header for the whole site).
    expect((await s.request('/api/events')).headers.get('content-security-policy')).toBe(csp);
  });
});

describe('the public pages are documents (ADR 016, ADR 018)', () => {
  it('each names its own script in its head, what that imports preloaded, none of the app, and no data to hydrate from', async () => {
    const own = {
      '/': ['/assets/home-J.js', '/assets/document-behaviour-K.js'],
      '/?utm_source=flyer': ['/assets/home-J.js', '/assets/document-behaviour-K.js'],
      '/events': ['/assets/events-M.js', '/assets/document-behaviour-K.js', '/assets/document-swap-N.js'],
      '/milestones': ['/assets/milestones-O.js', '/assets/document-behaviour-K.js', '/assets/document-swap-N.js'],
    };
    for (const [path, [script, ...imports]] of Object.entries(own)) {
      const html = await (await s.request(path)).text();
      expect(html).toContain(`<h1>${path.replace(/\?.*/, '')}</h1>`);
      expect(html, path).toContain(
        `<script type="module" crossorigin src="${script}"></script>\n    ${imports.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('\n    ')}\n</head>`,
      );
      expect(html, path).not.toContain('index-A.js');
      expect(html, path).not.toContain('id="ssr-state"');
      expect(inlineScripts(html), path).toEqual([]);
    }
  });

  it('the calendar day and month in the address are drawn (validated, in a fixed order); anything else is ignored', async () => {
    const drawnAs = async (path: string) => {
      const res = await s.request(path);
      expect(res.status, path).toBe(200);
      return /<h1>([^<]*)<\/h1>/.exec(await res.text())?.[1];
    };
    expect(await drawnAs('/events?date=2026-11-03')).toBe('/events?date=2026-11-03');
    expect(await drawnAs('/events?utm_source=x&month=2026-12&date=2026-11-03')).toBe('/events?date=2026-11-03&month=2026-12');
    // A day that does not exist, an impossible month, markup, a repeated part: the default view, never an error.
    for (const bad of [
      'date=2026-02-30',
      'date=2026-13-01',
      'month=2026-00',
      'date=%3Cscript%3E',
      'date=20261103',
      'date=1999-12-31',
      'month=2026-1',
    ]) {
      expect(await drawnAs(`/events?${bad}`), bad).toBe('/events');
    }
    expect(await drawnAs('/milestones?tab=recent&category=language&age=3-4years')).toBe(
      '/milestones?age=3-4years&category=language&tab=recent',
    );
    expect(await drawnAs('/milestones?tab=milestones&age=all&category=Language')).toBe('/milestones');
  });

  it('keeps only the default view of each page; a view its address chooses is drawn for that request', async () => {
    const ssr = (await import(pathToFileURL(join(dir, 'ssr', 'entry-server.js')).href)) as { renders: () => number };
    // Through the app itself: what the page renderer keeps, apart from any response cache in front of it.
    await s.app.request('/events');
    const before = ssr.renders();
    await s.app.request('/events');
    await s.app.request('/events?date=bogus');
    expect(ssr.renders()).toBe(before);
    await s.app.request('/events?date=2026-11-04');
    await s.app.request('/events?date=2026-11-04');
    expect(ssr.renders()).toBe(before + 2);
  });
});

describe('warming the public pages when the server starts', () => {
  it('draws each server-drawn public page, so the first visitors are answered from memory', async () => {
    // The stand-in render is the module the servers load (the same file): it counts every drawing.
    const ssr = (await import(pathToFileURL(join(dir, 'ssr', 'entry-server.js')).href)) as { renders: () => number };
    const fresh = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
    try {
      const before = ssr.renders();
      await warmPublicPages(fresh.app);
      // '/', '/events' and '/milestones' are the stand-in's server-drawn pages (the form pages are drawn per request:
      // form-pages.test.ts; the others are the app's shell).
      expect(ssr.renders() - before).toBe(3);
      for (const encoding of ['br', 'gzip', 'identity']) {
        for (const path of ['/', '/events']) {
          const res = await fresh.request(path, { headers: { 'accept-encoding': encoding } });
          expect(res.status).toBe(200);
          expect(await res.text()).toContain(`<h1>${path}</h1>`);
        }
      }
      expect(ssr.renders() - before).toBe(3);
      expect(PUBLIC_PAGES.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/events']));
    } finally {
      await fresh.close();
    }
  });
});
