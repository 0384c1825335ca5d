/**
 * The parent portal's service worker (ADR 051), written by hand: its rules are few and each is a
 * privacy rule. Built by scripts/build-sw.mjs (esbuild, one classic script) to dist/client/sw.js, registered by
 * lib/offline.ts with the scope /parent, so it controls the parent's pages only.
 *
 * - It keeps the app's shell (the hashed files a parent page loaded, the icons) and the last dashboard the parent
 *   loaded: the /parent-dashboard document and the dashboard's tRPC reads, in one cache named after the parent.
 *   Only one parent's cache exists at a time.
 * - A personal copy is cached only for the parent the page said is signed in (its `hello`, from the parent record
 *   the page was rendered with): a document whose page never says hello is never cached.
 * - Every personal copy is dropped on sign-in and sign-out (seen here, and told by the page), on a 401, on a
 *   dashboard the server rendered for nobody (the session is gone), and when another parent says hello.
 * - Everything else goes to the network as if there were no worker.
 */
import {
  classify,
  DASHBOARD_PATH,
  type FromWorker,
  isKeepableData,
  isSignedInDocument,
  MAX_DATA_ANSWERS,
  type PendingSignOutWords,
  pendingSignOutHtml,
  PERSONAL_PREFIX,
  personalCacheName,
  SAVED_AT_HEADER,
  SHELL_PREFIX,
  SIGN_OUT_PATH,
  SIGN_OUT_PENDING_CACHE,
  SIGN_OUT_PENDING_KEY,
  type ToWorker,
} from './rules';
import { offlineLanguage, offlinePageHtml } from './offline-page';

/** The build's hash of its own file list (scripts/build-sw.mjs): a new build is a new shell cache. */
declare const SHELL_VERSION: string;
/** The files the dashboard can load (scripts/build-sw.mjs): cached at install. */
declare const SHELL_FILES: readonly string[];

