import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '~/shared/money';
import { trpc } from '~/client/lib/trpc';
import { Card } from '~/client/components/ui/Card';
import { ExportLink } from '../../ExportLink';
import { ListState } from '../../PanelHeader';
import { tabText } from '../tab-words';

const BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90', 'total'] as const;

/** Each family's open balances by days past due (GET /api/admin/billing/aging), with the same table as a CSV. */
export function AgingReport() {
  const aging = useQuery({ ...trpc.billingReports.aging.queryOptions(), staleTime: 0 });
  const families = aging.data?.families ?? [];
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="aging-heading" className="text-lg font-semibold text-stone-900">
          {tabText('staff.billing.agingTitle')}
        </h3>
        <ExportLink href="/api/admin/billing/aging.csv" label={tabText('staff.billing.agingCsvLabel')}>
          {tabText('staff.billing.agingCsv')}
        </ExportLink>
      </div>
      <ListState
        isPending={aging.isPending}
        error={aging.error}
        isEmpty={families.length === 0}
        empty={tabText('staff.billing.agingEmpty')}
      />
      {families.length > 0 && aging.data && (
        <div className="overflow-x-auto">
          <table aria-labelledby="aging-heading" className="w-full text-sm">
            <thead>
              <tr className="text-left text-stone-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {tabText('staff.billing.familyColumn')}
                </th>
                {BUCKETS.map((b) => (
                  <th key={b} scope="col" className="py-2 pr-3 text-right font-medium">
                    {tabText(`staff.billing.bucket.${b}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {families.map((f) => (
                <tr key={f.familyEmail}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium text-stone-900">
                    {f.familyName}
                    <span className="block text-xs font-normal text-stone-500">{f.familyEmail}</span>
                  </th>
                  {BUCKETS.map((b) => (
                    <td key={b} className="py-2 pr-3 text-right tabular-nums">
                      {formatAmount(f[b])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-stone-300 font-semibold">
                <th scope="row" className="py-2 pr-3 text-left">
                  {tabText('staff.billing.allFamilies')}
                </th>
                {BUCKETS.map((b) => (
                  <td key={b} className="py-2 pr-3 text-right tabular-nums">
                    {formatAmount(aging.data.totals[b])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Card>
  );
}
