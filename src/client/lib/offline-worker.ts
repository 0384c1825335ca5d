import { PORTAL_SCOPE, SERVICE_WORKER_PATH } from '~/shared/pwa';
import type { FromWorker, ToWorker } from '../sw/rules';
import { supported } from './offline';

/**
 * Registering the parent portal's service worker and talking to it (ADR 051). Loaded by the dashboard once it is
 * rendered (components/parent/OfflineBanner.tsx), not with its first load.
 */

/**
 * Registers the worker (once per page) and, when it is ready, says which parent this page shows, so the worker
 * keeps this dashboard under that parent's key (and drops another parent's), and in which language its offline page
 * speaks. `onCopy` hears when what the page
 * shows is a cached copy, with the time it was made.
 */
export function startPortalWorker(parentId: string, language: string, onCopy: (savedAt: number) => void): () => void {
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
    const message: ToWorker = { type: 'hello', parentId, document: `${location.pathname}${location.search}`, assets: [], language };
    if (!stopped) to?.postMessage(message);
  });
  return () => {
    stopped = true;
    navigator.serviceWorker.removeEventListener('message', onMessage);
  };
}
