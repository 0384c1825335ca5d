import { useQuery } from '@tanstack/react-query';
import { centreOpenAt, centreTimeOf } from '~/shared/centre-clock';
import { pageCentre } from '~/shared/page-centre';
import { usePortalIntl } from '../../i18n';
import { useCentreOffset, useCentreToday } from '../../lib/centre-today';
import { trpc } from '../../lib/trpc';

/**
 * Today's check-in status on the parent's overview: "Checked in at 7:42 AM by Anna Alvarez". Rendered
 * once the answer is there (the server-rendered page has no line here, so hydration matches); nothing on failure.
 * "Not checked in yet today" only while the centre is open, and once the child has started there: never at night,
 * at the weekend or before the first day.
 */
export function TodayAttendance({ childId, startsOn }: { childId: string; startsOn: string }) {
  const today = useCentreToday();
  const offset = useCentreOffset();
  const intl = usePortalIntl();
  const history = useQuery({
    ...trpc.attendance.parentHistory.queryOptions({ childId, from: today, to: today }),
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
  });
  if (!history.data) return null;
  const last = history.data.at(-1);
  if (!last && (today < startsOn || !centreOpenAt(new Date(), pageCentre().hours, offset))) return null;
  const text = last
    ? intl.t(last.kind === 'in' ? 'portal.attendance.in' : 'portal.attendance.out', {
        // English exactly as before (centreTimeOf's plain space); Spanish from the portal's formatter.
        time: intl.language === 'en' ? centreTimeOf(new Date(last.at)) : intl.time(last.at),
        by: last.by,
      })
    : intl.t('portal.attendance.none');
  return (
    <p
      role="status"
      aria-label={intl.t('portal.attendance.label')}
      className="mb-4 rounded-xl bg-brand-50 px-4 py-3 font-medium text-brand-900"
    >
      {text}
    </p>
  );
}
