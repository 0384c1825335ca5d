/**
 * How a page the server renders names its script (ADR 016, ADR 018, ADR 072): every page the server renders (the
 * public pages, the form pages and the not-found page) is a document with a small script of its own in its head,
 * in place of the app's main script; no page is hydrated by the app, so no inline script runs and the CSP allows
 * scripts from the site only.
 */
import { modulePreloadTags } from './preload';
import { escapeHtml } from './seo';
import { DOCUMENT_PAGES, NOT_FOUND_SCRIPT } from './document-pages';

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
      'The built index.html has no `<script type="module" crossorigin src="...">` before `</body>` as pages/document-script.ts expects (MAIN_SCRIPT): the build changed how it names the main script. Update pages/document-script.ts.',
    );
  }
  return [main[0], main[1]!];
}

export { DOCUMENT_PAGES, NOT_FOUND_SCRIPT };

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
