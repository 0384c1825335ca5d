import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import { PAGE_SEARCH, searchString } from '../../shared/page-search';
import { notFoundTitle, type PageList } from '../../shared/public-pages';
import { callRead } from '../cache/registry';
import { publicCentre } from '../centre/profile';
import type { PublicCentre } from '../../shared/centre-profile';
import { cacheStore } from '../cache/store';
import { type AppDeps, clientIp, createContext } from '../context';
import { logger } from '../logger';
import { escapeHtml } from './seo';
import { languageOfPath, type PageLanguage } from '../../shared/i18n/paths';
import { milestoneIn } from '../../shared/i18n/milestones-es';
import { createCaller } from '../routers/_app';
import type { Limiters } from '../services/rate-limit';

/**
 * A list as a page in `language` shows it: on a Spanish page the centre's milestones have their Spanish names and
 * descriptions (shared/i18n/milestones-es.ts). What people typed (events, announcements, notes) stays as written.
 */
function inLanguage(language: PageLanguage, name: string, list: unknown): unknown {
  if (language === 'en' || name !== 'milestones.list' || !Array.isArray(list)) return list;
  return list.map((m: { key: string | null; name: string; description: string }) => milestoneIn(language, m));
}

/** What dist/ssr/entry-server.js (src/client/entry-server.tsx) exports. */
interface SsrModule {
  SERVER_RENDERED: Readonly<Record<string, readonly PageList[]>>;
  /** Pages rendered only when the address has no query string (their render would depend on it). */
  DRAWN_WITHOUT_QUERY_ONLY?: readonly string[];
  isNotFound(path: string): boolean;
  /** Sets the centre the render shows (its own copy of shared/page-centre.ts). */
  setPageCentre?(centre: PublicCentre): void;
  render(path: string, data: Partial<Record<PageList, unknown>>, origin?: string | null): Promise<{ html: string; state: string }>;
  renderParentDashboard?(
    href: string,
    parent: unknown,
    loadDashboard: (childId: string | null) => Promise<unknown>,
  ): Promise<{ html: string; state: string }>;
}

/** The page rendered for a signed-in parent (renderSignedIn below). */
export const PARENT_DASHBOARD_PATH = '/parent-dashboard';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
type Encoding = 'br' | 'gzip' | 'identity';
const HTML_BROTLI_QUALITY = 5;

/** A rendered page: its bytes, its strong ETag, and its compressed forms, each made once, when first asked for. */
interface RenderedPage {
  minute: number;
  status: 200 | 404;
  body: Uint8Array<ArrayBuffer>;
  hash: string;
  encoded: Map<Exclude<Encoding, 'identity'>, Promise<Uint8Array<ArrayBuffer>>>;
}

/** Where the render of a page cached under `key` (a public page's path, or NOT_FOUND_KEY) lives in the cache store. */
export const keptPageKey = (key: string) => `page\n${key}`;

/**
 * What a cached render counts against the cache's byte budget: its HTML, and room for its brotli and gzip forms,
 * which are made later, when first asked for (each is well under half the HTML), and the entry around them.
 */
const renderedPageBytes = (body: Uint8Array) => 2 * body.byteLength + 1024;

/** The key the not-found page is cached under with its language, whatever the path: the public pages and it, no more. */
const NOT_FOUND_KEY = '404';

/**
 * The server render of the public pages (ADR 011). `npm run build:ssr` writes dist/ssr; without it (development,
 * API-only tests) every page is the single-page app's shell. The data is read as an anonymous visitor, whoever
 * asks (the request's cookies are never read): the HTML is the same for everyone and holds nothing
 * personal, so one copy, compressed once, serves every visitor.
 */
