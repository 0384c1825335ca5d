import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono, type Context as HonoContext, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { MAX_UPLOAD_BYTES, TRPC_MAX_BATCH } from '../shared/constants';
import { contentTypeGuard } from './auth/content-type';
import { csrfGuard } from './auth/csrf';
import { type AppDeps, createContext, requestAuth } from './context';
import { logAccess } from './access-log';
import { loggablePath, logger } from './logger';
import { appRouter } from './routers/_app';
import { adminAuthRest } from './rest/admin-auth';
import { adminContentRest } from './rest/admin-content';
import { adminDevelopmentRest } from './rest/admin-development';
import { adminEnrollmentRest } from './rest/admin-enrollment';
import { adminGalleryRest } from './rest/admin-gallery';
import { adminStaffRest } from './rest/admin-staff';
import { adminMfaRest } from './rest/admin-mfa';
import { attendanceRest } from './rest/attendance';
import { centreRest } from './rest/centre';
import { centreProfile, loadCentreProfile } from './centre/profile';
import { dailyRest } from './rest/daily';
import { communicationsRest } from './rest/communications';
import { paymentsRest } from './rest/payments';
import { billingRest } from './rest/billing';
import { billingReportsRest } from './rest/billing-reports';
import { exportsRest } from './rest/exports';
import { incidentsRest } from './rest/incidents';
import { medicationRest } from './rest/medication';
import { healthRest } from './rest/health';
import { parentRest } from './rest/parent';
import { publicRest } from './rest/public';
import { callerLanguage } from './parents/preferences';
import { errorResponse, refusalAnswer, restContext, type RestEnv } from './rest/shim';
import { DOCUMENT_PAGES, mainScript, NOT_FOUND_SCRIPT, withOwnScript } from './pages/document-script';
import { createRoutePreloads, entryFiles, modulePreloadTags } from './pages/preload';
import { formPages } from './pages/forms';
import { createPageRenderer } from './pages/render';
import { pwaRoutes } from './pages/pwa';
import { headTags, robotsTxt, sitemapXml, withPageLanguage } from './pages/seo';
import { fromCache, responseCache } from './cache/response-cache';
import { PORTAL_PAGES, PUBLIC_PAGES, SPANISH_PATHS } from '../shared/public-pages';
import { createLimiters } from './services/rate-limit';
import { compression } from './services/compression';
import { limitBody } from './services/body-limit';
import { languageOfPath } from '../shared/i18n/paths';
import { SETUP_PAGE } from './staff/first-start';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
export const DEFAULT_CLIENT_DIR = resolve(PROJECT_ROOT, 'dist/client');

/**
 * What a page the browser renders itself shows until its script has run (React replaces it on its first render):
 * the words and look of the dashboard's own loading state, instead of a blank screen for the seconds a phone
 * on a mobile network takes to fetch and run the code.
 */
const shellLoading = (path: string) =>
  `<main class="mx-auto max-w-5xl px-4 py-16 text-center text-stone-600" aria-busy="true">${languageOfPath(path) === 'es' ? 'Cargando...' : 'Loading...'}</main>`;

/** The pages a plain POST may be sent back to (their own address); every other path is sent to the home page. */
const FORM_PAGES: ReadonlySet<string> = new Set<string>(
  [...PUBLIC_PAGES, ...PORTAL_PAGES]
    .map((p) => p.path as string)
    .concat(SPANISH_PATHS, ['/parent-login', '/admin/login', '/parent-reset-password', '/es/parent-reset-password']),
);

/** C0 controls and DEL, as they reach a path decoded, or still percent-encoded. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: a path carrying one is refused
const hasControlCharacter = (path: string) => /[\u0000-\u001f\u007f]/.test(path);
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/** Paths that take a file: they get the upload size limit instead of the JSON one. */
const UPLOAD_PATH = /^\/api\/(admin\/pictures|admin\/child-photos|objects\/upload)(\/|$)/;

