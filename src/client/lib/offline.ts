import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { PORTAL_SCOPE } from '~/shared/pwa';
import {
  PERSONAL_PREFIX,
  type PendingSignOutWords,
  SIGN_OUT_PATH,
  SIGN_OUT_PENDING_CACHE,
  SIGN_OUT_PENDING_KEY,
  type ToWorker,
} from '../sw/rules';

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
    // The worker forgets what it holds in memory too (its reply is not waited for: the caches are gone already),
    // also when this page is not one of its own (a staff page signing in or out: ADR 067).
    const worker = supported()
      ? (navigator.serviceWorker.controller ?? (await navigator.serviceWorker.getRegistration(PORTAL_SCOPE))?.active)
      : null;
    worker?.postMessage({ type: 'forget' } satisfies ToWorker);
  } catch {
    // Storage refused (a private window): nothing was cached either.
  }
}

/**
 * A sign-out that may not reach the server (ADR 067): marked before it is sent, with the words the worker shows in
 * its place while the phone is offline. True when the mark is kept and a worker controls this page, so that it
 * sends the sign-out before anything else loads; false when nothing would honour it (no worker): the mark is
 * then not left behind, and the page must stay and say the phone is still signed in.
 */
export async function markSignOutPending(words: PendingSignOutWords): Promise<boolean> {
  if (typeof caches === 'undefined' || !supported() || !navigator.serviceWorker.controller) return false;
  try {
    const body = JSON.stringify(words);
    await (
      await caches.open(SIGN_OUT_PENDING_CACHE)
    ).put(SIGN_OUT_PENDING_KEY, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    return true;
  } catch {
    return false;
  }
}

/** The sign-out went through: nothing waits any more. Never throws. */
export async function clearSignOutPending(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(SIGN_OUT_PENDING_CACHE).catch(() => false);
}

/**
 * The page's side of a sign-out that waited (a load the worker did not answer: a reload that bypassed it, or a
 * worker gone): when one is marked, it is sent now. Returns whether one was marked (the caller then signs the page
 * out whatever the answer: the person asked for it). Never throws.
 */
export async function sendPendingSignOut(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    if (!(await caches.has(SIGN_OUT_PENDING_CACHE))) return false;
    const response = await fetch(SIGN_OUT_PATH, { method: 'POST', credentials: 'same-origin', cache: 'no-store' });
    if (response.status < 500) await clearSignOutPending();
  } catch {
    // Still offline: the mark stays for the worker and the next load.
  }
  return true;
}
