/**
 * The calendar's keys, in plain DOM, listened for on the document (ADR 018): the same code on `/events` served as
 * a document and on the page the app renders. The days are links (`a[data-day]` in `[data-calendar]`), so Tab and
 * Enter work without any script; with it, the arrow keys move between days, Home/End go to the week's ends and
 * Page Up/Down to the same day of the next or previous month. A day outside the month on show is reached through
 * the month's own link (`[data-month-step]`): the next month is shown however the page shows it (the document's
 * script or the app's router), then the day is focused once it is there.
 */

/** `YYYY-MM-DD` moved by `days`, or to the same day `months` away (clamped to the month's last day). */
export function moveDay(day: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastOfMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, lastOfMonth) + days);
  return date.toISOString().slice(0, 10);
}

/** Where a key takes the focus from `day`, or null for a key the calendar leaves alone. */
export function dayForKey(day: string, key: string): string | null {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  switch (key) {
    case 'ArrowLeft':
      return moveDay(day, { days: -1 });
    case 'ArrowRight':
      return moveDay(day, { days: 1 });
    case 'ArrowUp':
      return moveDay(day, { days: -7 });
    case 'ArrowDown':
      return moveDay(day, { days: 7 });
    case 'Home':
      return moveDay(day, { days: -weekday });
    case 'End':
      return moveDay(day, { days: 6 - weekday });
    case 'PageUp':
      return moveDay(day, { months: -1 });
    case 'PageDown':
      return moveDay(day, { months: 1 });
    default:
      return null;
  }
}

/** How long a day in another month may take to be shown before the calendar stops waiting to focus it. */
const FOCUS_WAIT_MS = 10_000;

/** Listens on `doc` for the calendar's keys. Call once per document. */
export function listenToCalendarKeys(doc: Document): void {
  let waiting: MutationObserver | null = null;
  doc.addEventListener('keydown', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-calendar] a[data-day]') : null;
    const from = link?.dataset.day;
    if (!from || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const to = dayForKey(from, event.key);
    if (!to) return;
    event.preventDefault();
    const calendar = link.closest('[data-calendar]')!;
    const target = calendar.querySelector<HTMLAnchorElement>(`a[data-day="${to}"]`);
    if (target) return target.focus();
    // Another month: show it, then focus the day as soon as it is rendered.
    waiting?.disconnect();
    const observer = new MutationObserver(() => {
      const rendered = doc.querySelector<HTMLAnchorElement>(`[data-calendar] a[data-day="${to}"]`);
      if (!rendered) return;
      observer.disconnect();
      rendered.focus();
    });
    waiting = observer;
    observer.observe(doc.body, { childList: true, subtree: true });
    setTimeout(() => observer.disconnect(), FOCUS_WAIT_MS);
    calendar.querySelector<HTMLAnchorElement>(`[data-month-step="${to < from ? -1 : 1}"]`)?.click();
  });
}
