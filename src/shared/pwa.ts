import { pageCentre } from './page-centre';

/**
 * The parent portal on the home screen (ADR 051): the numbers the manifest, the pages' head, the
 * service worker's registration and its cache rules share.
 */

/** What the worker controls, and the installed app's scope: the parent's pages only (/parent-login,
 * /parent-dashboard, /parent-reset-password). Never the public documents, never the staff dashboard. The Spanish
 * sign-in and reset page (/es/parent-login, /es/parent-reset-password: ADR 052, 054) are outside it, as `/es` pages. */
export const PORTAL_SCOPE = '/parent';
export const PORTAL_START_URL = '/parent-dashboard';
export const SERVICE_WORKER_PATH = '/sw.js';
export const MANIFEST_PATH = '/manifest.webmanifest';
/** The centre's teal (brand-700): the browser's bar and the splash screen. */
export const THEME_COLOR = '#0f766e';
export const BACKGROUND_COLOR = '#fafaf9';

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

/** Drawn by scripts/make-icons.mjs, committed in src/client/public/icons. */
export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

/** The web app manifest (https://www.w3.org/TR/appmanifest/). */
export function webManifest() {
  const centre = pageCentre();
  return {
    id: PORTAL_START_URL,
    name: `${centre.shortName} Parent Portal`,
    short_name: centre.shortName,
    description: `Your child's day, development and milestones at ${centre.name}.`,
    lang: 'en-US',
    dir: 'ltr',
    start_url: PORTAL_START_URL,
    scope: PORTAL_SCOPE,
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: MANIFEST_ICONS,
  } as const;
}
