/**
 * Moving within a page served as a document without a page load (ADR 018): a link or form of the page that
 * changes only its own view (a calendar day, a month, the milestones' filters) is followed by asking the server
 * for that address's document and putting its content (`#main`) in place of the page's, with the address in the
 * history. The server renders every such address anyway (the links work without scripts), so this is only the
 * quicker way to show it: the header, the scripts and the scroll position stay. Anything unexpected (a network
 * error, an answer that is not the page) falls back to loading the address the ordinary way.
 */
import { bringIntoView } from './bring-into-view';

const CONTENT = '#main';
let latest = 0;

/**
 * Shows `url`'s content in place of the page's. `push`: a new history entry (a link followed), or not (Back and
 * Forward, already in the history). Then focuses the element of the new content whose `data-swap` is `focusKey`,
 * if any, so the keyboard stays where it was.
 */
export async function showPage(
  url: string,
  { push, focusKey, reveal }: { push: boolean; focusKey?: string; reveal?: string },
): Promise<void> {
  const request = ++latest;
  let html: string;
  try {
    const res = await fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
    if (!res.ok || !res.headers.get('content-type')?.includes('text/html')) throw new Error(`${res.status}`);
    html = await res.text();
  } catch {
    if (request === latest) window.location.assign(url);
    return;
  }
  // A later click won: its answer is the one to show.
  if (request !== latest) return;
  const next = new DOMParser().parseFromString(html, 'text/html');
  const content = next.querySelector(CONTENT);
  const current = document.querySelector(CONTENT);
  if (!content || !current) return window.location.assign(url);
  if (push) history.pushState({ swapped: true }, '', url);
  // A copy of the list first: moving a node out of the parsed document shortens its live list.
  current.replaceChildren(...Array.from(content.childNodes));
  if (next.title) document.title = next.title;
  if (focusKey) current.querySelector<HTMLElement>(`[data-swap="${CSS.escape(focusKey)}"]`)?.focus();
  // What a link's fragment names (a calendar day's `#day-events`), as the browser does when the link loads the page.
  if (reveal) bringIntoView(document.getElementById(reveal));
  announce(current);
}

/**
 * The page's live regions (`aria-live`: the calendar's month, the selected day's events) are new elements after a
 * swap, which screen readers do not announce; what they say (their heading) is said through one status region
 * that stays, instead.
 */
function announce(content: Element): void {
  const said = Array.from(content.querySelectorAll('[aria-live]'), (region) =>
    (region.matches('h1, h2, h3') ? region : region.querySelector('h1, h2, h3'))?.textContent?.trim(),
  ).filter(Boolean);
  if (!said.length) return;
  let status = document.querySelector<HTMLElement>('[data-swap-status]');
  if (!status) {
    status = Object.assign(document.createElement('div'), { role: 'status', className: 'sr-only' });
    status.dataset.swapStatus = '';
    document.body.append(status);
  }
  status.textContent = said.join('. ');
}

const plainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Follows, in place, every link marked `data-swap` (its value names the element to focus after) that leads to
 * this same page, and shows the right content on Back and Forward. Call once per document.
 */
export function listenToSwapLinks(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-swap][href]') : null;
    if (!link || !plainClick(event) || link.target) return;
    const url = new URL(link.href, doc.baseURI);
    if (url.origin !== location.origin || url.pathname !== location.pathname) return;
    event.preventDefault();
    // A tap or a click, not the keyboard's Enter (a click of detail 0), whose focus stays on the calendar's day.
    const reveal = event.detail > 0 && url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined;
    void showPage(url.href, { push: true, focusKey: link.dataset.swap, reveal });
  });
  watchHistory(doc);
}

const watched = new WeakSet<Document>();

/** Back and Forward between the entries this page added show their content in place too. */
function watchHistory(doc: Document): void {
  if (watched.has(doc)) return;
  watched.add(doc);
  // The entry this page was loaded as gets a state too, so Back to it is shown in place as well.
  if (history.state === null) history.replaceState({ swapped: true }, '');
  doc.defaultView?.addEventListener('popstate', (event) => {
    if (event.state?.swapped) void showPage(location.href, { push: false });
  });
}

/**
 * A GET form marked `data-swap-form` (the milestones' filters) is sent in place: when sent, and as soon as one of
 * its selects changes. Call once per document.
 */
export function listenToSwapForms(doc: Document): void {
  const send = (form: HTMLFormElement, focusKey?: string) => {
    const url = new URL(form.action, doc.baseURI);
    url.search = new URLSearchParams(Array.from(new FormData(form), ([k, v]) => [k, String(v)]).filter(([, v]) => v !== '')).toString();
    void showPage(url.href, { push: true, focusKey });
  };
  doc.addEventListener('submit', (event) => {
    const form = event.target instanceof HTMLFormElement && event.target.matches('form[data-swap-form]') ? event.target : null;
    if (!form || event.defaultPrevented) return;
    event.preventDefault();
    send(form);
  });
  doc.addEventListener('change', (event) => {
    const field = event.target instanceof HTMLSelectElement ? event.target : null;
    const form = field?.closest<HTMLFormElement>('form[data-swap-form]');
    if (field && form) send(form, field.dataset.swap);
  });
  watchHistory(doc);
}
