import { type RefObject, useEffect, useEffectEvent } from 'react';

/** How long a text stays on screen before it counts as read: a glance while scrolling past does not. */
export const SEEN_AFTER_MS = 1500;

/**
 * Calls `onSeen` once, when the element has been at least half in view (inside its scrolling list and the
 * window, with the page visible) for SEEN_AFTER_MS without a break. Messages count as read this way, not only
 * after a button press.
 */
export function useSeenOnScreen(ref: RefObject<Element | null>, onSeen: () => void, enabled: boolean) {
  // The latest `onSeen` when the time comes, without restarting the watch each render.
  const seen = useEffectEvent(onSeen);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inView = false;
    let done = false;
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const start = () => {
      if (done || timer !== undefined || !inView || document.visibilityState !== 'visible') return;
      timer = setTimeout(() => {
        done = true;
        observer.disconnect();
        seen();
      }, SEEN_AFTER_MS);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        // Half of a long message may be more than the window holds: "half in view" or "filling the view".
        inView =
          !!entry && entry.isIntersecting && (entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= window.innerHeight * 0.5);
        if (inView) start();
        else stop();
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    observer.observe(element);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ref, enabled]);
}
