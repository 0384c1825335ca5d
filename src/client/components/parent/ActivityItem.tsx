import { Clock, Smile } from 'lucide-react';
import { usePortalIntl } from '../../i18n';
import type { RouterOutputs } from '../../lib/trpc';
import { Badge } from '../ui/Card';
import { ActivityIcon, activityTone, categoryLabel } from './categories';

export type ParentActivity = RouterOutputs['parentPortal']['activities']['items'][number];

/** One daily activity (docs/product.md §2 Activities tab): title, category, date, description, duration, skills, enjoyment. */
export function ActivityItem({ activity: a }: { activity: ParentActivity }) {
  const intl = usePortalIntl();
  const { t } = intl;
  return (
    <article className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-stone-900">
          <ActivityIcon category={a.category} aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          {a.title}
        </h3>
        <Badge tone={activityTone(a.category)}>{categoryLabel(intl, 'activity', a.category)}</Badge>
      </div>
      <p className="mt-1 text-sm text-stone-600">{intl.date(a.activityDate)}</p>
      <p className="mt-2 text-stone-800">{a.description}</p>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
        {a.duration != null && (
          <span className="flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {t('portal.minutes', { count: a.duration })}
          </span>
        )}
        {a.enjoymentLevel != null && (
          <span className="flex items-center gap-1">
            <Smile aria-hidden="true" className="size-4" />
            {t('portal.enjoyment', { level: a.enjoymentLevel })}
          </span>
        )}
      </div>
      {a.skillsPracticed.length > 0 && (
        <div className="mt-3">
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t('portal.skillsPracticed')}</h4>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {a.skillsPracticed.map((s) => (
              <li key={s}>
                <Badge tone="brand">{s}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
