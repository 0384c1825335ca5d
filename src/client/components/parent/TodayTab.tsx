import { usePortalIntl } from '../../i18n';
import { Timeline } from '../daily/Timeline';
import type { PortalTabProps } from './tabs';

/** The Today tab, the first a parent sees: the child's day as the staff record it. The one tab in the first load. */
export function TodayTab({ data, child }: PortalTabProps) {
  const intl = usePortalIntl();
  const heading = intl.t('portal.today.heading', { name: child.childName });
  return (
    <section aria-labelledby="today-heading" className="flex flex-col gap-3">
      <h2 id="today-heading" className="text-lg font-semibold text-stone-900">
        {heading}
      </h2>
      <Timeline items={data.today} label={heading} empty={intl.t('portal.today.empty')} words={intl} />
    </section>
  );
}
