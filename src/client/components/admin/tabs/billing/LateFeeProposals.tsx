import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatAmount } from '~/shared/money';
import { formatDate } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Card } from '~/client/components/ui/Card';
import { ListState } from '../../PanelHeader';
import { tabText } from '../tab-words';

/** Check-outs after closing time: the director confirms each fee (at the centre's rate) or dismisses it. */
export function LateFeeProposals() {
  const queryClient = useQueryClient();
  const fees = useQuery({ ...trpc.billingReports.lateFees.queryOptions(), staleTime: 0 });
  const done = {
    onSuccess: () => void queryClient.invalidateQueries(),
    onError: () => toast({ title: tabText('staff.billing.lateFeeFailed'), variant: 'destructive' as const }),
  };
  const confirm = useMutation({ ...trpc.billingReports.confirmLateFee.mutationOptions(), ...done });
  const dismiss = useMutation({ ...trpc.billingReports.dismissLateFee.mutationOptions(), ...done });
  const list = fees.data?.proposals ?? [];
  const busy = confirm.isPending || dismiss.isPending;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 id="late-fees-heading" className="text-lg font-semibold text-stone-900">
        {tabText('staff.billing.lateFeesTitle')}
      </h3>
      {fees.data && (
        <p className="text-sm text-stone-600">
          {tabText('staff.billing.lateFeeRate', { rate: formatAmount(fees.data.ratePerQuarterHour) })}
        </p>
      )}
      <ListState isPending={fees.isPending} error={fees.error} isEmpty={list.length === 0} empty={tabText('staff.billing.lateFeesEmpty')} />
      {list.length > 0 && (
        <ul aria-labelledby="late-fees-heading" className="divide-y divide-stone-100">
          {list.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-medium text-stone-900">
                  {p.childName} · {formatDate(p.date)}
                </p>
                <p className="text-sm text-stone-600">
                  {tabText('staff.billing.minutesLate', { minutes: p.minutesLate })} · {formatAmount(p.fee)}
                  {p.status === 'confirmed' ? ` · ${tabText('staff.billing.waitingForInvoice')}` : ''}
                </p>
              </div>
              {p.status === 'proposed' && (
                <div className="flex gap-2">
                  <Button isDisabled={busy} onPress={() => confirm.mutate(p.id)}>
                    {tabText('staff.billing.confirmFee')}
                  </Button>
                  <Button variant="outline" isDisabled={busy} onPress={() => dismiss.mutate(p.id)}>
                    {tabText('staff.billing.dismissFee')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
