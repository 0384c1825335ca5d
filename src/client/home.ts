/**
 * The home page's only script (ADR 016). The server renders the home page and no framework script hydrates it: what
 * it does is a phone menu and two kinds of section links, and every other link is a plain link to a page the
 * server renders too. A family reading about the centre on a phone downloads about 1 KB of script here instead of
 * the app's 141 KB, which loads with the next page they open.
 */
import { listenForDocumentBehaviour } from './lib/document-behaviour';

listenForDocumentBehaviour();
// The page answers taps now (browser tests wait for this after each page load, as for the app: tests/e2e/fixtures.ts).
document.documentElement.dataset.appReady = 'true';
