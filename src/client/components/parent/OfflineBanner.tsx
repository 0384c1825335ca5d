import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { portalIntl } from '../../i18n';
import { queriesFollowTheNetwork, useOnline } from '../../lib/offline';
import { startPortalWorker } from '../../lib/offline-worker';
import { SendingPaused } from '../../lib/sending-paused';
import { dashboardQuery, signedInParentQuery } from './queries';

queriesFollowTheNetwork();

/**
 * The parent portal offline (ADR 051). Starts the service worker for the signed-in parent, says
 * "You are offline. Last updated …" when the browser is offline or the page is a cached copy, and pauses sending
 * below it (SendingPaused: every submit and every `needsNetwork` button is disabled).
 *
 * "Last updated": the time the worker cached the copy on screen, when the page is one; otherwise when the dashboard's
 * data on screen was made (the query's time: for a page the server rendered, the moment it rendered it).
 */
export function OfflinePortal({ children }: { children: ReactNode }) {
  const childId = useSearch({ from: '/parent-dashboard' }).child ?? null;
  // The same queries as the dashboard's (shared cache entries): no request of their own.
  const parentId = useQuery(signedInParentQuery()).data?.id ?? null;
  const dashboard = useQuery({ ...dashboardQuery(childId), enabled: false });
  const updatedAt = dashboard.dataUpdatedAt;
  // Outside the dashboard's PortalIntlProvider: the parent's language from the same cached answer (English until its
  // catalogue is loaded, as the dashboard itself).
  const language = dashboard.data?.language ?? 'en';
  const intl = portalIntl(language);
  const online = useOnline();
  const [copySavedAt, setCopySavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (!parentId) return;
    return startPortalWorker(parentId, language, setCopySavedAt);
  }, [parentId, language]);
  // Back online: what is on screen is refreshed by the queries (refetch on reconnect); the copy's time is history.
  useEffect(() => {
    const back = () => setCopySavedAt(null);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);

  const offline = !online || copySavedAt !== null;
  const lastUpdated = copySavedAt ?? (updatedAt > 0 ? updatedAt : null);
  return (
    <SendingPaused.Provider value={offline}>
      {/* Always in the page, so a screen reader announces the words when they appear. */}
      <div role="status" className="mx-auto max-w-5xl px-4 empty:hidden">
        {offline && (
          <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
            <strong className="font-semibold">
              {intl.t('portal.offline.status', {
                when: lastUpdated ? intl.dateTime(new Date(lastUpdated)) : intl.t('portal.offline.earlier'),
              })}
            </strong>{' '}
            {intl.t('portal.offline.paused')}
          </p>
        )}
      </div>
      {children}
    </SendingPaused.Provider>
  );
}