export function createPageRenderer(deps: AppDeps, limits: Limiters, ssrDir: string) {
  const entry = resolve(ssrDir, 'entry-server.js');
  let loaded: Promise<SsrModule | null> | null = null;
  const load = () =>
    (loaded ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<SsrModule>).catch((err: unknown) => {
          logger.error({ err }, 'the server render could not be loaded; pages are served as the app shell');
          return null;
        })
      : Promise.resolve(null));

  /**
   * The last page rendered for each path is held in the cache store (cache/store.ts), under its byte budget with
   * the answers and the data memo, and like them only until something is written: the page is rendered again only
   * after a write, or once a minute at most for what the page computes from the time. Rendering it costs far more than
   * any API answer: without this, 50 visitors at once kept both cores busy rendering the same HTML; compressing
   * it on every answer halved what was left. The response cache sends most repeats before they get here; this
   * serves the others (a visitor with a session cookie, a query the page ignores, another Accept-Encoding).
   */
  const store = () => cacheStore(deps.db, deps.config.cacheBudgetBytes);

  /**
   * `href`: the path with its validated query string, if any. `key`: where the render is cached, or null for a
   * render made for this request only (a page's address that is not its default view, such as a day of the
   * calendar: there are as many as there are days, so they are not cached).
   */
  async function renderCached(
    ssr: SsrModule,
    ip: string,
    path: string,
    href: string,
    key: string | null,
    template: string,
    status: 200 | 404,
  ): Promise<RenderedPage> {
    const cache = store();
    // Read before the lists: a render made while something was written is not cached (it may hold the old data).
    const version = cache.version();
    const minute = Math.floor(deps.clock.now().getTime() / 60_000);
    const found = key === null ? undefined : cache.get(keptPageKey(key));
    const last = found?.kind === 'memo' ? (found.value as RenderedPage) : undefined;
    if (last && last.minute === minute) return last;
    const caller = createCaller({ ...deps, limits, resHeaders: new Headers(), ip, auth: null });
    const names = status === 404 ? [] : (ssr.SERVER_RENDERED[path] ?? []);
    const language = languageOfPath(path);
    const lists = (await Promise.all(names.map((name) => callRead(caller, name)))).map((list, i) => inLanguage(language, names[i]!, list));
    ssr.setPageCentre?.(publicCentre());
    const rendered = await ssr.render(
      href,
      Object.fromEntries(names.map((name, i) => [name, lists[i]])),
      deps.config.publicUrl.replace(/\/+$/, ''),
    );
    // A document: the app never hydrates it, so it goes without the data the app would hydrate it from.
    const body = pageBody(template, { html: rendered.html, state: null });
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    // Rendered again but byte for byte the same (a new minute): the compressed forms still fit.
    const page: RenderedPage = { minute, status, body, hash, encoded: last?.hash === hash ? last.encoded : new Map() };
    if (key !== null) cache.setMemo(keptPageKey(key), page, { size: renderedPageBytes(body), madeUnder: version });
    return page;
  }

  /**
   * The answer for a page, or null when it is the app's shell (a signed-in area, or no server render built).
   * `template` is index.html with this path's head and its own script (pages/document-script.ts). Strong ETag per
   * encoding; 304 when the browser has it.
   */
  async function renderPage(c: HonoContext, template: string): Promise<Response | null> {
    const ssr = await load();
    if (!ssr) return null;
    const path = c.req.path;
    const rendered = Object.hasOwn(ssr.SERVER_RENDERED, path);
    if (!rendered && !ssr.isNotFound(path)) return null;
    if (rendered && ssr.DRAWN_WITHOUT_QUERY_ONLY?.includes(path) && new URL(c.req.url).search) return null;
    // A page rendered from its address (the calendar's day, the milestones' filters: shared/page-search.ts) is rendered
    // from the validated parts only; anything else in the query string is ignored, as on every page.
    const validate = rendered ? PAGE_SEARCH[path] : undefined;
    const query = validate ? searchString(validate(Object.fromEntries(new URL(c.req.url).searchParams))) : '';
    let page: RenderedPage;
    try {
      // The not-found page names itself in the tab before any script runs (the head is otherwise the site's).
      const head = rendered
        ? template
        : template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(notFoundTitle(languageOfPath(path)))}</title>`);
      // One not-found page per language (its words, header and `lang` are the address's).
      const key = !rendered ? `${NOT_FOUND_KEY}:${languageOfPath(path)}` : query ? null : path;
      page = await renderCached(
        ssr,
        clientIp(c, deps.config.trustProxy),
        path,
        query ? `${path}?${query}` : path,
        key,
        head,
        rendered ? 200 : 404,
      );
    } catch (err) {
      logger.error({ err, path }, 'server render failed; the app shell is served');
      return null;
    }
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    // Strong validators name exact bytes, so each encoding has its own.
    const etag = `"${page.hash}${encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : ''}"`;
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-cache',
      ETag: etag,
      Vary: 'Accept-Encoding',
      // The page's language is its address's (ADR 045), said to the browser and to caches.
      'Content-Language': languageOfPath(path),
    };
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    if (encoding === 'identity') return c.body(page.body, page.status, headers);
    let bytes = page.encoded.get(encoding);
    if (!bytes) {
      bytes = compress(page.body, encoding);
      page.encoded.set(encoding, bytes);
    }
    try {
      return c.body(await bytes, page.status, { ...headers, 'Content-Encoding': encoding });
    } catch (err) {
      // Never a 500 for a page: the bytes as they are, under their own tag; the next request tries again.
      page.encoded.delete(encoding);
      logger.error({ err, path, encoding }, 'compressing a page failed; it is sent uncompressed');
      return c.body(page.body, page.status, { ...headers, ETag: `"${page.hash}"` });
    }
  }

  /**
   * The parent dashboard rendered for the parent whose session cookie came with the request (ADR 011), or null:
   * no parent session (the browser then renders the page, and sends to the sign-in whoever is not signed in), a
   * staff session, or no server render built. Read through the same procedures the page calls, as that parent,
   * so what it shows is exactly what the API would answer them. The HTML holds their child's day: it is sent
   * `private, no-store`, never cached here, never given an ETag, and rendered again for every request.
   */
  async function renderSignedIn(c: HonoContext, template: string): Promise<Response | null> {
    const path = c.req.path;
    if (path !== PARENT_DASHBOARD_PATH && path !== `${PARENT_DASHBOARD_PATH}/`) return null;
    const ssr = await load();
    if (!ssr?.renderParentDashboard) return null;
    const resHeaders = new Headers();
    const ctx = createContext(deps, limits, c, resHeaders);
    if (ctx.auth?.kind !== 'parent') return null;
    let body: Uint8Array<ArrayBuffer>;
    try {
      const caller = createCaller(ctx);
      // The child the address names (?child=, read by the render as the route reads it): another family's child
      // is the procedure's 404, and the page is then the browser's to render (it falls back to the first child).
      const href = `${PARENT_DASHBOARD_PATH}${new URL(c.req.url).search}`;
      const parent = await caller.parentAuth.me();
      // The page is in the parent's saved language (ADR 047), and says so: the browser hydrates it in it.
      const { language } = await caller.parentPortal.preferences();
      const page = template.replace('<html lang="en">', () => `<html lang="${language}">`);
      ssr.setPageCentre?.(publicCentre());
      body = pageBody(page, await ssr.renderParentDashboard(href, parent, (childId) => caller.parentPortal.dashboard({ childId })));
    } catch (err) {
      // The session ended as it was read, or the render failed: the browser renders the page and says what is wrong.
      if (!(err instanceof TRPCError)) logger.error({ err, path }, 'rendering the parent dashboard failed; the app shell is served');
      return null;
    }
    const headers = new Headers(resHeaders);
    headers.set('Content-Type', 'text/html; charset=UTF-8');
    headers.set('Cache-Control', 'private, no-store');
    headers.set('Vary', 'Cookie, Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (encoding === 'identity') return new Response(body, { status: 200, headers });
    try {
      const bytes = await compress(body, encoding);
      headers.set('Content-Encoding', encoding);
      return new Response(bytes, { status: 200, headers });
    } catch (err) {
      logger.error({ err, path, encoding }, 'compressing a page failed; it is sent uncompressed');
      return new Response(body, { status: 200, headers });
    }
  }

  return { renderPage, renderSignedIn };
}

/** index.html with the rendered page in its root, and the data it was rendered from after it (if the app hydrates it). */
function pageBody(template: string, { html, state }: { html: string; state: string | null }): Uint8Array<ArrayBuffer> {
  // A data block (never executed, so the CSP's script-src does not apply); `<` escaped so nothing closes it.
  const data = state === null ? '' : `<script type="application/json" id="ssr-state">${state.replace(/</g, '\\u003c')}</script>`;
  const root = `<div id="root">${html}</div>${data}`;
  return new TextEncoder().encode(template.replace('<div id="root"></div>', () => root));
}

/**
 * Brotli at quality 5, not 11: on /milestones (62 KB of HTML) 11 took 108 ms for 0.9 KB less than 5 took in
 * 2.5 ms, and the first visitor after each write waits for it (the built assets are made at 11 once).
 */
async function compress(body: Uint8Array<ArrayBuffer>, encoding: Exclude<Encoding, 'identity'>): Promise<Uint8Array<ArrayBuffer>> {
  const compressed =
    encoding === 'br'
      ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: HTML_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzipAsync(body, { level: 9 });
  return new Uint8Array(compressed);
}

/** br when the browser takes it, else gzip, else the bytes as they are (q=0 refuses an encoding). */
export function chooseEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (enc: string) => (accepted.get(enc) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : 'identity';
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): `*`, or any listed tag equal to ours once `W/` is dropped. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
