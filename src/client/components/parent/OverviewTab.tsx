import { usePortalIntl } from '../../i18n';
import { ActivityItem } from './ActivityItem';
import { CalendarLink } from './CalendarLink';
import { FamilyPickups } from './FamilyPickups';
import { NoteItem } from './NoteItem';
import type { PortalTabProps } from './tabs';

/** The Overview tab: the latest notes and activities, the family's pickup list (ADR 073) and the calendar link. */
export function OverviewTab({ data, child }: PortalTabProps) {
  const { t } = usePortalIntl();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="recent-notes" className="flex flex-col gap-3">
        <h2 id="recent-notes" className="text-lg font-semibold text-stone-900">
          {t('portal.recentNotes')}
        </h2>
        {data.recentNotes.length === 0 ? (
          <p className="text-stone-600">{t('portal.noNotes')}</p>
        ) : (
          data.recentNotes.map((n) => <NoteItem key={n.id} note={n} />)
        )}
      </section>
      <section aria-labelledby="recent-activities" className="flex flex-col gap-3">
        <h2 id="recent-activities" className="text-lg font-semibold text-stone-900">
          {t('portal.recentActivities')}
        </h2>
        {data.recentActivities.length === 0 ? (
          <p className="text-stone-600">{t('portal.noActivities')}</p>
        ) : (
          data.recentActivities.map((a) => <ActivityItem key={a.id} activity={a} />)
        )}
      </section>
      <div className="lg:col-span-2">
        <FamilyPickups childId={child.id} childName={child.childName} />
      </div>
      <div className="lg:col-span-2">
        <CalendarLink />
      </div>
    </div>
  );
}
