import { createHash } from 'node:crypto';
import { modulePreloadTags } from './preload';
import { escapeHtml } from './seo';

/**
 * How a public page the server draws starts its scripts (ADR 011, third addendum): after its first paint, and
 * then all of them at once.
 *
 * The page is readable before any script runs. Named in the head, the main script (and everything it imports,
 * found one round trip after another) was fetched while the browser still waited for the stylesheet, sharing a
 * phone's slow connection with what the first paint needs: on Lighthouse's phone profile the largest paint of
 * `/events` and the sign-in came at 2.1-2.2 s, of `/` at 1.6-1.9 s; started after it, at 0.75-0.9 s.
 * Then every chunk the page needs is asked for together (modulepreload), instead of in the chain of round trips
 * the imports make (on a slow 3G phone the sign-in's button waited 5 s for its files to arrive one after another).
 *
 * - A classic inline script at the end of the body, so it reads its own data attributes (`currentScript`) and
 *   runs once the page is parsed; the CSP allows exactly this text by its hash (`BOOT_SCRIPT_CSP`).
 * - Started by the browser's first-contentful-paint entry, which is recorded once the paint is on screen (two
 *   animation frames, where the browser has no paint timing, came up to 2 ms before it in Chromium). A page
 *   opened in a background tab paints nothing until shown, so it starts at once; one hidden before its paint
 *   starts then; and whatever happens, it starts after 5 s.
 * - The main script first, then the preloads one at a time, a task each (ADR 011, fourth addendum): each costs a
 *   few milliseconds (one took 14 ms of a desktop's CPU in Lighthouse's trace), and 28 in one go made a task
 *   long enough to hold up a tap; four at a time still made tasks of 60-130 ms on Lighthouse's phone.
 */
export const BOOT_SCRIPT = `(function () {
  var data = document.currentScript.dataset, started = false;
  function preload(hrefs) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = hrefs[0];
    document.head.appendChild(link);
    if (hrefs.length > 1) setTimeout(preload, 0, hrefs.slice(1));
  }
  function start() {
    if (started) return;
    started = true;
    import(data.entry);
    var hrefs = data.preload.split(' ').filter(Boolean);
    if (hrefs.length) setTimeout(preload, 0, hrefs);
  }
  if (document.visibilityState !== 'visible') return start();
  document.addEventListener('visibilitychange', start);
  setTimeout(start, 5000);
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) return requestAnimationFrame(function () { requestAnimationFrame(start); });
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
})();`;

/** The CSP source that allows the boot script and no other inline script. */
export const BOOT_SCRIPT_CSP = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The main script as Vite's index.html names it. */
const MAIN_SCRIPT = /[ \t]*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\n?/;

/**
 * `template` (index.html with a page's head) with its main script started by the boot script after the first
 * paint, and `preloads` (the page's other chunks) asked for with it. A template without the main script is
 * returned as it is.
 */
export function startAfterFirstPaint(template: string, preloads: readonly string[]): string {
  const main = MAIN_SCRIPT.exec(template);
  if (!main || !template.includes('</body>')) return template;
  const boot = `<script data-entry="${escapeHtml(main[1]!)}" data-preload="${escapeHtml(preloads.join(' '))}">${BOOT_SCRIPT}</script>`;
  return template.replace(main[0], '').replace('</body>', () => `  ${boot}\n  </body>`);
}

/**
 * The public pages served as documents (ADR 016), each with its own script: an entry of the client build beside
 * the app (`vite.config.ts`). Drawn by the server and never adopted by the app, they load only that script and
 * carry none of the data a page is hydrated from. The home page: what it does without React is a phone menu and
 * section links (`client/lib/document-behaviour.ts`), and its other links are plain links to pages the server
 * draws.
 */
export const DOCUMENT_PAGES: ReadonlyMap<string, string> = new Map([
  ['/', 'home.ts'],
  // The form pages, drawn per request with what was typed (pages/forms.ts, ADR 017).
  ['/enrollment', 'pages/enrollment.ts'],
  ['/parent-login', 'pages/parent-login.ts'],
]);

/**
 * `template` with the app's main script replaced by a page's own script, `files[0]`, named in the head with the
 * modules it imports (the rest) preloaded beside it. A module script does not hold up the first paint, and at
 * 0.7 KB it is there by then: started after the paint instead (as the app is on the other pages), on a slow
 * phone (400 ms round trips) the Menu did nothing for the 0.7 s after the page appeared, while Lighthouse put the
 * largest paint only 0.15 s sooner (0.88 s against 1.03 s). Returned as it is when it has no main script.
 */
export function withOwnScript(template: string, files: readonly string[]): string {
  const main = MAIN_SCRIPT.exec(template);
  if (!main || !files.length) return template;
  const [own, ...imports] = files;
  const script = `<script type="module" crossorigin src="${escapeHtml(own!)}"></script>`;
  return template.replace(main[0], () => `    ${[script, modulePreloadTags(imports)].filter(Boolean).join('\n    ')}\n`);
}
