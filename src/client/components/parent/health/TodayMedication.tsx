import { useQuery } from '@tanstack/react-query';
import { usePortalIntl } from '~/client/i18n';
import { useCentreToday } from '~/client/lib/centre-today';
import { trpc } from '~/client/lib/trpc';

/** The doses given today, on the Today tab (ADR 092): nothing when there were none. */
export function TodayMedication({ childId }: { childId: string }) {
  const intl = usePortalIntl();
  const today = useCentreToday();
  const doses = useQuery({ ...trpc.medication.familyDoses.queryOptions({ childId, date: today }), staleTime: 0 });
  if (!doses.data || doses.data.length === 0) return null;
  return (
    <section aria-labelledby="today-medication" className="flex flex-col gap-2 rounded-xl bg-sky-50 p-3">
      <h3 id="today-medication" className="font-semibold text-sky-950">
        {intl.t('portal.medication.today')}
      </h3>
      <ul className="flex flex-col gap-1 text-sm text-sky-950">
        {doses.data.map((d) => (
          <li key={d.id}>
            {intl.t('portal.medication.given', { medicine: d.medicationName, dose: d.dose, time: intl.time(d.givenAt), by: d.authorName })}
            {d.notes && <span className="block text-xs text-sky-900">{d.notes}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
