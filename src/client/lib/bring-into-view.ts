/**
 * Brings `target` into view as the browser does for a link's fragment, but only when it is not in view already
 * (a phone, where the selected day's list is below the calendar). Shared by the documents' in-place swap
 * (document-swap.ts) and the app's own calendar (EventsPage), so a day tapped shows its list alike in both.
 */
export function bringIntoView(target: HTMLElement | null): void {
  const top = target?.getBoundingClientRect().top;
  if (target && top !== undefined && (top < 0 || top > window.innerHeight * 0.75)) target.scrollIntoView({ block: 'start' });
}
