import { type PointerEvent, useRef } from 'react';

/** docs/product.md §9: toasts are swiped away to the right, past 50 px. */
export const SWIPE_THRESHOLD = 50;

/**
 * Pointer handlers that let a person swipe an element to the right to dismiss it (finger, pen or mouse). The
 * element follows the pointer while it moves; released past `threshold` px it is dismissed, otherwise it
 * springs back. Presses on its buttons are left alone. The position is set through the CSSOM (`style.transform`),
 * which a Content-Security-Policy without 'unsafe-inline' styles allows. Give the element `touch-action: pan-y`
 * so a sideways swipe reaches these handlers instead of scrolling the page.
 */
export function useSwipeDismiss(onDismiss: () => void, threshold = SWIPE_THRESHOLD) {
  const start = useRef<{ pointerId: number; x: number } | null>(null);

  function release(el: HTMLElement) {
    start.current = null;
    el.style.transform = '';
  }

  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.button !== 0 || (e.target as Element).closest('button, a')) return;
      start.current = { pointerId: e.pointerId, x: e.clientX };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      if (start.current?.pointerId !== e.pointerId) return;
      e.currentTarget.style.transform = `translateX(${Math.max(0, e.clientX - start.current.x)}px)`;
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      if (start.current?.pointerId !== e.pointerId) return;
      const distance = e.clientX - start.current.x;
      release(e.currentTarget);
      if (distance >= threshold) onDismiss();
    },
    onPointerCancel(e: PointerEvent<HTMLElement>) {
      release(e.currentTarget);
    },
  };
}
