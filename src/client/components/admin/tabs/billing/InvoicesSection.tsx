import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { formatCents } from '~/shared/money';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { INLINE_TARGET } from '~/client/components/ui/button-class';
import { cn } from '~/client/components/ui/cn';
import { Card } from '~/client/components/ui/Card';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { ListState } from '../../PanelHeader';
import { tabText } from '../tab-words';

const STATUS = ['open', 'paid', 'void'] as const;
const statusLabel = (s: string) =>
  s === 'paid'
    ? tabText('staff.billing.status.paid')
    : s === 'void'
      ? tabText('staff.billing.status.void')
      : tabText('staff.billing.status.open');

/** The invoices (ADR 100): filtered by status, family and month; one opened shows its lines, adds a line, voids, links its PDF. */
export function InvoicesSection() {
  const [status, setStatus] = useState('');
  const [family, setFamily] = useState('');
  const [period, setPeriod] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    ...trpc.billing.invoices.queryOptions({
      status: status ? (status as 'open') : undefined,
      familyEmail: family.trim() || undefined,
      period: /^\d{4}-\d{2}$/.test(period) ? period : undefined,
      limit: 50,
    }),
    staleTime: 0,
  });
  const statusOptions = [
    { value: '', label: tabText('staff.billing.status.all') },
    ...STATUS.map((s) => ({ value: s, label: statusLabel(s) })),
  ];
  return (
    <section aria-labelledby="billing-invoices-title" className="space-y-3">
      <h2 id="billing-invoices-title" className="text-xl font-semibold">
        {tabText('staff.billing.invoices')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          placeholder={tabText('staff.select')}
          name="status"
          label={tabText('staff.billing.status')}
          options={statusOptions}
          value={status}
          onChange={setStatus}
        />
        <TextField name="familyEmail" label={tabText('staff.billing.family')} value={family} onChange={setFamily} />
        <TextField name="period" type="month" label={tabText('staff.billing.month')} value={period} onChange={setPeriod} />
      </div>
      {list.data && list.data.items.length > 0 ? (
        <ul
          className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
          aria-label={tabText('staff.billing.invoices')}
        >
          {list.data.items.map((i) => (
            <li key={i.id} className="p-3">
              <button
                type="button"
                className="flex w-full flex-wrap justify-between gap-2 text-left"
                aria-expanded={openId === i.id}
                onClick={() => setOpenId(openId === i.id ? null : i.id)}
              >
                <span>
                  <strong>{i.number}</strong> · {i.familyName} ({i.familyEmail}) · {i.periodStart.slice(0, 7)}
                </span>
                <span>
                  {formatCents(i.totalCents)} · {statusLabel(i.status)}
                </span>
              </button>
              {openId === i.id ? <InvoiceDetail id={i.id} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <ListState isPending={list.isPending} error={list.error} isEmpty empty={tabText('staff.billing.noInvoices')} />
      )}
    </section>
  );
}

function InvoiceDetail({ id }: { id: string }) {
  const invoice = useQuery({ ...trpc.billing.invoice.queryOptions(id), staleTime: 0 });
  const [line, setLine] = useState({ description: '', amount: '' });
  const [reason, setReason] = useState('');
  const refresh = () => void queryClient.invalidateQueries(trpc.billing.pathFilter());
  const failed = (error: unknown) =>
    toast({
      title: tabText('staff.billing.failed'),
      description: errorMessage(error, tabText('staff.billing.failed')),
      variant: 'destructive',
    });
  const addLine = useMutation(
    trpc.billing.addLine.mutationOptions({
      onSuccess: () => {
        setLine({ description: '', amount: '' });
        refresh();
      },
      onError: failed,
    }),
  );
  const voidIt = useMutation(trpc.billing.void.mutationOptions({ onSuccess: refresh, onError: failed }));
  if (!invoice.data) return <p className="text-stone-500">{tabText('staff.loading')}</p>;
  const i = invoice.data;
  const submitLine = (e: FormEvent) => {
    e.preventDefault();
    addLine.mutate({ id, description: line.description, amount: line.amount });
  };
  const submitVoid = (e: FormEvent) => {
    e.preventDefault();
    voidIt.mutate({ id, reason });
  };
  return (
    <Card className="mt-3 space-y-3 p-3">
      <table className="w-full text-sm" aria-label={tabText('staff.billing.lines', { number: i.number })}>
        <tbody>
          {i.lines.map((l) => (
            <tr key={l.id}>
              <td className="py-1">{l.description}</td>
              <td className="py-1 text-right">{formatCents(l.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {tabText('staff.billing.totals', {
          total: formatCents(i.totalCents),
          paid: formatCents(i.paidCents),
          balance: formatCents(i.balanceCents),
          agency: formatCents(i.agencyShareCents),
        })}
      </p>
      <p>
        {tabText('staff.billing.dates', { issued: i.issueDate, due: i.dueDate })} · {statusLabel(i.status)}
        {i.voidReason ? ` · ${i.voidReason}` : ''}
      </p>
      <a className={cn(INLINE_TARGET, 'text-brand-700')} href={`/api/admin/invoices/${i.id}/invoice.pdf`}>
        {tabText('staff.billing.pdf')}
      </a>
      {i.status === 'open' ? (
        <Form onSubmit={submitLine} validationBehavior="aria" className="flex flex-wrap items-end gap-2">
          <TextField
            name="description"
            label={tabText('staff.billing.lineDescription')}
            required
            value={line.description}
            onChange={(description) => setLine((l) => ({ ...l, description }))}
          />
          <TextField
            name="amount"
            label={tabText('staff.billing.lineAmount')}
            required
            value={line.amount}
            onChange={(amount) => setLine((l) => ({ ...l, amount }))}
          />
          <Button type="submit" variant="outline" isDisabled={addLine.isPending}>
            {tabText('staff.billing.addLine')}
          </Button>
        </Form>
      ) : null}
      {i.status !== 'void' ? (
        <Form onSubmit={submitVoid} validationBehavior="aria" className="flex flex-wrap items-end gap-2">
          <TextField name="reason" label={tabText('staff.billing.voidReason')} required value={reason} onChange={setReason} />
          <Button type="submit" variant="danger" isDisabled={voidIt.isPending}>
            {tabText('staff.billing.void')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
