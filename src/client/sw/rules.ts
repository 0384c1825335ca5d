/**
 * What the parent portal's service worker does with each request (ADR 051), as pure functions: the worker
 * (sw.ts) asks these, and tests/unit/sw-rules.test.ts holds every rule.
 *
 * - `dashboard-document`: the /parent-dashboard page, opened by a navigation. Network first; cached (the signed-in
 *   parent's own render only) under that parent's key; offline, the cached copy.
 * - `dashboard-data`: a tRPC GET made only of the dashboard's reads (parentAuth.me, parentPortal.dashboard).
 *   Network first; cached under the parent's key; offline, the cached copy.
 * - `shell`: the build's hashed files (/assets/…): cache first (they never change under their name).
 * - `static`: the icons, the manifest and the favicon: network first, the cached copy offline.
 * - `portal-page`: another parent page opened (the sign-in): to the network; offline, a page that says so.
 * - `session`: a sign-in or sign-out (REST or tRPC): every personal copy is dropped before it is sent.
 * - `pass`: everything else, left to the browser as if there were no worker (staff pages and the API's other
 *   answers, which are `no-store` for everyone, are never cached).
 */
export type RequestKind = 'dashboard-document' | 'portal-page' | 'dashboard-data' | 'shell' | 'static' | 'session' | 'pass';

/** The reads that make the dashboard; a batch holding anything else is not cached. */
export const DASHBOARD_PROCEDURES: ReadonlySet<string> = new Set(['parentAuth.me', 'parentPortal.dashboard']);
/** Sign-in and sign-out, on either API, tRPC or REST (ADR 001). */
const SESSION_PROCEDURES: ReadonlySet<string> = new Set(['parentAuth.login', 'parentAuth.logout']);
const SESSION_PATHS: ReadonlySet<string> = new Set(['/api/parent/login', '/api/parent/logout']);
/** The sign-in page's own form, posted without its script (a tap before the script loaded, ADR 062): a sign-in too. */
const SESSION_FORMS: ReadonlySet<string> = new Set(['/parent-login']);
const STATIC_PATHS: ReadonlySet<string> = new Set(['/favicon.svg', '/manifest.webmanifest']);

export const DASHBOARD_PATH = '/parent-dashboard';

/** The procedures a tRPC address names (`/api/trpc/a.b,c.d`), or null when it is not a tRPC address. */
export function trpcProcedures(pathname: string): string[] | null {
  if (!pathname.startsWith('/api/trpc/')) return null;
  let names: string;
  try {
    names = decodeURIComponent(pathname.slice('/api/trpc/'.length));
  } catch {
    return null;
  }
  const list = names.split(',');
  return list.every((n) => /^[A-Za-z]+\.[A-Za-z]+$/.test(n)) ? list : null;
}

export interface RequestFacts {
  url: URL;
  method: string;
  mode: RequestMode;
  /** The worker's own origin (self.location.origin). */
  origin: string;
}

export function classify({ url, method, mode, origin }: RequestFacts): RequestKind {
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  // Staff pages and their reads are never the worker's (the worker does not even control /admin pages; a
  // request from a parent page to one is passed on as it is).
  if (path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin-') || path.startsWith('/api/admin')) return 'pass';
  if (method === 'POST') {
    if (SESSION_PATHS.has(path) || (mode === 'navigate' && SESSION_FORMS.has(path))) return 'session';
    const procedures = trpcProcedures(path);
    return procedures?.some((p) => SESSION_PROCEDURES.has(p)) ? 'session' : 'pass';
  }
  if (method !== 'GET') return 'pass';
  if (mode === 'navigate') return path === DASHBOARD_PATH ? 'dashboard-document' : path === '/parent-login' ? 'portal-page' : 'pass';
  if (path.startsWith('/assets/')) return 'shell';
  if (STATIC_PATHS.has(path) || /^\/icons\/[a-z0-9-]+\.png$/.test(path)) return 'static';
  const procedures = trpcProcedures(path);
  if (procedures && procedures.length > 0 && procedures.every((p) => DASHBOARD_PROCEDURES.has(p))) return 'dashboard-data';
  return 'pass';
}

/**
 * Whether a dashboard document the network answered is the signed-in parent's own page. The server renders it
 * for a parent session as `private, no-store` (ADR 023); without one it sends the app's shell (`no-cache`),
 * which says nobody is signed in here any more.
 */
export function isSignedInDocument(status: number, cacheControl: string | null, contentType: string | null): boolean {
  return status === 200 && /\bprivate\b/.test(cacheControl ?? '') && (contentType ?? '').startsWith('text/html');
}

/** A personal answer worth keeping: a whole 200 JSON answer. */
export function isKeepableData(status: number, contentType: string | null): boolean {
  return status === 200 && (contentType ?? '').startsWith('application/json');
}

/** The cache that holds one parent's copies. Only one such cache exists at a time. */
export const PERSONAL_PREFIX = 'portal-personal-';
export const personalCacheName = (parentId: string) => `${PERSONAL_PREFIX}${encodeURIComponent(parentId)}`;
export const SHELL_PREFIX = 'portal-shell-';
/** The header a cached copy carries: when the network gave it (ms since the epoch). */
export const SAVED_AT_HEADER = 'X-Portal-Saved-At';
/** Kept data answers per parent at most (one per child shown, and the greeting's read): the cache stays small. */
export const MAX_DATA_ANSWERS = 12;

/** Messages between the portal's page and its worker. */
/** `hello` names the portal's language too: the worker's offline page speaks it (offline-page.ts). */
export type ToWorker =
  { type: 'hello'; parentId: string; document: string; assets: string[]; language?: string } | { type: 'forget' } | { type: 'status' };
export type FromWorker = { type: 'copy'; savedAt: number } | { type: 'forgotten' } | { type: 'status'; savedAt: number | null };

/**
 * A sign-out the phone could not send (offline, ADR 067): the page leaves this mark, with the words to show in the
 * parent's language, and until the worker (or the page) has sent the sign-out nothing personal is served or fetched.
 */
export const SIGN_OUT_PENDING_CACHE = 'portal-sign-out-pending';
export const SIGN_OUT_PENDING_KEY = '/parent-sign-out-pending';
export const SIGN_OUT_PATH = '/api/parent/logout';
export interface PendingSignOutWords {
  language: string;
  heading: string;
  body: string;
}

/** The page shown while a sign-out waits for the network: the page's words, escaped, and nothing of anyone's. */
export function pendingSignOutHtml(words: PendingSignOutWords): string {
  const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const language = /^[a-z]{2}$/.test(words.language) ? words.language : 'en';
  return (
    `<!doctype html><html lang="${language}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    '<title>Parent Portal</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1c1917">' +
    `<h1>${esc(words.heading)}</h1><p role="status">${esc(words.body)}</p></body></html>`
  );
}
