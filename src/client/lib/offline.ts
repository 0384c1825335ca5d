import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { PERSONAL_PREFIX, type ToWorker } from '../sw/rules';

/**
 * The parent portal's side of its service worker (ADR 051) that the dashboard's first load needs: whether the
 * browser is online, and forgetting every personal copy on sign-out. Registering the worker is in
 * offline-worker.ts, loaded once the dashboard is rendered.
 */

export const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;

/** Whether the browser says it is online (navigator.onLine and its events). */
function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
export function useOnline(): boolean {
  // On the server, and while hydrating, online: the page the server rendered was rendered online.
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * TanStack Query takes the browser as online until it hears otherwise; a portal opened offline would ask for
 * its dashboard, fail, and show the error in place of the cached dashboard. Told the truth, it waits instead
 * (networkMode 'online'), and asks again when the browser is back online.
 */
export function queriesFollowTheNetwork() {
  // Only in a browser: node has a `navigator` too, without onLine, and the server render is never offline.
  if (typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

/**
 * Drops every personal copy the worker cached (sign-out, a session that ended): from the page itself, which can
 * reach the caches directly, and through the worker, which also forgets what it holds in memory. Never throws.
 */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = (await caches.keys()).filter((name) => name.startsWith(PERSONAL_PREFIX));
    await Promise.all(names.map((name) => caches.delete(name)));
    const controller = supported() ? navigator.serviceWorker.controller : null;
    // The worker forgets what it holds in memory too (its reply is not waited for: the caches are gone already).
    controller?.postMessage({ type: 'forget' } satisfies ToWorker);
  } catch {
    // Storage refused (a private window): nothing was cached either.
  }
}