export interface AppOptions {
  /** The built client (vite build output). Absent in API-only tests. */
  clientDir?: string;
  /** The server render (`npm run build:ssr`); by default `ssr` beside the client's folder. Absent: the app shell. */
  ssrDir?: string;
}

/** The access log's middleware, first in the chain (the response cache's test finds it by this name). */
export const accessLog: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  logAccess(c.req.method, c.req.path, c.res.status, started, fromCache(c));
};

/** The API's 404 for a path it does not have. */
function notFoundJson(c: HonoContext) {
  const { body, headers } = refusalAnswer({ id: 'error.notFound', values: {} });
  return c.json(body, 404, headers);
}

function handleError(err: Error, c: HonoContext) {
  // The API's requests have their context (rest/shim.ts restContext): a parent's refusal is said in their language.
  const { status, body, headers } = errorResponse(err, callerLanguage((c as HonoContext<RestEnv>).get('ctx')));
  if (status >= 500) logger.error({ err, path: loggablePath(c.req.path) }, 'request failed');
  return c.json(body, status as 400, headers);
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const limits = createLimiters();
  // The centre's profile, read once here and again after each change (centre/profile.ts, ADR 090).
  loadCentreProfile(deps.db);
  const clientDir = options.clientDir ?? DEFAULT_CLIENT_DIR;
  const uploadsDir = resolve(deps.config.uploadsDir);
  const app = new Hono();

  app.use('*', accessLog);
  // The response cache (ADR 017): the reads and pages of cache/registry.ts answered from memory until a write, the
  // next day or (a page) the next minute. Only the access log may come before it: whatever else ran first would be
  // skipped by its answers (tests/integration/response-cache.test.ts holds the order).
  app.use('*', responseCache(deps));
  // No page, file or API path holds a control character: such a path (a CR/LF, tab or NUL, raw or encoded) is
  // answered 404 here, before anything could put it in a header such as a redirect's Location.
  app.use('*', async (c, next) =>
    hasControlCharacter(c.req.path) || ENCODED_CONTROL.test(c.req.url.split('?', 1)[0]!) ? notFoundJson(c) : next(),
  );
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Scripts from the site only: no page runs an inline script (pages/document-script.ts, ADR 072).
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The parent portal's service worker (/sw.js) and manifest (ADR 051): the site's own files only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      // Only a site served over https may ask browsers to insist on https; over http (development, a LAN
      // trial) the header would be ignored at best and lock a host name to https at worst.
      strictTransportSecurity: deps.config.secureCookies ? 'max-age=31536000' : false,
      // The app uses none of these; a script that got in could not either.
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        serial: [],
        hid: [],
        midi: [],
        displayCapture: [],
        fullscreen: ['self'],
        browsingTopics: [],
      },
    }),
  );
  app.use('*', compression());

  // Connection: close on both: the refused body is never read, so the connection cannot carry another request.
  // Said in the signed-in parent's language: these answer before the API's context is made.
  const tooLarge = (c: HonoContext, id: 'error.requestTooLarge' | 'error.fileTooLarge') => {
    const { body, headers } = refusalAnswer({ id, values: {} }, callerLanguage({ db: deps.db, auth: requestAuth(deps, c).auth }));
    return c.json(body, 413, { ...headers, Connection: 'close' });
  };
  // By the Content-Length a body says, or counted as it streams (services/body-limit.ts).
  const jsonLimit = limitBody(1024 * 1024, (c) => tooLarge(c, 'error.requestTooLarge'));
  // Connection: close, because the refused body is never read.
  const uploadLimit = limitBody(MAX_UPLOAD_BYTES + 64 * 1024, (c) => tooLarge(c, 'error.fileTooLarge'));
  // GET and HEAD carry no body; asking (hono's bodyLimit reads c.req.raw.body) would build a full Request per call.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : UPLOAD_PATH.test(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next),
  );
  app.use('/api/*', csrfGuard(deps.config.publicUrl));
  app.use('/api/*', contentTypeGuard());
  // API answers depend on who asks (staff see private items): never stored by browsers or proxies. The
  // client keeps its own cache (TanStack Query, docs/product.md §9 times).
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // A body the path never read (a path that takes none, or a refusal before reading) would stay on a kept-alive
  // connection and break the next request on it: such an answer closes the connection instead.
  app.use('/api/*', async (c, next) => {
    await next();
    const sent = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
    if (sent && !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close');
  });

  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      // Batching saves round trips for the dashboard's queries; an unbounded batch would let one request
      // carry thousands of calls. The client's batch link uses the same limit.
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: ({ resHeaders }) => createContext(deps, limits, c, resHeaders),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, path }, 'procedure failed');
      },
    }),
  );

  const api = new Hono<RestEnv>();
  api.use('*', restContext(deps, limits));
  api.route('/', publicRest);
  api.route('/', adminAuthRest);
  api.route('/', adminContentRest);
  api.route('/', adminEnrollmentRest);
  api.route('/', adminGalleryRest);
  api.route('/', communicationsRest);
  api.route('/', paymentsRest);
  api.route('/', billingRest);
  api.route('/', billingReportsRest);
  api.route('/', exportsRest);
  api.route('/', adminDevelopmentRest);
  api.route('/', adminStaffRest);
  api.route('/', adminMfaRest);
  api.route('/', attendanceRest);
  api.route('/', dailyRest);
  api.route('/', parentRest);
  api.route('/', incidentsRest);
  api.route('/', centreRest);
  api.route('/', medicationRest);
  api.route('/', healthRest);
  api.onError(handleError);
  app.route('/api', api);
  app.all('/api/*', (c) => notFoundJson(c));

  // Dotfiles (.gitkeep, an editor's .swp, anything hidden) are never served, at any depth.
  app.use('/uploads/*', async (c, next) => (/\/\./.test(c.req.path) ? c.text('Not found', 404) : next()));
  app.use(
    '/uploads/*',
    serveStatic({
      root: uploadsDir,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
      onFound: (_p, c) => {
        // Short: a picture staff delete (a family may ask) should leave browsers' caches soon. The centre's logo is
        // the exception: every upload is a new address (centre/logo.ts), so the one the pages name is kept a year.
        c.header('Cache-Control', c.req.path === centreProfile().logo ? 'public, max-age=31536000, immutable' : 'public, max-age=600');
        c.header('X-Content-Type-Options', 'nosniff');
      },
    }),
  );
  app.all('/uploads/*', (c) => c.text('Not found', 404));

  // For search engines (ADR 011): from shared/public-pages.ts, never the app's HTML.
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(origin));
  });
  app.get('/sitemap.xml', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(origin), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });

  // The parent portal's manifest (ADR 051); its icons and /sw.js are files of the client build.
  pwaRoutes(app);

  // The built single-page app: hashed assets cached for a year, every other path answered by index.html
  // with that page's head. index.html itself is never served as a file: it is the template.
  // (API-only tests build the app without a client.)
  if (existsSync(clientDir)) {
    const staticFiles = serveStatic({
      root: clientDir,
      // The build writes .br and .gz beside each text asset (scripts/precompress.mjs): served as they are,
      // compressed once at the highest level instead of on every request.
      precompressed: true,
      onFound: (path, c) => {
        c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Folders and .html are pages; dotfiles (the build's .vite/manifest.json) are not served.
    app.use('/*', (c, next) => (/\/$|\.html$|\/\./.test(c.req.path) ? next() : staticFiles(c, next)));
  }
  // The form pages (/enrollment, /parent-login): rendered per request, and their forms posted (ADR 037).
  app.route('/', formPages(deps, limits, { clientDir, ssrDir: options.ssrDir ?? resolve(clientDir, '../ssr') }));
  const { renderPage, renderSignedIn } = createPageRenderer(deps, limits, options.ssrDir ?? resolve(clientDir, '../ssr'));
  // Every coupling to the build is checked here, at start, and stops the server loudly (ADR 018): the manifest's
  // keys and the router's chunk naming (pages/preload.ts), each document page's own script, and how index.html
  // names the main script (pages/document-script.ts).
  const routePreloads = createRoutePreloads(clientDir);
  const ownScripts = new Map([...DOCUMENT_PAGES].map(([path, entry]) => [path, entryFiles(clientDir, entry)]));
  const notFoundScript = entryFiles(clientDir, NOT_FOUND_SCRIPT);
  const readTemplate = () => {
    const file = resolve(clientDir, 'index.html');
    if (!existsSync(file)) return null;
    const html = readFileSync(file, 'utf8');
    mainScript(html);
    return html;
  };
  let indexHtml: string | null = readTemplate();
  app.get('*', async (c) => {
    // (A build made after the server started is read on the first request.)
    indexHtml ??= readTemplate();
    if (indexHtml === null) return c.text('The client is not built. Run `npm run build`.', 503);
    // The first start's setup page (ADR 091) is kept by no cache at all: its link is a key to the whole centre.
    c.header('Cache-Control', c.req.path === SETUP_PAGE ? 'no-store' : 'no-cache');
    const head = headTags(c.req.path, origin);
    const preloads = routePreloads(c.req.path);
    const template = withPageLanguage(indexHtml, c.req.path).replace('<!--app-head-->', () => head);
    // The public pages and the not-found page are documents the app never hydrates (ADR 016, ADR 018, ADR 072): each
    // names only its own small script, in its head, and carries no data to hydrate from (an address no route answers
    // has the home page's script; renderPage draws it only when it is the not-found page). The parent's dashboard
    // keeps the app's script in the head: its visitors come back daily with the scripts in their browser's cache.
    const ownScript = ownScripts.get(c.req.path) ?? notFoundScript;
    const rendered =
      (await renderSignedIn(c, template)) ?? (ownScript.length ? await renderPage(c, withOwnScript(template, ownScript)) : null);
    if (rendered) return rendered;
    // A page the browser renders itself (the signed-in areas) shows nothing until its route's code has run: that
    // code is asked for at once, beside the main script. Before the main script and the stylesheet: measured
    // both ways with Lighthouse's phone profile, the pages' largest paint came 0.3 s sooner this way (the
    // route's chunks are what the first render waits for last).
    const tags = modulePreloadTags(preloads);
    // A page under /es (the Spanish reset-password page) says its language and its 'Loading...' in Spanish.
    const shell = withPageLanguage(indexHtml, c.req.path).replace('<!--app-head-->', () => (tags ? `${head}\n    ${tags}` : head));
    if (languageOfPath(c.req.path) === 'es') c.header('Content-Language', 'es');
    return c.html(shell.replace('<div id="root"></div>', () => `<div id="root">${shellLoading(c.req.path)}</div>`));
  });
  // A page's form sent before its scripts ran (a slow phone, JavaScript off) arrives here as a plain POST: the
  // forms say method="post" so a family's answers never land in the address bar or a log as a query string.
  // The app reads forms only as JSON from its scripts, so the browser is sent back to the page (the body is
  // never read: Connection: close, so it cannot spill into the next request on the connection).
  // Only to one of the site's own pages, named in FORM_PAGES; any other path goes to the home page, so the
  // path a client sent never becomes a Location (a tab or a backslash there made browsers leave the site).
  app.post('*', (c) => {
    c.header('Connection', 'close');
    return c.redirect(FORM_PAGES.has(c.req.path) ? c.req.path : '/', 303);
  });
  app.notFound((c) => notFoundJson(c));
  app.onError(handleError);
  return Object.assign(app, {
    /** The app's limiters (their state is what bench:abuse and the tests look at). */
    limits,
  });
}

export type App = ReturnType<typeof createApp>;
