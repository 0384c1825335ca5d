import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { CalendarDays, DollarSign, Download, Mail, Plus, Receipt as ReceiptIcon, Send, Trash2 } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { formatAmount, formatCents } from '~/shared/money';
import { spaced } from '~/shared/schemas/payments';
import { centreDateOf } from '~/shared/centre-time';
import { formatDate } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { trpc, type RouterOutputs } from '~/client/lib/trpc';
import { Button, buttonClass } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { ExportLink } from '../ExportLink';
import { ListState, PanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { ReceiptFormDialog } from './payments/ReceiptFormDialog';
import { invalidatePayments } from './payments/records';
import { TaxStatementPanel } from './payments/TaxStatementPanel';
import { staffLoadMoreWords, tabText } from './tab-words';

type Outputs = RouterOutputs;
type Receipt = Outputs['payments']['list']['items'][number];
type View = 'recent' | 'all' | 'tax';

/** docs/product.md §9: Recent Payments shows the 5 newest by paymentDate. */
const RECENT_COUNT = 5;
/** All Payments is read a page at a time (ADR 014); the cards above count every receipt on the server. */
const RECEIPTS_PAGE_SIZE = 20;

/** Payments tab (docs/product.md §2): summary cards, Recent / All / Tax Statements, and the new receipt form. */
export default function PaymentsTab() {
  const receipts = useInfiniteQuery({
    ...trpc.payments.list.infiniteQueryOptions({ limit: RECEIPTS_PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor }),
    staleTime: 0,
  });
  const summary = useQuery({ ...trpc.payments.summary.queryOptions(), staleTime: 0 });
  const [view, setView] = useState<View>('recent');
  const [creating, setCreating] = useState(false);
  const removal = useConfirmedDelete({
    mutation: trpc.payments.delete.mutationOptions(),
    title: tabText('staff.payments.deleteTitle'),
    message: (r: Receipt) =>
      tabText('staff.payments.deleteText', { number: String(r.receiptNumber), amount: formatAmount(r.amount), parent: r.parentName }),
    success: (_r, result) => ({ title: tabText('staff.payments.deleted'), description: tabText(result.notice.id, result.notice.values) }),
    failure: () => ({ title: tabText('staff.payments.deleteFailed') }),
    onDeleted: invalidatePayments,
  });

  const list: Receipt[] = receipts.data?.pages.flatMap((p) => p.items) ?? [];
  const total = summary.data?.receiptCount ?? list.length;
  const listState = (
    <ListState isPending={receipts.isPending} error={receipts.error} isEmpty={list.length === 0} empty={tabText('staff.payments.empty')} />
  );

  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-4">
      <PanelHeader
        id="payments-heading"
        title={tabText('staff.tab.payments')}
        description={tabText('staff.payments.description')}
        action={
          <Button onPress={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {tabText('staff.payments.new')}
          </Button>
        }
      />

      <PaymentsExport />

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={tabText('staff.payments.summary')}>
        <SummaryCard
          label={tabText('staff.payments.totalReceived')}
          value={summary.data ? formatCents(summary.data.totalCents) : '-'}
          icon={DollarSign}
          tone="bg-green-100 text-green-800"
        />
        <SummaryCard
          label={tabText('staff.payments.thisMonth')}
          value={summary.data ? formatCents(summary.data.thisMonthCents) : '-'}
          note={summary.data ? tabText('staff.payments.receipts', { n: summary.data.thisMonthCount }) : undefined}
          icon={CalendarDays}
          tone="bg-blue-100 text-blue-800"
        />
        <SummaryCard
          label={tabText('staff.payments.totalReceipts')}
          value={summary.data ? String(summary.data.receiptCount) : '-'}
          icon={ReceiptIcon}
          tone="bg-purple-100 text-purple-800"
        />
        <SummaryCard
          label={tabText('staff.payments.emailsSent')}
          value={summary.data ? String(summary.data.emailSentCount) : '-'}
          note={summary.data ? tabText('staff.payments.notSentCount', { n: summary.data.notSentCount }) : undefined}
          icon={Mail}
          tone="bg-orange-100 text-orange-800"
        />
      </ul>

      <Tabs selectedKey={view} onSelectionChange={(key) => setView(key as View)}>
        <TabList aria-label={tabText('staff.payments.views')}>
          <Tab id="recent">{tabText('staff.payments.recentTab')}</Tab>
          <Tab id="all">{tabText('staff.payments.allTab')}</Tab>
          <Tab id="tax">{tabText('staff.payments.taxTab')}</Tab>
        </TabList>
        <TabPanel id="recent" className="flex flex-col gap-4">
          {listState}
          <ReceiptList receipts={list.slice(0, RECENT_COUNT)} label={tabText('staff.payments.recentList')} onDelete={removal.request} />
          {total > RECENT_COUNT && (
            <Button variant="outline" onPress={() => setView('all')} className="self-center">
              {tabText('staff.payments.viewAll', { n: total })}
            </Button>
          )}
        </TabPanel>
        <TabPanel id="all" className="flex flex-col gap-4">
          {listState}
          <ReceiptList receipts={list} label={tabText('staff.payments.allList')} onDelete={removal.request} />
          <LoadMoreButton query={receipts} label={tabText('staff.payments.loadMore')} words={staffLoadMoreWords()} />
        </TabPanel>
        <TabPanel id="tax">
          <TaxStatementPanel />
        </TabPanel>
      </Tabs>

      {creating && <ReceiptFormDialog onClose={() => setCreating(false)} />}
      {removal.dialog}
    </section>
  );
}

function SummaryCard({
  label,
  value,
  note,
  icon: Icon,
  tone,
}: {
  label: string;
  value: string;
  note?: string;
  icon: ComponentType<{ className?: string }>;
  tone: string;
}) {
  return (
    <li>
      <Card className="flex h-full items-center gap-3 p-4">
        <span aria-hidden="true" className={`hidden size-10 shrink-0 items-center justify-center rounded-xl sm:flex ${tone}`}>
          <Icon className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-stone-600">{label}</p>
          <p className="text-xl font-bold break-words text-stone-900">{value}</p>
          {note && <p className="text-xs text-stone-500">{note}</p>}
        </div>
      </Card>
    </li>
  );
}

function ReceiptList({ receipts, label, onDelete }: { receipts: Receipt[]; label: string; onDelete: (r: Receipt) => void }) {
  if (receipts.length === 0) return null;
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label={label}>
      {receipts.map((r) => (
        <li key={r.id}>
          <ReceiptCard receipt={r} onDelete={() => onDelete(r)} />
        </li>
      ))}
    </ul>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="inline font-medium text-stone-700">{label}: </dt>
      <dd className="inline break-words">{children}</dd>
    </div>
  );
}

