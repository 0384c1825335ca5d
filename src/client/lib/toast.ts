import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { TOAST_AREA } from './toast-area';

export interface ToastContent {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Where the toast goes: away from the control that was just used (set by `toast`). */
  place?: ToastPlace;
}

/** The window's top or bottom edge, with the distance that keeps the toast clear of the bars fixed there. */
export interface ToastPlace {
  edge: 'top' | 'bottom';
  offset: number;
}

const GAP = 8;

type Box = { top: number; bottom: number };
const onScreen = (r: DOMRect | undefined, height: number): r is DOMRect => !!r && r.height > 0 && r.bottom > 0 && r.top < height;
const overlaps = (a: Box, b: Box) => a.top < b.bottom && b.top < a.bottom;

/**
 * Away from the control just used (the focused element, as a click or a tap focuses it): a control in the lower
 * half sends the toast to the top, otherwise to the bottom. At the top it starts below the page's header while
 * the header is on screen (its buttons are the page's main actions), and below a tab bar under it (a phone's
 * dashboard at its top: the tabs are how a person goes on); at the bottom, above a bar fixed there and above a tab
 * bar there. When that edge would cover a control used just before (the child's In button that opened the check-in
 * dialog whose button was the last one used), the other edge is taken if it covers none of them (ADR 081).
 */
export function placeAwayFrom(used: Element | null, before: Element[] = []): ToastPlace {
  const height = window.innerHeight;
  const rect = used && used !== document.body ? used.getBoundingClientRect() : null;
  const middle = rect ? (rect.top + rect.bottom) / 2 : 0;
  const tabBars = [...document.querySelectorAll('[role="tablist"]')]
    .map((t) => t.getBoundingClientRect())
    .filter((r) => onScreen(r, height));

  const header = document.querySelector('body > * header, header')?.getBoundingClientRect();
  let top = Math.max(GAP, (header?.bottom ?? 0) + GAP);
  for (const bar of tabBars) if (overlaps(bar, { top, bottom: top + TOAST_AREA })) top = Math.max(top, bar.bottom + GAP);

  const bar = document.querySelector('nav[aria-label="Call or apply"]')?.getBoundingClientRect();
  let bottom = (bar && bar.height > 0 && bar.top < height ? height - bar.top : 0) + GAP;
  for (const tabs of tabBars)
    if (overlaps(tabs, { top: height - bottom - TOAST_AREA, bottom: height - bottom })) bottom = Math.max(bottom, height - tabs.top + GAP);

  const zones = { top: { top, bottom: top + TOAST_AREA }, bottom: { top: height - bottom - TOAST_AREA, bottom: height - bottom } };
  const first: 'top' | 'bottom' = rect && middle > height / 2 ? 'top' : 'bottom';
  const other = first === 'top' ? 'bottom' : 'top';
  const earlier = before.map((el) => el.getBoundingClientRect()).filter((r) => onScreen(r, height));
  const clear = (edge: 'top' | 'bottom') => !earlier.some((r) => overlaps(r, zones[edge])) && !(rect && overlaps(rect, zones[edge]));
  const edge = !clear(first) && clear(other) ? other : first;
  return { edge, offset: edge === 'top' ? top : bottom };
}

/** docs/product.md §9: one toast at a time, shown for 5000 ms. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 1 });

/**
 * The controls used last (pressed or focused), newest first. Focus alone is not enough: a control disabled while
 * its request runs (a status picker) has lost focus to the page by the time its toast comes; a picker's option is
 * gone once chosen, so the newest one still on the page counts.
 */
const recentlyUsed: Element[] = [];
function remember(e: Event) {
  if (!(e.target instanceof Element)) return;
  recentlyUsed.unshift(e.target);
  recentlyUsed.length = Math.min(recentlyUsed.length, 4);
}
// From the moment a page that can show toasts loads: the Toaster itself is loaded with the first toast, too late.
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', remember, true);
  document.addEventListener('focusin', remember, true);
}
function usedControls(): Element[] {
  const shown = (el: Element | null): el is Element => {
    if (!el || el === document.body || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  return [...new Set([document.activeElement, ...recentlyUsed])].filter(shown);
}

/** Shows a toast, replacing the one on screen (the newest message is the one that matters). */
export function toast(content: ToastContent): void {
  for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  const used = typeof document === 'undefined' ? [] : usedControls();
  const place = content.place ?? (typeof document === 'undefined' ? undefined : placeAwayFrom(used[0] ?? null, used.slice(1)));
  toastQueue.add({ ...content, place }, { timeout: 5000 });
}