// The parts of the worker's scope used here (the DOM library, which this project compiles with, has no worker types).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  clientId: string;
  resultingClientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerClient {
  id: string;
  postMessage(message: FromWorker): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  source: WorkerClient | null;
}
interface WorkerScope {
  location: Location;
  navigator: { languages?: readonly string[] };
  clients: { claim(): Promise<void>; get(id: string): Promise<WorkerClient | undefined> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const SHELL = `${SHELL_PREFIX}${SHELL_VERSION}`;
/** Where the one cached dashboard document sits in the parent's cache; its real address is in DOCUMENT_URL_HEADER. */
const DOCUMENT_KEY = '/parent-dashboard#document';
const DOCUMENT_URL_HEADER = 'X-Portal-Url';

/** Raised by every forgetting: a copy fetched before it is never cached after it. */
let epoch = 0;
/** The parent each page said it shows (its `hello`). */
const clientParent = new Map<string, string>();
/** A dashboard document the network gave, waiting for its page's hello (by the page's client id). */
const pendingDocuments = new Map<string, { url: string; response: Response; epoch: number }>();
/** The pages shown from a cached copy: when that copy was made. */
const servedCopies = new Map<string, number>();

/** Cache changes run one at a time, in order: a forgetting is never overtaken by a keeping that started before it. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

async function personalCaches(): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(PERSONAL_PREFIX));
}

/** The parent whose copies are cached, if any. */
async function currentParentCache(): Promise<string | null> {
  const names = await personalCaches();
  return names.length === 1 ? names[0]! : null;
}

/** Drops every personal copy (not the shell: it holds nothing of anyone's). */
async function forgetAll() {
  epoch++;
  clientParent.clear();
  pendingDocuments.clear();
  servedCopies.clear();
  await Promise.all((await personalCaches()).map((name) => caches.delete(name)));
}

/** Makes `parentId` the parent whose copies are cached: another parent's are dropped first. */
async function adopt(parentId: string): Promise<Cache> {
  const name = personalCacheName(parentId);
  const others = (await personalCaches()).filter((n) => n !== name);
  if (others.length > 0) {
    epoch++;
    for (const [client, parent] of clientParent) if (parent !== parentId) clientParent.delete(client);
    servedCopies.clear();
    await Promise.all(others.map((n) => caches.delete(n)));
  }
  return caches.open(name);
}

/** A copy of `response` that says when it was made (and where the document was), without Vary or cookies. */
async function stamped(response: Response, extra: Record<string, string> = {}): Promise<Response> {
  const headers = new Headers();
  for (const name of ['Content-Type', 'Content-Language']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  for (const [k, v] of Object.entries(extra)) headers.set(k, v);
  return new Response(await response.arrayBuffer(), { status: 200, headers });
}

const savedAtOf = (response: Response) => Number(response.headers.get(SAVED_AT_HEADER)) || null;
const pathAndSearch = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function keepDocument(cache: Cache, url: string, response: Response) {
  await cache.put(DOCUMENT_KEY, await stamped(response, { [DOCUMENT_URL_HEADER]: url }));
}

/** The page said which parent it shows: keep its document and the shell it loaded. */
async function hello(client: WorkerClient, message: Extract<ToWorker, { type: 'hello' }>) {
  const origin = worker.location.origin;
  await serial(async () => {
    const cache = await adopt(message.parentId);
    clientParent.set(client.id, message.parentId);
    const pending = pendingDocuments.get(client.id);
    pendingDocuments.delete(client.id);
    if (pending && pending.epoch === epoch) {
      await keepDocument(cache, pending.url, pending.response);
      return;
    }
    // The page was rendered before this worker controlled it (its first visit), or its copy was lost: asked again.
    const url = new URL(message.document, origin);
    if (url.origin !== origin || url.pathname !== DASHBOARD_PATH || (await cache.match(DOCUMENT_KEY))) return;
    const started = epoch;
    const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
    if (started !== epoch) return;
    if (isSignedInDocument(response.status, response.headers.get('Cache-Control'), response.headers.get('Content-Type')))
      await keepDocument(cache, pathAndSearch(url.href), response);
  });
  const shell = await caches.open(SHELL);
  await Promise.all(
    message.assets.map(async (asset) => {
      const url = new URL(asset, origin);
      const kind = classify({ url, method: 'GET', mode: 'no-cors', origin });
      if ((kind !== 'shell' && kind !== 'static') || (await shell.match(url))) return;
      try {
        const response = await fetch(url);
        if (response.ok) await shell.put(url, response);
      } catch {
        // Offline or gone: the next load keeps it.
      }
    }),
  );
  client.postMessage({ type: 'status', savedAt: servedCopies.get(client.id) ?? null });
}

/**
 * A sign-out the page could not send (offline, ADR 067) is sent first, before anything personal is served or
 * fetched: true when none is waiting (or it has just gone through), false while the network is still out of
 * reach. Any answer from the server ends it (the sign-out is public: 200 whether or not the session still
 * was); the server's answer also clears the session cookie. Concurrent requests wait for the same attempt.
 */
let signingOut: Promise<PendingSignOutWords | null> | null = null;
function sendPendingSignOut(): Promise<PendingSignOutWords | null> {
  signingOut ??= (async () => {
    if (!(await caches.has(SIGN_OUT_PENDING_CACHE))) return null;
    const mark = await (await caches.open(SIGN_OUT_PENDING_CACHE)).match(SIGN_OUT_PENDING_KEY);
    const words = mark ? ((await mark.json().catch(() => null)) as PendingSignOutWords | null) : null;
    try {
      const response = await fetch(SIGN_OUT_PATH, { method: 'POST', credentials: 'same-origin', cache: 'no-store' });
      if (response.status >= 500) throw new Error('not signed out');
    } catch {
      return words ?? { language: 'en', heading: 'You are offline.', body: '' };
    }
    await serial(forgetAll);
    await caches.delete(SIGN_OUT_PENDING_CACHE);
    return null;
  })().finally(() => {
    signingOut = null;
  });
  return signingOut;
}

function pendingSignOutPage(words: PendingSignOutWords): Response {
  return new Response(pendingSignOutHtml(words), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Runs `next` once no sign-out waits; while one does, `waiting` answers instead. */
async function afterPendingSignOut(next: () => Promise<Response>, waiting: (words: PendingSignOutWords) => Response): Promise<Response> {
  const pending = await sendPendingSignOut();
  return pending ? waiting(pending) : next();
}

/**
 * The portal's language as its page last said (hello), kept beside the shell so a worker started again still knows
 * it: only a language, nothing of anyone's, so it outlives a sign-out (the next offline page still speaks it).
 */
const LANGUAGE_CACHE = 'portal-language';
const LANGUAGE_KEY = '/portal-language';
async function rememberLanguage(language: unknown): Promise<void> {
  if (language !== 'en' && language !== 'es') return;
  await (await caches.open(LANGUAGE_CACHE)).put(LANGUAGE_KEY, new Response(language, { headers: { 'Content-Type': 'text/plain' } }));
}
async function toldLanguage(): Promise<string | null> {
  if (!(await caches.has(LANGUAGE_CACHE))) return null;
  const kept = await (await caches.open(LANGUAGE_CACHE)).match(LANGUAGE_KEY);
  return kept ? kept.text() : null;
}

/** A page for a navigation that found neither the network nor a copy, in the reader's language: nothing of anyone's. */
async function offlinePage(): Promise<Response> {
  const language = offlineLanguage(await toldLanguage().catch(() => null), worker.navigator.languages ?? []);
  return new Response(offlinePageHtml(language), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

async function dashboardDocument(event: FetchEvent): Promise<Response> {
  const started = epoch;
  const url = pathAndSearch(event.request.url);
  try {
    const response = await fetch(event.request);
    if (isSignedInDocument(response.status, response.headers.get('Cache-Control'), response.headers.get('Content-Type'))) {
      // Kept when the page says whose it is (its hello). A few at most wait: a page that never says hello is dropped.
      if (pendingDocuments.size >= 4) pendingDocuments.delete(pendingDocuments.keys().next().value!);
      if (event.resultingClientId) pendingDocuments.set(event.resultingClientId, { url, response: response.clone(), epoch: started });
    } else if (response.status === 200 || response.status === 401) {
      // The server rendered the page for nobody: whoever was signed in here is not any more.
      event.waitUntil(serial(forgetAll));
    }
    return response;
  } catch {
    const name = await currentParentCache();
    const copy = name ? await (await caches.open(name)).match(DOCUMENT_KEY) : undefined;
    if (!copy) return offlinePage();
    const keptUrl = copy.headers.get(DOCUMENT_URL_HEADER) ?? DASHBOARD_PATH;
    // The cached page is for one child and tab: another address is sent to it, so the page and its address agree.
    if (keptUrl !== url) return Response.redirect(keptUrl, 302);
    const savedAt = savedAtOf(copy);
    if (event.resultingClientId && savedAt) servedCopies.set(event.resultingClientId, savedAt);
    return copy;
  }
}

async function dashboardData(event: FetchEvent): Promise<Response> {
  const started = epoch;
  const clientId = event.clientId;
  try {
    const response = await fetch(event.request);
    if (response.status === 401) event.waitUntil(serial(forgetAll));
    else if (isKeepableData(response.status, response.headers.get('Content-Type'))) {
      const copy = response.clone();
      event.waitUntil(
        serial(async () => {
          const parent = clientParent.get(clientId);
          const name = await currentParentCache();
          // Only for the parent this page said it shows, and only if nothing was forgotten meanwhile.
          if (!parent || started !== epoch || name !== personalCacheName(parent)) return;
          const cache = await caches.open(name);
          await cache.put(event.request.url, await stamped(copy));
          const keys = (await cache.keys()).filter((r) => !r.url.endsWith('#document'));
          for (const old of keys.slice(0, Math.max(0, keys.length - MAX_DATA_ANSWERS))) await cache.delete(old);
        }),
      );
    }
    return response;
  } catch (error) {
    const name = await currentParentCache();
    const copy = name ? await (await caches.open(name)).match(event.request.url, { ignoreVary: true }) : undefined;
    if (!copy) throw error;
    const savedAt = savedAtOf(copy);
    if (savedAt) {
      servedCopies.set(clientId, savedAt);
      (await worker.clients.get(clientId))?.postMessage({ type: 'copy', savedAt });
    }
    return copy;
  }
}

async function shellFile(request: Request): Promise<Response> {
  const shell = await caches.open(SHELL);
  const cached = await shell.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await shell.put(request, response.clone());
  return response;
}

async function staticFile(request: Request): Promise<Response> {
  const shell = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await shell.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await shell.match(request);
    if (cached) return cached;
    throw error;
  }
}

worker.addEventListener('install', (event) => {
  // The dashboard's files are cached first (one missing is not fatal: it is cached when a page loads it), then
  // the new worker takes over at once.
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      await Promise.all(
        [...SHELL_FILES, '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'].map((file) =>
          shell.add(file).catch(() => undefined),
        ),
      );
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // An older build's shell goes; the personal copies stay (their pages load the new shell when online).
      const old = (await caches.keys()).filter((n) => n.startsWith(SHELL_PREFIX) && n !== SHELL);
      await Promise.all(old.map((n) => caches.delete(n)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const kind = classify({ url: new URL(request.url), method: request.method, mode: request.mode, origin: worker.location.origin });
  // Nothing personal (and no other sign-in or sign-out) goes out before a sign-out that waits for the network.
  const noSession = () => Response.error();
  switch (kind) {
    case 'dashboard-document':
      return event.respondWith(afterPendingSignOut(() => dashboardDocument(event), pendingSignOutPage));
    case 'portal-page':
      return event.respondWith(afterPendingSignOut(() => fetch(request).catch(() => offlinePage()), pendingSignOutPage));
    case 'dashboard-data':
      return event.respondWith(afterPendingSignOut(() => dashboardData(event), noSession));
    case 'shell':
      return event.respondWith(shellFile(request));
    case 'static':
      return event.respondWith(staticFile(request));
    case 'session':
      // Signing in or out: every personal copy goes before the request leaves (and the page tells us too).
      return event.respondWith(afterPendingSignOut(() => serial(forgetAll).then(() => fetch(request)), noSession));
    case 'pass':
      return;
  }
});

worker.addEventListener('message', (event) => {
  const message = event.data as ToWorker | null;
  const source = event.source;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'forget') {
    event.waitUntil(serial(forgetAll).then(() => source?.postMessage({ type: 'forgotten' })));
  } else if (message.type === 'hello' && source && typeof message.parentId === 'string' && message.parentId) {
    event.waitUntil(hello(source, { ...message, assets: Array.isArray(message.assets) ? message.assets.slice(0, 200) : [] }));
    event.waitUntil(rememberLanguage(message.language));
  } else if (message.type === 'status' && source) {
    source.postMessage({ type: 'status', savedAt: servedCopies.get(source.id) ?? null });
  }
});
