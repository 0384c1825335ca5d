/**
 * The events page's own script (ADR 018). The server renders `/events` as a document: its calendar's days and
 * month arrows are links that the server answers with that day or month, so the page works before and without
 * this script. With it: the arrow keys move between days (components/events/calendar-keys.ts), and following a
 * day or a month shows it in place, without a page load (lib/document-swap.ts); plus the phone menu every
 * page has (lib/document-behaviour.ts).
 */
import { listenToCalendarKeys } from './components/events/calendar-keys';
import { listenForDocumentBehaviour } from './lib/document-behaviour';
import { listenToSwapLinks } from './lib/document-swap';

listenForDocumentBehaviour();
listenToCalendarKeys(document);
listenToSwapLinks(document);
// The page answers taps now (browser tests wait for this after each page load: tests/e2e/fixtures.ts).
document.documentElement.dataset.appReady = 'true';
