import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { usePortalIntl } from '../../i18n';
import { useCentreToday } from '../../lib/centre-today';
import { trpc } from '../../lib/trpc';
import { Timeline } from '../daily/Timeline';
import type { PortalTabProps } from './tabs';
import { lazyPortalPart } from './portal-words';

/** A report from the centre still to sign (ADR 093): its code loads once there is one, not in the first load. */
const IncidentNotice = lazyPortalPart(
  () => import('./health/IncidentNotice'),
  (m) => m.IncidentNotice,
);
/** The child's doses of the day (ADR 092), under the timeline: its code loads once there is one. */
const TodayMedication = lazyPortalPart(
  () => import('./health/TodayMedication'),
  (m) => m.TodayMedication,
);

/**
 * The Today tab, the first a parent sees: the child's day as the staff record it. The one tab in the first load.
 * Its two later parts draw nothing on most days (no report to sign, no dose given): the tab asks for what they would
 * show, and loads their code (with React Aria's and the whole catalogue's, portal-words.ts) only when there is
 * something, so a usual day's page starts none of it (ADR 117).
 */
export function TodayTab({ data, child, openTab }: PortalTabProps) {
  const intl = usePortalIntl();
  const today = useCentreToday();
  const heading = intl.t('portal.today.heading', { name: child.childName });
  const incidents = useQuery({ ...trpc.incidents.parentList.queryOptions({ childId: child.id, limit: 20 }), staleTime: 0 });
  const toSign = incidents.data?.items.filter((r) => !r.acknowledgedAt).length ?? 0;
  const doses = useQuery({ ...trpc.medication.familyDoses.queryOptions({ childId: child.id, date: today }), staleTime: 0 }).data ?? [];
  return (
    <section aria-labelledby="today-heading" className="flex flex-col gap-3">
      <h2 id="today-heading" className="text-lg font-semibold text-stone-900">
        {heading}
      </h2>
      {toSign > 0 && (
        <Suspense fallback={null}>
          <IncidentNotice count={toSign} childName={child.childName} onOpen={() => openTab('health')} />
        </Suspense>
      )}
      <Timeline items={data.today} label={heading} empty={intl.t('portal.today.empty')} words={intl} />
      {doses.length > 0 && (
        <Suspense fallback={null}>
          <TodayMedication doses={doses} />
        </Suspense>
      )}
    </section>
  );
}
