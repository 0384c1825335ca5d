import type { Hono } from 'hono';
import { PORTAL_PAGES, PUBLIC_PAGES, SPANISH_PATHS } from '../../shared/public-pages';
import { logger } from '../logger';

/**
 * Renders the public pages once, in each compression, right after the server starts listening, so the first
 * family to open the site after a restart does not wait for it: loading the server render and rendering a page
 * the first time takes over a second on this machine (the code is compiled on first use), then a page is
 * answered from memory in a few milliseconds (pages/render.ts). The pages are asked for through the app
 * itself, as a visitor would, so what is cached is exactly what a visitor is sent. Never throws: a page that
 * cannot be rendered now is rendered, or reported, when a visitor asks for it.
 */
export async function warmPublicPages(app: Hono): Promise<void> {
  const started = performance.now();
  // The portal's pages too: the sign-in is rendered on the server (the dashboard is the app's shell, nothing to render).
  for (const path of [...PUBLIC_PAGES.map((p) => p.path), ...SPANISH_PATHS, '/parent-login', ...PORTAL_PAGES.map((p) => p.path)]) {
    for (const encoding of ['br', 'gzip']) {
      try {
        const res = await app.request(path, { headers: { 'accept-encoding': encoding } });
        await res.arrayBuffer();
      } catch (err) {
        logger.warn({ err, path }, 'warming a page failed');
      }
    }
  }
  logger.info({ ms: Math.round(performance.now() - started) }, 'public pages rendered');
}
