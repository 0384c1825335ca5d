import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { RouterOutputs } from '~/client/lib/trpc';
import type { PortalKey } from '~/shared/i18n/portal-en';
import { usePortalIntl } from '~/client/i18n';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';

type FamilyBillingData = RouterOutputs['billingReports']['parentBilling'];
type LedgerKind = FamilyBillingData['ledger'][number]['kind'];

const STATUS: Record<string, PortalKey> = {
  open: 'portal.billing.status.open',
  paid: 'portal.billing.status.paid',
  void: 'portal.billing.status.void',
};
const LEDGER: Record<LedgerKind, PortalKey> = {
  invoice: 'portal.billing.ledger.invoice',
  line: 'portal.billing.ledger.line',
  payment: 'portal.billing.ledger.payment',
  void: 'portal.billing.ledger.void',
};

/**
 * What the family owes (GET /api/parent/billing, ADR 101): the balance, the invoices with their PDF, the payments,
 * and the ledger with a running balance. Laid out as lists, not wide tables, so a phone reads it at 375 px.
 */
export function FamilyBilling({ token }: { token?: string | null }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const billing = useQuery({
    queryKey: ['parent', 'billing', token ?? 'cookie'],
    staleTime: 0,
    queryFn: async (): Promise<FamilyBillingData> => {
      const res = await fetch('/api/parent/billing', {
        credentials: 'include',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
      return (await res.json()) as FamilyBillingData;
    },
  });
  if (billing.isPending) return <p className="py-6 text-center text-stone-500">{t('portal.loading')}</p>;
  if (billing.isError)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-red-800">
        {t('portal.billing.loadFailed')}
      </p>
    );
  const { balance, credit, invoices, payments, ledger } = billing.data;
  const period = (start: string, end: string) => `${intl.date(start) || start} – ${intl.date(end) || end}`;

  return (
    <div className="flex flex-col gap-6">
      <Card className="p-4 sm:p-5">
        <h2 id="billing-balance-heading" className="text-lg font-semibold text-stone-900">
          {t('portal.billing.balance')}
        </h2>
        <p
          className="text-3xl font-semibold text-stone-900 tabular-nums"
          aria-labelledby="billing-balance-heading"
          data-testid="family-balance"
        >
          {intl.amount(balance)}
        </p>
        {Number(credit) > 0 && <p className="text-sm text-green-800">{t('portal.billing.credit', { amount: intl.amount(credit) })}</p>}
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 id="billing-invoices-heading" className="mb-3 text-lg font-semibold text-stone-900">
          {t('portal.billing.invoices')}
        </h2>
        {invoices.length === 0 ? (
          <p className="text-sm text-stone-500">{t('portal.billing.noInvoices')}</p>
        ) : (
          <ul aria-labelledby="billing-invoices-heading" className="divide-y divide-stone-100">
            {invoices.map((inv) => (
              <li key={inv.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">
                    {t('portal.billing.invoice', { number: inv.number })} · {t(STATUS[inv.status] ?? 'portal.billing.status.open')}
                    {inv.overdue ? ` · ${t('portal.billing.overdue')}` : ''}
                  </p>
                  <p className="text-sm text-stone-600">{period(inv.periodStart, inv.periodEnd)}</p>
                  <p className="text-sm text-stone-600">
                    {t('portal.billing.totalAndBalance', { total: intl.amount(inv.total), balance: intl.amount(inv.balance) })}
                  </p>
                  <p className="text-sm text-stone-600">{t('portal.billing.due', { day: intl.date(inv.dueDate) || inv.dueDate })}</p>
                </div>
                <a
                  href={`/api/parent/invoices/${encodeURIComponent(inv.id)}/invoice.pdf`}
                  className={buttonClass('outline', 'md')}
                  aria-label={t('portal.billing.downloadInvoice', { number: inv.number })}
                >
                  <FileText aria-hidden="true" className="size-4" />
                  {t('portal.pay.pdf')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 id="billing-payments-heading" className="mb-3 text-lg font-semibold text-stone-900">
          {t('portal.billing.payments')}
        </h2>
        {payments.length === 0 ? (
          <p className="text-sm text-stone-500">{t('portal.billing.noPayments')}</p>
        ) : (
          <ul aria-labelledby="billing-payments-heading" className="divide-y divide-stone-100">
            {payments.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 text-sm text-stone-700">
                  {intl.date(p.paymentDate) || p.paymentDate} · {t('portal.pay.receipt', { number: p.receiptNumber })}
                </span>
                <span className="font-semibold text-stone-900 tabular-nums">{intl.amount(p.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 id="billing-ledger-heading" className="mb-3 text-lg font-semibold text-stone-900">
          {t('portal.billing.ledger')}
        </h2>
        {ledger.length === 0 ? (
          <p className="text-sm text-stone-500">{t('portal.billing.noLedger')}</p>
        ) : (
          <ul aria-labelledby="billing-ledger-heading" className="divide-y divide-stone-100">
            {ledger.map((e, i) => (
              <li key={`${e.kind}-${e.reference}-${i}`} className="flex items-start justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 text-stone-700">
                  {intl.date(e.date) || e.date} · {t(LEDGER[e.kind], { reference: e.reference })}
                  {e.description ? <span className="block text-stone-500">{e.description}</span> : null}
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  <span className="block text-stone-900">{intl.amount(e.amount)}</span>
                  <span className="block text-xs text-stone-500">
                    {t('portal.billing.runningBalance', { amount: intl.amount(e.balance) })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
