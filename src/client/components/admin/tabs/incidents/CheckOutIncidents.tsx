import { useMutation, useQuery } from '@tanstack/react-query';
import { FileWarning } from 'lucide-react';
import { useState } from 'react';
import { centreTimeOf } from '~/shared/centre-clock';
import { useCentreToday } from '~/client/lib/centre-today';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { TextField } from '~/client/components/ui/Field';
import { tabText } from '../tab-words';
import { kindWord } from './incident-kinds';

/**
 * In the check-out dialog (ADR 093): the child's reports from today that the parent has not acknowledged, so the
 * teacher gives the paper copy to whoever picks up and records to whom. Nothing while there is none.
 */
export function CheckOutIncidents({ childId }: { childId: string }) {
  const today = useCentreToday();
  const input = { from: today, to: today, childId };
  const list = useQuery({ ...trpc.incidents.list.queryOptions(input), staleTime: 0 });
  const open = list.data?.items.filter((r) => !r.acknowledgedAt && !r.handedOverAt) ?? [];
  if (open.length === 0) return null;
  return (
    <section
      aria-label={tabText('staff.incidents.checkOutHeading')}
      className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <FileWarning aria-hidden="true" className="size-4 shrink-0" />
        {tabText('staff.incidents.checkOutHeading')}
      </p>
      <ul className="mt-2 flex flex-col gap-3">
        {open.map((r) => (
          <li key={r.id}>
            <p>
              {tabText('staff.incidents.checkOutLine', {
                kind: kindWord(r.kind),
                time: centreTimeOf(new Date(r.occurredAt)),
                place: r.location,
              })}
            </p>
            <HandOver id={r.id} onDone={() => void queryClient.invalidateQueries(trpc.incidents.pathFilter())} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function HandOver({ id, onDone }: { id: string; onDone: () => void }) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();
  const record = useMutation(
    trpc.incidents.handOver.mutationOptions({
      onSuccess: (r) => {
        toast({ title: tabText('staff.incidents.handedOverToast', { name: r.handedOverTo ?? '' }) });
        onDone();
      },
      onError: (e) => setError(errorMessage(e, tabText('staff.tryAgain'))),
    }),
  );
  return (
    <form
      className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (!to.trim()) setError(tabText('staff.incidents.handedOverToRequired'));
        else record.mutate({ id, to: to.trim() });
      }}
    >
      <TextField
        className="flex-1"
        label={tabText('staff.incidents.handedOverTo')}
        value={to}
        onChange={(v) => {
          setTo(v);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" variant="outline" isDisabled={record.isPending}>
        {tabText('staff.incidents.handOver')}
      </Button>
    </form>
  );
}
