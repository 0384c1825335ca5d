import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { type FromWorker, PERSONAL_PREFIX, type ToWorker } from '../sw/rules';
import { PORTAL_SCOPE, SERVICE_WORKER_PATH } from '~/shared/pwa';

/**
 * The parent portal's side of its service worker (ADR 051): registering it, telling it which parent the page
 * shows, asking whether the page is a kept copy, and forgetting every personal copy on sign-out.
 */

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;

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
  // On the server, and while hydrating, online: the page the server drew was drawn online.
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Same-origin files the page loaded that make the app's shell (the hashed build files and the icons). */
function loadedShellFiles(): string[] {
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`));
  return [...new Set(files)].concat(['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png']);
}

/**
 * TanStack Query takes the browser as online until it hears otherwise; a portal opened offline would ask for
 * its dashboard, fail, and show the error in place of the kept dashboard. Told the truth, it waits instead
 * (networkMode 'online'), and asks again when the browser is back online.
 */
export function queriesFollowTheNetwork() {
  // Only in a browser: node has a `navigator` too, without onLine, and the server render is never offline.
  if (typeof window !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

/**
 * Registers the worker (once per page) and, when it is ready, says which parent this page shows, so the worker
 * keeps this dashboard under that parent's key (and drops another parent's). `onCopy` hears when what the page
 * shows is a kept copy, with the time it was made.
 */
export function startPortalWorker(parentId: string, onCopy: (savedAt: number) => void): () => void {
  if (!supported()) return () => undefined;
  let stopped = false;
  const onMessage = (event: MessageEvent<FromWorker>) => {
    const data = event.data;
    if (!stopped && data && (data.type === 'copy' || data.type === 'status') && typeof data.savedAt === 'number') onCopy(data.savedAt);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: PORTAL_SCOPE }).catch(() => undefined);
  void navigator.serviceWorker.ready.then(async (registration) => {
    if (stopped) return;
    // A page the worker did not load (the first visit) is taken over by the worker's claim: wait for it, so the
    // worker knows this page by its id.
    if (!navigator.serviceWorker.controller)
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    const to = navigator.serviceWorker.controller ?? registration.active;
    const message: ToWorker = { type: 'hello', parentId, document: `${location.pathname}${location.search}`, assets: loadedShellFiles() };
    if (!stopped) to?.postMessage(message);
  });
  return () => {
    stopped = true;
    navigator.serviceWorker.removeEventListener('message', onMessage);
  };
}

/**
 * Drops every personal copy the worker kept (sign-out, a session that ended): from the page itself, which can
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
    // Storage refused (a private window): nothing was kept either.
  }
}
