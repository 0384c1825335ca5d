import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '../../db/schema';
import { cacheStore } from '../../src/server/cache/store';
import { keptPageKey } from '../../src/server/pages/render';
import { fullTitle, notFoundTitle } from '../../src/shared/public-pages';
import { standInManifest } from '../helpers/stand-in-build';
import { startTestServer, type TestServer } from '../helpers/server';
import { capturedLines } from '../helpers/log-capture';

/**
 * A server-rendered page is drawn once and compressed once (ADR 011), then served from memory with a strong ETag
 * until something is written; it is drawn for an anonymous visitor, whoever asks. The render here is a stand-in
 * for dist/ssr/entry-server.js that draws the events it is given and counts its calls, so these run without a
 * build; the browser tests (server-render.spec.ts) run the real one.
 */
// The access log, captured: a page sent by the response cache says so (`"cached":true`).
vi.mock('../../src/server/logger', async (original) => (await import('../helpers/log-capture')).capturingLogger(original, 'debug'));

let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'page-cache-'));
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html><html lang="en"><head>\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n</head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dir, 'ssr', 'entry-server.js'),
    `export const SERVER_RENDERED = { '/events': ['events.list', 'announcements.list'] };
     export const isNotFound = (path) => path === '/no-such-page';
     let renders = 0;
     export async function render(path, data) {
       renders += 1;
       const titles = (data['events.list'] ?? []).map((e) => '<li>' + e.title + '</li>').join('');
       return { html: '<h1>' + path + '</h1><ul>' + titles + '</ul><p>' + 'x'.repeat(4000) + '</p><p>render ' + renders + '</p>', state: '{}' };
     }`,
  );
  s = await startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  s.request(path, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
const renderCount = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);

describe('a server-rendered page', () => {
  it('is drawn once and served compressed with brotli (or gzip), with a strong ETag, no-cache and Vary', async () => {
    const first = await get('/events');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const html = await first.text();
    expect(html).toContain('<div id="root"><h1>/events</h1>');
    // A document: the app never hydrates it, so the data it was drawn from is not sent with it (ADR 018).
    expect(html).not.toContain('id="ssr-state"');

    const again = await get('/events');
    expect(again.headers.get('etag')).toBe(etag);
    expect(renderCount(await again.text())).toBe(renderCount(html));

    const gzipped = await get('/events', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('etag')).toBe(etag.replace('-br"', '-gz"'));
    expect(await gzipped.text()).toBe(html);

    // q=0 refuses an encoding.
    expect((await get('/events', { 'accept-encoding': 'br;q=0, gzip;q=0.5' })).headers.get('content-encoding')).toBe('gzip');

    const plain = await get('/events', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('etag')).toBe(etag.replace('-br"', '"'));
    expect(await plain.text()).toBe(html);
  });

  it('answers 304 with no body when the browser has it (a weak form of the tag too), 200 for another tag', async () => {
    const etag = (await get('/events')).headers.get('etag')!;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/events', { 'if-none-match': tag });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe('');
    }
    expect((await get('/events', { 'if-none-match': '"other"' })).status).toBe(200);
    // The tag of another encoding is another representation.
    expect((await get('/events', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
  });

  it('is drawn again after a write: the new event is in it, under a new ETag', async () => {
    const before = await get('/events');
    const title = `Harvest walk ${Date.now()}`;
    s.db.insert(events).values({ title, eventDate: '2030-10-01' }).run();
    const after = await get('/events', { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(await after.text()).toContain(title);
  });

  it('is drawn for a visitor whoever asks: a signed-in director gets the same bytes, without the private events', async () => {
    const title = `Staff training ${Date.now()}`;
    s.db.insert(events).values({ title, eventDate: '2030-10-02', isPublic: false }).run();
    const cookie = await s.adminCookie();
    const staff = await get('/events', { cookie });
    const visitor = await get('/events');
    expect(staff.headers.get('etag')).toBe(visitor.headers.get('etag'));
    expect(staff.headers.get('set-cookie')).toBeNull();
    const html = await staff.text();
    expect(html).not.toContain(title);
    expect(html).toBe(await visitor.text());
  });

  it('an unknown address is the not-found page, answered 404; a signed-in area is the shell, not drawn nor kept', async () => {
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toMatch(/^"[\w-]+-br"$/);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('<h1>/no-such-page</h1>');
    // Its tab says so before any script runs, not the home page's title.
    expect(missingHtml).toContain(`<title>${notFoundTitle()}</title>`);
    expect(missingHtml).not.toContain(`<title>${fullTitle()}</title>`);

    const shell = await get('/admin-dashboard');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('etag')).toBeNull();
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const html = await shell.text();
    expect(html).toContain(
      '<div id="root"><main class="mx-auto max-w-5xl px-4 py-16 text-center text-stone-600" aria-busy="true">Loading...</main></div>',
    );
    expect(html).not.toContain('ssr-state');
  });

  it('a repeated page is sent by the response cache, until a write, or the end of the minute it was drawn in', async () => {
    const keptLines = () => capturedLines.filter((l) => l.includes('"path":"/events"') && l.includes('"cached":true')).length;
    const first = await get('/events');
    const drawn = renderCount(await first.text());
    const before = keptLines();
    const again = await get('/events');
    expect(keptLines()).toBe(before + 1);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(renderCount(await again.text())).toBe(drawn);

    // The renderer draws the page again each minute (what it shows may depend on the time): the cached copy ends then.
    s.clock.advance(60_000);
    const nextMinute = await get('/events');
    expect(keptLines()).toBe(before + 1);
    expect(renderCount(await nextMinute.text())).toBeGreaterThan(drawn);

    // A visitor with a session cookie takes the full path (the page is the same; what it may not be is a kept answer).
    const cookie = await s.adminCookie();
    await get('/events', { cookie });
    await get('/events', { cookie });
    expect(keptLines()).toBe(before + 1);
  });

  it('keeps its last drawing in the cache store, under its byte budget, until a write', async () => {
    const store = cacheStore(s.db);
    // A session cookie: the response cache leaves the request to the renderer, which draws once and keeps it.
    const cookie = await s.adminCookie();
    s.db
      .insert(events)
      .values({ title: `Open house ${Date.now()}`, eventDate: '2030-10-03' })
      .run();
    const first = await get('/events', { cookie });
    const drawn = renderCount(await first.text());
    expect(store.holds(keptPageKey('/events'))).toBe(true);
    // Counted with its room for the compressed forms: the HTML twice at least.
    const html = await (await get('/events', { cookie, 'accept-encoding': 'identity' })).arrayBuffer();
    expect(html.byteLength).toBeGreaterThan(4000);
    expect(store.bytes()).toBeGreaterThanOrEqual(2 * html.byteLength);
    expect(renderCount(await (await get('/events', { cookie })).text())).toBe(drawn);

    // A write empties the store: the drawing goes with everything else, and the next visitor's page is new.
    s.db
      .insert(events)
      .values({ title: `Book fair ${Date.now()}`, eventDate: '2030-10-04' })
      .run();
    expect(store.holds(keptPageKey('/events'))).toBe(false);
    expect(renderCount(await (await get('/events', { cookie })).text())).toBeGreaterThan(drawn);
  });
});
