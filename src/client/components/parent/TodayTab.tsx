import { Suspense } from 'react';
import { usePortalIntl } from '../../i18n';
import { Timeline } from '../daily/Timeline';
import type { PortalTabProps } from './tabs';
import { lazyPortalPart } from './portal-words';

/** A report from the centre still to sign (ADR 093): its code loads with the first Today tab that asks, not in the first load. */
const IncidentNotice = lazyPortalPart(
  () => import('./health/IncidentNotice'),
  (m) => m.IncidentNotice,
);
/** The child's doses of the day (ADR 092), under the timeline: loaded with the first Today tab that draws it. */
const TodayMedication = lazyPortalPart(
  () => import('./health/TodayMedication'),
  (m) => m.TodayMedication,
);

/** The Today tab, the first a parent sees: the child's day as the staff record it. The one tab in the first load. */
export function TodayTab({ data, child, openTab }: PortalTabProps) {
  const intl = usePortalIntl();
  const heading = intl.t('portal.today.heading', { name: child.childName });
  return (
    <section aria-labelledby="today-heading" className="flex flex-col gap-3">
      <h2 id="today-heading" className="text-lg font-semibold text-stone-900">
        {heading}
      </h2>
      <Suspense fallback={null}>
        <IncidentNotice childId={child.id} childName={child.childName} onOpen={() => openTab('health')} />
      </Suspense>
      <Timeline items={data.today} label={heading} empty={intl.t('portal.today.empty')} words={intl} />
      <Suspense fallback={null}>
        <TodayMedication childId={child.id} />
      </Suspense>
    </section>
  );
}
