import type { Hono } from 'hono';
import { centre } from '../centre/profile';
import { escapeHtml } from './seo';
import { APPLE_TOUCH_ICON, MANIFEST_PATH, PORTAL_SCOPE, webManifest } from '../../shared/pwa';

/**
 * The parent portal on the home screen (ADR 051): the manifest's answer, and the tags that link it from
 * the parent's pages. The service worker itself is a file of the client build (dist/client/sw.js).
 */

export function pwaRoutes(app: Hono) {
  app.get(MANIFEST_PATH, (c) => {
    // An hour: browsers check the manifest now and then for a new name or icons; an hour-old copy is harmless.
    // Made per request: the name is the centre's profile's, which the director may change (ADR 090).
    c.header('Cache-Control', 'public, max-age=3600');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(JSON.stringify(webManifest()), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8' });
  });
}

/** The pages of the parent's app: those under the worker's scope. */
export const isPortalPage = (path: string) => path.startsWith(PORTAL_SCOPE);

/**
 * The head tags of a parent page: the manifest, the home-screen icon iOS reads (it ignores the manifest's icons),
 * and the standalone title. The theme colour is in index.html for every page already.
 */
export function pwaHeadTags(path: string): string[] {
  if (!isPortalPage(path)) return [];
  return [
    `<link rel="manifest" href="${MANIFEST_PATH}" />`,
    `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON}" />`,
    '<meta name="mobile-web-app-capable" content="yes" />',
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(centre.shortName)}" />`,
  ];
}
