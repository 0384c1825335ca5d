import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context as HonoContext } from 'hono';
import { type AppDeps, clientIp } from '../context';
import { logger } from '../logger';
import { createCaller } from '../routers/_app';
import type { Limiters } from '../services/rate-limit';

/** What dist/ssr/entry-server.js (src/client/entry-server.tsx) exports. */
interface SsrModule {
  SERVER_RENDERED: readonly string[];
  render(path: string, data: { gallery: unknown; events: unknown; announcements: unknown }): Promise<{ html: string; state: string }>;
}

/**
 * The server render of the public pages (ADR 011). `npm run build:ssr` writes dist/ssr; without it (development,
 * API-only tests) every page is the single-page app's shell. The data is read as an anonymous visitor, whoever
 * asks: the HTML is the same for everyone and holds nothing personal.
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
   * The last page drawn for each path, with the lists it was drawn from. The lists come from the in-memory
   * public lists (ADR 010), the same objects until something is written, so the page is drawn again only after
   * a write, or once a minute at most for what the page computes from the time. Drawing it costs far more than
   * any API answer: without this, 50 visitors at once kept both cores busy rendering the same HTML.
   */
  const drawn = new Map<string, { lists: readonly unknown[]; minute: number; page: string }>();

  /** index.html's `<div id="root"></div>` filled with the page and followed by its data, or null for the shell. */
  return async function renderPage(c: HonoContext): Promise<string | null> {
    const ssr = await load();
    if (!ssr || !ssr.SERVER_RENDERED.includes(c.req.path)) return null;
    try {
      const caller = createCaller({ ...deps, limits, resHeaders: new Headers(), ip: clientIp(c, deps.config.trustProxy), auth: null });
      const [gallery, events, announcements] = await Promise.all([caller.gallery.list(), caller.events.list(), caller.announcements.list()]);
      const lists = [gallery, events, announcements] as const;
      const minute = Math.floor(deps.clock.now().getTime() / 60_000);
      const last = drawn.get(c.req.path);
      if (last && last.minute === minute && last.lists.every((list, i) => list === lists[i])) return last.page;
      const { html, state } = await ssr.render(c.req.path, { gallery, events, announcements });
      // A data block (never executed, so the CSP's script-src does not apply); `<` escaped so nothing closes it.
      const page = `<div id="root">${html}</div><script type="application/json" id="ssr-state">${state.replace(/</g, '\\u003c')}</script>`;
      drawn.set(c.req.path, { lists, minute, page });
      return page;
    } catch (err) {
      logger.error({ err, path: c.req.path }, 'server render failed; the app shell is served');
      return null;
    }
  };
}
