import { createHash } from 'node:crypto';
import { modulePreloadTags } from './preload';
import { escapeHtml } from './seo';
import { DOCUMENT_PAGES } from './document-pages';

/**
 * How a page the server renders and the app hydrates (the not-found page; the public pages are documents with
 * their own scripts, ADR 018) starts its scripts (ADR 024): after its first paint, and then all of them at once.
 *
 * The page is readable before any script runs. Named in the head, the main script (and everything it imports,
 * found one round trip after another) would share a phone's slow connection with what the first paint needs.
 * Then every chunk the page needs is asked for together (modulepreload), instead of in the chain of round trips
 * the imports make.
 *
 * - A classic inline script at the end of the body, so it reads its own data attributes (`currentScript`) and
 *   runs once the page is parsed; the CSP allows exactly this text by its hash (`BOOT_SCRIPT_CSP`).
 * - Started by the browser's first-contentful-paint entry, which is recorded once the paint is on screen (two
 *   animation frames where the browser has no paint timing). A page opened in a background tab paints nothing
 *   until shown, so it starts at once; one hidden before its paint starts then; and whatever happens, it starts
 *   after 5 s.
 */
export const BOOT_SCRIPT = `(function () {
  var data = document.currentScript.dataset, started = false;
  function start() {
    if (started) return;
    started = true;
    import(data.entry);
    data.preload.split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
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
 * The built index.html's main script, `[tag, src]`. Throws when the build no longer writes it the way
 * `MAIN_SCRIPT` reads it (a Vite upgrade): every page would otherwise be served without its scripts, silently.
 * The server checks its template once, when it reads it (app.ts).
 */
export function mainScript(template: string): [tag: string, src: string] {
  const main = MAIN_SCRIPT.exec(template);
  if (!main || !template.includes('</body>')) {
    throw new Error(
      'The built index.html has no `<script type="module" crossorigin src="...">` before `</body>` as pages/boot.ts expects (MAIN_SCRIPT): the build changed how it names the main script. Update pages/boot.ts.',
    );
  }
  return [main[0], main[1]!];
}

/**
 * `template` (index.html with a page's head) with its main script started by the boot script after the first
 * paint, and `preloads` (the page's other chunks) asked for with it.
 */
export function startAfterFirstPaint(template: string, preloads: readonly string[]): string {
  const [tag, src] = mainScript(template);
  const boot = `<script data-entry="${escapeHtml(src)}" data-preload="${escapeHtml(preloads.join(' '))}">${BOOT_SCRIPT}</script>`;
  return template.replace(tag, '').replace('</body>', () => `  ${boot}\n  </body>`);
}

export { DOCUMENT_PAGES };

/**
 * `template` with the app's main script replaced by a document page's own script, `files[0]`, named in the head
 * with the modules it imports (the rest) preloaded beside it. A module script does not hold up the first paint,
 * and a small one has run by then, so the page answers a tap as soon as it shows (ADR 016).
 */
export function withOwnScript(template: string, files: readonly string[]): string {
  const [tag] = mainScript(template);
  const [own, ...imports] = files;
  if (!own) throw new Error('A document page needs its own script: none was given (pages/preload.ts, entryFiles).');
  const script = `<script type="module" crossorigin src="${escapeHtml(own)}"></script>`;
  return template.replace(tag, () => `    ${[script, modulePreloadTags(imports)].filter(Boolean).join('\n    ')}\n`);
}
