import { usePortalIntl } from '~/client/i18n';
import type { RouterOutputs } from '~/client/lib/trpc';

/** The doses given today, on the Today tab (ADR 092; the tab asks for them, and draws this only when there is one). */
export function TodayMedication({ doses }: { doses: RouterOutputs['medication']['familyDoses'] }) {
  const intl = usePortalIntl();
  return (
    <section aria-labelledby="today-medication" className="flex flex-col gap-2 rounded-xl bg-sky-50 p-3">
      <h3 id="today-medication" className="font-semibold text-sky-950">
        {intl.t('portal.medication.today')}
      </h3>
      <ul className="flex flex-col gap-1 text-sm text-sky-950">
        {doses.map((d) => (
          <li key={d.id}>
            {intl.t('portal.medication.given', { medicine: d.medicationName, dose: d.dose, time: intl.time(d.givenAt), by: d.authorName })}
            {d.notes && <span className="block text-xs text-sky-900">{d.notes}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