/** docs/product.md §2 Payment receipt card. */
function ReceiptCard({ receipt: r, onDelete }: { receipt: Receipt; onDelete: () => void }) {
  const send = useMutation(trpc.payments.sendEmail.mutationOptions());

  const emailFailed = () =>
    toast({ title: tabText('staff.payments.emailFailed'), description: tabText('staff.payments.emailFailedText'), variant: 'destructive' });

  function sendEmail() {
    send.mutate(r.id, {
      onSuccess: (result) => {
        invalidatePayments();
        if (result.emailSent)
          toast({ title: tabText('staff.payments.emailSent'), description: tabText(result.notice.id, result.notice.values) });
        else emailFailed();
      },
      onError: emailFailed,
    });
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-stone-900 sm:text-lg">
            {tabText('staff.payments.receipt', { number: String(r.receiptNumber) })}
          </h3>
          <p className="text-2xl font-bold text-brand-800">{formatAmount(r.amount)}</p>
        </div>
        <Badge tone={r.emailSent ? 'green' : 'stone'} className="shrink-0 whitespace-nowrap">
          {tabText(r.emailSent ? 'staff.payments.emailSent' : 'staff.payments.notSent')}
        </Badge>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        <Detail label={tabText('staff.field.child')}>{r.childName}</Detail>
        <Detail label={tabText('staff.field.parent')}>
          {r.parentName} <span className="break-all text-stone-600">({r.parentEmail})</span>
        </Detail>
        <Detail label={tabText('staff.field.date')}>{formatDate(r.paymentDate) || r.paymentDate}</Detail>
        <Detail label={tabText('staff.payments.type')}>
          <span className="capitalize">{spaced(r.paymentType)}</span>
        </Detail>
        <Detail label={tabText('staff.payments.method')}>
          <span className="capitalize">{spaced(r.paymentMethod)}</span>
        </Detail>
        {r.periodCovered && <Detail label={tabText('staff.payments.period')}>{r.periodCovered}</Detail>}
        {r.checkNumber && <Detail label={tabText('staff.payments.checkShort')}>{r.checkNumber}</Detail>}
        {r.transactionId && <Detail label={tabText('staff.field.transactionId')}>{r.transactionId}</Detail>}
        {r.emailSent && r.emailSentAt && <Detail label={tabText('staff.payments.emailed')}>{formatDate(r.emailSentAt)}</Detail>}
      </dl>
      {r.description && <p className="rounded-lg bg-stone-50 p-2 text-sm whitespace-pre-wrap text-stone-700">{r.description}</p>}
      {r.notes && (
        <p className="text-xs text-stone-500">
          <span className="font-medium">{tabText('staff.payments.internalNote')}</span> {r.notes}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onPress={sendEmail}
          isDisabled={send.isPending}
          aria-label={tabText('staff.payments.sendEmailFor', { number: String(r.receiptNumber) })}
        >
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? tabText('staff.sending') : tabText('staff.payments.sendEmail')}
        </Button>
        <a
          href={`/api/admin/payment-receipts/${encodeURIComponent(r.id)}/pdf`}
          download
          className={buttonClass('outline')}
          aria-label={tabText('staff.payments.pdfOf', { number: String(r.receiptNumber) })}
        >
          <Download aria-hidden="true" className="size-4" />
          {tabText('staff.payments.pdf')}
        </a>
        <Button
          variant="ghost"
          onPress={onDelete}
          aria-label={tabText('staff.payments.deleteOf', { number: String(r.receiptNumber) })}
          className="text-red-700"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {tabText('staff.delete')}
        </Button>
      </div>
    </Card>
  );
}

/** The payments between two dates as a CSV (this year so far unless the director picks other dates). */
function PaymentsExport() {
  const today = centreDateOf(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <Card className="p-4">
      <h3 className="mb-3 font-semibold text-stone-900">{tabText('staff.payments.export')}</h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField label={tabText('staff.payments.exportFrom')} type="date" value={from} onChange={setFrom} className="sm:w-48" />
        <TextField label={tabText('staff.payments.exportTo')} type="date" value={to} onChange={setTo} className="sm:w-48" />
        {valid ? (
          <ExportLink
            href={`/api/admin/export/payments.csv?from=${from}&to=${to}`}
            label={tabText('staff.payments.exportLabel', { from, to })}
          >
            {tabText('staff.exportCsv')}
          </ExportLink>
        ) : (
          <p role="status" className="text-sm text-red-800">
            {tabText('staff.payments.exportDates')}
          </p>
        )}
      </div>
    </Card>
  );
}
