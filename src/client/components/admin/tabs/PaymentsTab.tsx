import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { CalendarDays, DollarSign, Download, Mail, Plus, Receipt as ReceiptIcon, Send, Trash2 } from 'lucide-react';
import { type ComponentType, type FormEvent, type ReactNode, useState } from 'react';
import { Form } from 'react-aria-components';
import { centre } from '~/shared/centre';
import { centsToAmount, formatAmount, formatCents } from '~/shared/money';
import {
  EMPTY_RECEIPT,
  MISSING_TAX_INPUT,
  offeredTaxYears,
  PAYMENT_METHOD_CHOICES,
  PAYMENT_TYPE_CHOICES,
  receiptSchema,
  spaced,
  takesCheckNumber,
  takesTransactionId,
} from '~/shared/schemas/payments';
import { downloadFile } from '~/client/lib/download';
import { centreDateOf } from '~/shared/centre-time';
import { formatDate } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Button, buttonClass } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { ExportLink } from '../ExportLink';
import { ListState, PanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';

type Outputs = RouterOutputs;
type Receipt = Outputs['payments']['list']['items'][number];
type View = 'recent' | 'all' | 'tax';

/** SPEC.md §9: Recent Payments shows the 5 newest by paymentDate. */
const RECENT_COUNT = 5;
/** All Payments is read a page at a time (ADR 014); the cards above count every receipt on the server. */
const RECEIPTS_PAGE_SIZE = 20;

function invalidatePayments() {
  void queryClient.invalidateQueries(trpc.payments.pathFilter());
  void queryClient.invalidateQueries(trpc.outbox.pathFilter());
}

/** Payments tab (SPEC.md §2): summary cards, Recent / All / Tax Statements, and the new receipt form. */
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
    title: 'Delete Receipt',
    message: (r: Receipt) =>
      `Delete receipt #${r.receiptNumber} (${formatAmount(r.amount)} from ${r.parentName})? This cannot be undone; its number is not given out again.`,
    success: (_r, result) => ({ title: 'Receipt Deleted', description: result.message }),
    failure: () => ({ title: 'Failed to delete payment receipt.' }),
    onDeleted: invalidatePayments,
  });

  const list: Receipt[] = receipts.data?.pages.flatMap((p) => p.items) ?? [];
  const total = summary.data?.receiptCount ?? list.length;
  const listState = (
    <ListState isPending={receipts.isPending} error={receipts.error} isEmpty={list.length === 0} empty="No payment receipts yet." />
  );

  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-4">
      <PanelHeader
        id="payments-heading"
        title="Payments"
        description="Payment receipts and year-end tax statements"
        action={
          <Button onPress={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New Receipt
          </Button>
        }
      />

      <PaymentsExport />

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Payment summary">
        <SummaryCard
          label="Total Received"
          value={summary.data ? formatCents(summary.data.totalCents) : '-'}
          icon={DollarSign}
          tone="bg-green-100 text-green-800"
        />
        <SummaryCard
          label="This Month"
          value={summary.data ? formatCents(summary.data.thisMonthCents) : '-'}
          note={summary.data ? `${summary.data.thisMonthCount} receipt${summary.data.thisMonthCount === 1 ? '' : 's'}` : undefined}
          icon={CalendarDays}
          tone="bg-blue-100 text-blue-800"
        />
        <SummaryCard
          label="Total Receipts"
          value={summary.data ? String(summary.data.receiptCount) : '-'}
          icon={ReceiptIcon}
          tone="bg-purple-100 text-purple-800"
        />
        <SummaryCard
          label="Emails Sent"
          value={summary.data ? String(summary.data.emailSentCount) : '-'}
          note={summary.data ? `${summary.data.notSentCount} not sent` : undefined}
          icon={Mail}
          tone="bg-orange-100 text-orange-800"
        />
      </ul>

      <Tabs selectedKey={view} onSelectionChange={(key) => setView(key as View)}>
        <TabList aria-label="Payment views">
          <Tab id="recent">Recent Payments</Tab>
          <Tab id="all">All Payments</Tab>
          <Tab id="tax">Tax Statements</Tab>
        </TabList>
        <TabPanel id="recent" className="flex flex-col gap-4">
          {listState}
          <ReceiptList receipts={list.slice(0, RECENT_COUNT)} label="Recent payments" onDelete={removal.request} />
          {total > RECENT_COUNT && (
            <Button variant="outline" onPress={() => setView('all')} className="self-center">
              View All ({total})
            </Button>
          )}
        </TabPanel>
        <TabPanel id="all" className="flex flex-col gap-4">
          {listState}
          <ReceiptList receipts={list} label="All payments" onDelete={removal.request} />
          <LoadMoreButton query={receipts} label="Load more receipts" />
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

/** SPEC.md §2 Payment receipt card. */
function ReceiptCard({ receipt: r, onDelete }: { receipt: Receipt; onDelete: () => void }) {
  const send = useMutation(trpc.payments.sendEmail.mutationOptions());

  function sendEmail() {
    send.mutate(r.id, {
      onSuccess: (result) => {
        invalidatePayments();
        if (result.emailSent) toast({ title: 'Email Sent', description: result.message });
        else toast({ title: 'Email Failed', description: 'Failed to send payment receipt email.', variant: 'destructive' });
      },
      onError: () => toast({ title: 'Email Failed', description: 'Failed to send payment receipt email.', variant: 'destructive' }),
    });
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-stone-900 sm:text-lg">Receipt #{r.receiptNumber}</h3>
          <p className="text-2xl font-bold text-brand-800">{formatAmount(r.amount)}</p>
        </div>
        <Badge tone={r.emailSent ? 'green' : 'stone'} className="shrink-0 whitespace-nowrap">
          {r.emailSent ? 'Email Sent' : 'Not Sent'}
        </Badge>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        <Detail label="Child">{r.childName}</Detail>
        <Detail label="Parent">
          {r.parentName} <span className="break-all text-stone-600">({r.parentEmail})</span>
        </Detail>
        <Detail label="Date">{formatDate(r.paymentDate) || r.paymentDate}</Detail>
        <Detail label="Type">
          <span className="capitalize">{spaced(r.paymentType)}</span>
        </Detail>
        <Detail label="Method">
          <span className="capitalize">{spaced(r.paymentMethod)}</span>
        </Detail>
        {r.periodCovered && <Detail label="Period">{r.periodCovered}</Detail>}
        {r.checkNumber && <Detail label="Check #">{r.checkNumber}</Detail>}
        {r.transactionId && <Detail label="Transaction ID">{r.transactionId}</Detail>}
        {r.emailSent && r.emailSentAt && <Detail label="Emailed">{formatDate(r.emailSentAt)}</Detail>}
      </dl>
      {r.description && <p className="rounded-lg bg-stone-50 p-2 text-sm whitespace-pre-wrap text-stone-700">{r.description}</p>}
      {r.notes && (
        <p className="text-xs text-stone-500">
          <span className="font-medium">Internal note:</span> {r.notes}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onPress={sendEmail}
          isDisabled={send.isPending}
          aria-label={`Send Email for receipt #${r.receiptNumber}`}
        >
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? 'Sending...' : 'Send Email'}
        </Button>
        <a
          href={`/api/admin/payment-receipts/${encodeURIComponent(r.id)}/pdf`}
          download
          className={buttonClass('outline')}
          aria-label={`Download PDF of receipt #${r.receiptNumber}`}
        >
          <Download aria-hidden="true" className="size-4" />
          PDF
        </a>
        <Button variant="ghost" onPress={onDelete} aria-label={`Delete receipt #${r.receiptNumber}`} className="text-red-700">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </Card>
  );
}

/** The new receipt form (SPEC.md §5 Receipt form): the shared schema checks it here and on the server. */
function ReceiptFormDialog({ onClose }: { onClose: () => void }) {
  const children = useQuery({ ...trpc.children.list.queryOptions(), staleTime: 0 });
  const { values, set, errors, parse, showServerErrors, formRef } = useSchemaForm(
    receiptSchema,
    () => ({ ...EMPTY_RECEIPT, paymentDate: centreDateOf(new Date()) }),
    {
      onEdit: 'clear',
      focusInvalid: true,
    },
  );
  const create = useMutation(trpc.payments.create.mutationOptions());
  const childOptions = (children.data ?? []).map((c) => ({ value: c.id, label: c.isActive ? c.childName : `${c.childName} (inactive)` }));

  function chooseChild(id: string) {
    set('childId')(id);
    const child = children.data?.find((c) => c.id === id);
    if (child) {
      set('parentName')(child.parentName);
      set('parentEmail')(child.parentEmail);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!parse()) return;
    create.mutate(values, {
      onSuccess: (saved) => {
        toast({
          title: 'Receipt Created',
          description: `Receipt #${saved.receiptNumber} for ${formatAmount(saved.amount)} has been saved.`,
        });
        invalidatePayments();
        onClose();
      },
      onError: (error: ServerError & { message?: string }) => {
        showServerErrors(error);
        toast({
          title: 'Failed to create payment receipt.',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title="New Payment Receipt" size="lg">
      <Form ref={formRef} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            label="Child"
            required
            options={childOptions}
            value={values.childId}
            onChange={chooseChild}
            error={errors.childId}
            placeholder={children.isPending ? 'Loading...' : childOptions.length ? 'Select a child' : 'No enrolled children'}
            // As the statement's parent select: a select with no options yet does not open, so a click while
            // the list loads did nothing (a test that opened it at once waited in vain).
            isDisabled={children.isPending}
            className="sm:col-span-2"
          />
          <TextField label="Parent Name" required value={values.parentName} onChange={set('parentName')} error={errors.parentName} />
          <TextField
            label="Parent Email"
            type="email"
            required
            value={values.parentEmail}
            onChange={set('parentEmail')}
            error={errors.parentEmail}
          />
          <Select
            label="Payment Type"
            options={PAYMENT_TYPE_CHOICES}
            value={values.paymentType}
            onChange={set('paymentType')}
            error={errors.paymentType}
          />
          <TextField
            label="Amount ($)"
            required
            inputMode="decimal"
            placeholder="0.00"
            description="Dollars and cents, e.g. 125.50"
            value={values.amount}
            onChange={set('amount')}
            error={errors.amount}
          />
          <Select
            label="Payment Method"
            options={PAYMENT_METHOD_CHOICES}
            value={values.paymentMethod}
            onChange={set('paymentMethod')}
            error={errors.paymentMethod}
          />
          <TextField
            label="Payment Date"
            type="date"
            required
            value={values.paymentDate}
            onChange={set('paymentDate')}
            error={errors.paymentDate}
          />
          {takesCheckNumber(values.paymentMethod) && (
            <TextField label="Check Number" value={values.checkNumber} onChange={set('checkNumber')} error={errors.checkNumber} />
          )}
          {takesTransactionId(values.paymentMethod) && (
            <TextField label="Transaction ID" value={values.transactionId} onChange={set('transactionId')} error={errors.transactionId} />
          )}
          <TextField
            label="Period Covered"
            placeholder="e.g. November 2026"
            value={values.periodCovered}
            onChange={set('periodCovered')}
            error={errors.periodCovered}
          />
          <TextField
            label="Description"
            multiline
            rows={2}
            value={values.description}
            onChange={set('description')}
            error={errors.description}
            className="sm:col-span-2"
          />
          <TextField
            label="Internal Notes"
            description="Seen by staff only; not printed on the receipt."
            multiline
            rows={2}
            value={values.notes}
            onChange={set('notes')}
            error={errors.notes}
            className="sm:col-span-2"
          />
        </div>
        <DialogActions onCancel={onClose} isDisabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Receipt'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** SPEC.md §2 Year-end tax statement panel. */
function TaxStatementPanel() {
  const parents = useQuery({ ...trpc.payments.taxParents.queryOptions(), staleTime: 0 });
  const years = offeredTaxYears(new Date().getFullYear());
  const [parentEmail, setParentEmail] = useState('');
  const [taxYear, setTaxYear] = useState(years[0]!);
  const send = useMutation(trpc.payments.sendTaxStatement.mutationOptions());
  const parent = parents.data?.find((p) => p.email === parentEmail);
  const [downloading, setDownloading] = useState(false);

  /** Staff may also keep or print the statement without e-mailing it. */
  async function download() {
    setDownloading(true);
    try {
      await downloadFile(`/api/admin/year-end-tax-receipt/pdf?${new URLSearchParams({ parentEmail, taxYear }).toString()}`);
    } catch (error) {
      toast({
        title: 'Download Failed',
        description: errorMessage(error, 'The statement could not be downloaded.'),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  function generate() {
    if (!parentEmail || !taxYear) {
      toast({ title: 'Missing Information', description: MISSING_TAX_INPUT, variant: 'destructive' });
      return;
    }
    send.mutate(
      { parentEmail, taxYear },
      {
        onSuccess: (result) => {
          void queryClient.invalidateQueries(trpc.outbox.pathFilter());
          if (!result.emailSent) {
            toast({ title: 'Error Generating Tax Statement', description: result.message, variant: 'destructive' });
            return;
          }
          toast(
            result.summary
              ? {
                  title: 'Tax Statement Sent Successfully!',
                  description: `Year-end tax statement for ${result.summary.taxYear} sent to the parent. Total: $${centsToAmount(result.summary.yearlyTotalCents)}`,
                }
              : { title: 'Tax Statement Sent Successfully!', description: result.message },
          );
          setParentEmail('');
        },
        onError: (error) =>
          toast({
            title: 'Error Generating Tax Statement',
            description: errorMessage(error, 'Failed to generate and send year-end tax statement.'),
            variant: 'destructive',
          }),
      },
    );
  }

  const parentOptions = (parents.data ?? []).map((p) => ({ value: p.email, label: `${p.name} (${p.email})` }));

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <h3 className="text-lg font-semibold text-stone-900">Year-End Tax Statement</h3>
      <div className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950">
        <p>
          Produces a W-10 style statement for the Child and Dependent Care Credit (IRS Form 2441) with our provider tax ID{' '}
          <strong>{centre.providerTaxId}</strong> and the total annual payments for the year. A PDF is created and e-mailed to the parent
          automatically.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr]">
        <Select
          label="Parent"
          required
          options={parentOptions}
          value={parentEmail}
          onChange={setParentEmail}
          placeholder={parents.isPending ? 'Loading...' : parentOptions.length ? 'Select a parent' : 'No parents on file'}
          // A select with no options yet does not open: a click while the list loads would do nothing.
          isDisabled={parents.isPending}
        />
        <Select label="Tax Year" required options={years.map((y) => ({ value: y, label: y }))} value={taxYear} onChange={setTaxYear} />
      </div>
      {parent && (
        <p className="text-sm text-stone-700">
          The {taxYear} statement will be sent to {parent.name} at <span className="break-all">{parent.email}</span> and includes all
          payments made in {taxYear}.
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button onPress={generate} isDisabled={!parentEmail || !taxYear || send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? 'Generating & Sending Tax Statement...' : 'Generate & Send Year-End Tax Statement'}
        </Button>
        <Button variant="outline" onPress={download} isDisabled={!parentEmail || !taxYear || downloading}>
          <Download aria-hidden="true" className="size-4" />
          {downloading ? 'Preparing PDF...' : 'Download PDF'}
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
      <h3 className="mb-3 font-semibold text-stone-900">Export payments</h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField label="Export from" type="date" value={from} onChange={setFrom} className="sm:w-48" />
        <TextField label="Export to" type="date" value={to} onChange={setTo} className="sm:w-48" />
        {valid ? (
          <ExportLink href={`/api/admin/export/payments.csv?from=${from}&to=${to}`} label={`Export payments from ${from} to ${to} as CSV`}>
            Export CSV
          </ExportLink>
        ) : (
          <p role="status" className="text-sm text-red-800">
            Choose an Export from date on or before the Export to date.
          </p>
        )}
      </div>
    </Card>
  );
}
