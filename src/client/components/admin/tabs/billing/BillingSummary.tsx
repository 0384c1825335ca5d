import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '~/shared/money';
import { trpc } from '~/client/lib/trpc';
import { Card } from '~/client/components/ui/Card';
import { tabText } from '../tab-words';

/** This month's billed and collected amounts, the agencies' share, and what families owe today. */
export function BillingSummary() {
  const summary = useQuery({ ...trpc.billingReports.summary.queryOptions(), staleTime: 0 });
  const figures = [
    { key: 'billed', label: tabText('staff.billing.billed'), value: summary.data?.billed },
    { key: 'collected', label: tabText('staff.billing.collected'), value: summary.data?.collected },
    { key: 'agencies', label: tabText('staff.billing.agencies'), value: summary.data?.agencies },
    { key: 'outstanding', label: tabText('staff.billing.outstanding'), value: summary.data?.outstanding },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={tabText('staff.billing.summary')}>
      {figures.map((f) => (
        <li key={f.key}>
          <Card className="p-4">
            <p className="text-sm text-stone-600">{f.label}</p>
            <p className="text-xl font-semibold text-stone-900 tabular-nums" data-figure={f.key}>
              {f.value === undefined ? '-' : formatAmount(f.value)}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
