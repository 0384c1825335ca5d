import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

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

/**
 * Away from the control just used (the focused element, as a click or a tap focuses it): a control in the lower
 * half sends the toast to the top, otherwise to the bottom. At the top it starts below the page's header while
 * the header is on screen (its buttons are the page's main actions); at the bottom, above a bar fixed there.
 */
export function placeAwayFrom(used: Element | null): ToastPlace {
  const height = window.innerHeight;
  const rect = used && used !== document.body ? used.getBoundingClientRect() : null;
  const middle = rect ? (rect.top + rect.bottom) / 2 : 0;
  if (rect && middle > height / 2) {
    const header = document.querySelector('body > * header, header')?.getBoundingClientRect();
    return { edge: 'top', offset: Math.max(GAP, (header?.bottom ?? 0) + GAP) };
  }
  const bar = document.querySelector('nav[aria-label="Call or apply"]')?.getBoundingClientRect();
  const barHeight = bar && bar.height > 0 && bar.top < height ? height - bar.top : 0;
  return { edge: 'bottom', offset: barHeight + GAP };
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
function lastUsedControl(): Element | null {
  const onScreen = (el: Element | null): el is Element => {
    if (!el || el === document.body || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  return [document.activeElement, ...recentlyUsed].find(onScreen) ?? null;
}

/** Shows a toast, replacing the one on screen (the newest message is the one that matters). */
export function toast(content: ToastContent): void {
  for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  const place = content.place ?? (typeof document === 'undefined' ? undefined : placeAwayFrom(lastUsedControl()));
  toastQueue.add({ ...content, place }, { timeout: 5000 });
}
