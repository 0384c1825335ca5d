import { useQuery } from '@tanstack/react-query';
import { centreTimeOf } from '~/shared/centre-clock';
import { useCentreToday } from '../../lib/centre-today';
import { trpc } from '../../lib/trpc';

/**
 * Today's check-in status on the parent's overview (issue 32): "Checked in at 7:42 AM by Anna Alvarez". Drawn
 * once the answer is there (the server-drawn page has no line here, so hydration matches); nothing on failure.
 */
export function TodayAttendance({ childId }: { childId: string }) {
  const today = useCentreToday();
  const history = useQuery({
    ...trpc.attendance.parentHistory.queryOptions({ childId, from: today, to: today }),
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
  });
  if (!history.data) return null;
  const last = history.data.at(-1);
  const text = last
    ? `${last.kind === 'in' ? 'Checked in' : 'Checked out'} at ${centreTimeOf(new Date(last.at))} by ${last.by}`
    : 'Not checked in yet today';
  return (
    <p role="status" aria-label="Today's attendance" className="mb-4 rounded-xl bg-brand-50 px-4 py-3 font-medium text-brand-900">
      {text}
    </p>
  );
}
