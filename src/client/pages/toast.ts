/**
 * The toasts of docs/product.md §8 for the pages the app does not run (ADR 037), in plain DOM: the same look, place and
 * behaviour as the app's (components/ui/Toaster.tsx): one at a time (§9), 5000 ms (held while pointed at or
 * focused), closed by its button, Escape, or a swipe to the right past 50 px; F8 moves focus to it. The region is
 * a live region, there from the start, so screen readers hear each toast as it appears.
 */
export interface ToastContent {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const DURATION_MS = 5000;
const SWIPE_THRESHOLD = 50;

let region: HTMLElement | null = null;
/** The toasts' own words, in the page's language, from the catalogue the page carries. */
let labels: { region: string; close: string } = { region: '', close: '' };

/**
 * Sets the toasts' words (the page's script, as it starts, from the words the server wrote into the page) and puts
 * the live region in the page, named in them: one added together with its first toast is often not read.
 */
export function setToastLabels(next: { region: string; close: string }): void {
  labels = next;
  setUp();
  region!.setAttribute('aria-label', labels.region);
}
let current: { el: HTMLElement; timer: number | undefined; left: number } | null = null;
let ids = 0;

function setUp(): void {
  if (region) return;
  region = document.createElement('section');
  region.setAttribute('aria-label', labels.region);
  region.setAttribute('aria-live', 'polite');
  region.className =
    'fixed inset-x-2 top-2 z-[60] flex flex-col gap-2 outline-none sm:inset-x-auto sm:top-auto sm:bottom-4 sm:left-4 sm:w-96';
  document.body.append(region);
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'F8' || !current) return;
    e.preventDefault();
    current.el.focus();
  });
}

export function closeToast(): void {
  if (!current) return;
  window.clearTimeout(current.timer);
  current.el.remove();
  current = null;
}

function schedule(): void {
  if (!current) return;
  const started = Date.now();
  const toast = current;
  toast.timer = window.setTimeout(closeToast, toast.left);
  toast.el.dataset.started = String(started);
}

function pause(): void {
  if (!current || current.timer === undefined) return;
  window.clearTimeout(current.timer);
  current.timer = undefined;
  current.left = Math.max(1000, current.left - (Date.now() - Number(current.el.dataset.started)));
}

/** Shows a toast, replacing the one on screen (the newest message is the one that matters). */
export function toast({ title, description, variant = 'default' }: ToastContent): void {
  setUp();
  closeToast();
  const id = `toast-${++ids}`;
  const el = document.createElement('div');
  el.setAttribute('role', 'alertdialog');
  el.setAttribute('aria-labelledby', `${id}-title`);
  if (description) el.setAttribute('aria-describedby', `${id}-description`);
  el.tabIndex = 0;
  el.className = `flex touch-pan-y items-start gap-3 rounded-xl border p-4 shadow-lg outline-none select-none focus-visible:ring-3 focus-visible:ring-brand-500/50 ${
    variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-900' : 'border-stone-200 bg-white text-stone-900'
  }`;
  const content = document.createElement('div');
  content.className = 'flex min-w-0 flex-1 flex-col gap-0.5';
  const heading = document.createElement('div');
  heading.id = `${id}-title`;
  heading.className = 'font-semibold';
  heading.textContent = title;
  content.append(heading);
  if (description) {
    const text = document.createElement('div');
    text.id = `${id}-description`;
    text.className = 'text-sm opacity-90';
    text.textContent = description;
    content.append(text);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', labels.close);
  close.className =
    '-m-2.5 flex size-11 shrink-0 items-center justify-center rounded-md outline-none hover:bg-black/5 focus-visible:ring-3 focus-visible:ring-brand-500/50';
  close.innerHTML =
    '<svg aria-hidden="true" class="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  close.addEventListener('click', closeToast);
  el.append(content, close);
  el.addEventListener('keydown', (e) => e.key === 'Escape' && closeToast());
  el.addEventListener('pointerenter', pause);
  el.addEventListener('pointerleave', schedule);
  el.addEventListener('focusin', pause);
  el.addEventListener('focusout', schedule);
  swipeToDismiss(el);
  region!.append(el);
  current = { el, timer: undefined, left: DURATION_MS };
  schedule();
}

/** A swipe to the right past the threshold closes it; a shorter one (or to the left) springs back. */
function swipeToDismiss(el: HTMLElement): void {
  let start: { pointerId: number; x: number } | null = null;
  const release = () => {
    start = null;
    el.style.transform = '';
  };
  el.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || (e.target as Element).closest('button, a')) return;
    start = { pointerId: e.pointerId, x: e.clientX };
    el.setPointerCapture?.(e.pointerId);
  });
  el.addEventListener('pointermove', (e) => {
    if (start?.pointerId === e.pointerId) el.style.transform = `translateX(${Math.max(0, e.clientX - start.x)}px)`;
  });
  el.addEventListener('pointerup', (e) => {
    if (start?.pointerId !== e.pointerId) return;
    const distance = e.clientX - start.x;
    release();
    if (distance >= SWIPE_THRESHOLD) closeToast();
  });
  el.addEventListener('pointercancel', release);
}
