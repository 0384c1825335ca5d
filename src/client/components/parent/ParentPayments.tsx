import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { PAYMENT_METHODS, PAYMENT_TYPES } from '~/shared/constants';
import { spaced } from '~/shared/schemas/payments';
import { downloadFile } from '../../lib/download';
import type { PortalKey } from '~/shared/i18n/portal-en';
import { usePortalIntl } from '../../i18n';
import { useLoadMoreWords } from './words';
import { toast } from '../../lib/toast';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { FamilyBilling } from './billing/FamilyBilling';

/** The payment types and methods the catalogue names. */
const PAY_KEYS = Object.fromEntries(
  [...PAYMENT_TYPES.map((v) => `portal.payType.${v}`), ...PAYMENT_METHODS.map((v) => `portal.payMethod.${v}`)].map((k) => [k, true]),
);

/** Receipts are read a page at a time (ADR 014); the statements' figures cover every receipt. */
export const RECEIPTS_PAGE_SIZE = 20;

/** GET /api/parent/payment-receipts, as the parent sees it (staff notes are never sent): one page, and every year's figures. */
export interface ParentPaymentsData {
  receipts: {
    id: string;
    receiptNumber: string;
    childId: string | null;
    childName: string;
    amount: string;
    paymentDate: string;
    paymentType: string;
    paymentMethod: string;
    periodCovered: string | null;
  }[];
  statements: { taxYear: string; paymentCount: number; totalCents: number }[];
  nextCursor: string | null;
}

export interface ParentPaymentsProps {
  /** The child selected in the portal: its receipts are listed. Statements always cover every child. */
  childId?: string | null;
  /** Shown in the heading's note; the server decides whose payments these are from the session. */
  parentEmail?: string | null;
  /** The stored parent token, sent as a bearer header (docs/product.md §6); the session cookie works without it. */
  token?: string | null;
}

function authHeaders(token?: string | null): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * The parent's own receipts, each downloadable as a PDF, and a year-end tax statement per year with payments
 * (for IRS Form 2441). Self-contained: it fetches over the parent REST paths with the parent's session.
 */
export function ParentPayments({ childId, parentEmail, token }: ParentPaymentsProps) {
  const intl = usePortalIntl();
  const { t, callError } = intl;
  const moreWords = useLoadMoreWords();
  // Types and methods: in English as the API spells them (capitalised by the style), else from the catalogue.
  const kind = (group: 'payType' | 'payMethod', value: string) => {
    const key = `portal.${group}.${value}` as PortalKey;
    return intl.language === 'en' || !(key in PAY_KEYS) ? spaced(value) : t(key);
  };
  const capitalize = intl.language === 'en' ? 'capitalize' : undefined;
  const payments = useInfiniteQuery({
    queryKey: ['parent', 'payment-receipts', token ?? 'cookie', childId ?? null],
    staleTime: 0,
    initialPageParam: null as string | null,
    getNextPageParam: (last: ParentPaymentsData) => last.nextCursor,
    queryFn: async ({ pageParam }): Promise<ParentPaymentsData> => {
      // The child's receipts are chosen by the server, so a page is never emptied by a filter here.
      const query = new URLSearchParams({ limit: String(RECEIPTS_PAGE_SIZE) });
      if (childId) query.set('childId', childId);
      if (pageParam) query.set('cursor', pageParam);
      const res = await fetch(`/api/parent/payment-receipts?${query}`, { credentials: 'include', headers: authHeaders(token) });
      if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
      return (await res.json()) as ParentPaymentsData;
    },
  });
  const [busy, setBusy] = useState<string | null>(null);

  async function download(key: string, url: string) {
    setBusy(key);
    try {
      await downloadFile(url, authHeaders(token));
    } catch (error) {
      toast({ title: t('portal.pay.downloadFailed'), description: callError(error, t('portal.pay.pdfFailed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  if (payments.isPending) return <p className="py-6 text-center text-stone-500">{t('portal.loading')}</p>;
  if (payments.isError)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-red-800">
        {t('portal.pay.loadFailed')}
      </p>
    );

  const statements = payments.data.pages[0]?.statements ?? [];
  const receipts = payments.data.pages.flatMap((p) => p.receipts);

  return (
    <div className="flex flex-col gap-6">
      <FamilyBilling token={token} />
      <Card className="p-4 sm:p-5">
        <h2 id="tax-statements-heading" className="text-lg font-semibold text-stone-900">
          {t('portal.pay.statements')}
        </h2>
        <p className="mb-3 text-sm text-stone-600">
          {parentEmail ? t('portal.pay.statementsIntroFrom', { email: parentEmail }) : t('portal.pay.statementsIntro')}
        </p>
        {statements.length === 0 ? (
          <p className="text-sm text-stone-500">{t('portal.pay.noPayments')}</p>
        ) : (
          <ul aria-labelledby="tax-statements-heading" className="divide-y divide-stone-100">
            {statements.map((s) => (
              <li key={s.taxYear} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-stone-900">{s.taxYear}</p>
                  <p className="text-sm text-stone-600">
                    {t('portal.pay.count', { count: s.paymentCount })} · {intl.cents(s.totalCents)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  needsNetwork
                  onPress={() => download(`statement-${s.taxYear}`, `/api/parent/tax-statements/${s.taxYear}/pdf`)}
                  isDisabled={busy !== null}
                  aria-label={t('portal.pay.downloadStatement', { year: s.taxYear })}
                >
                  <FileText aria-hidden="true" className="size-4" />
                  {busy === `statement-${s.taxYear}` ? t('portal.pay.preparing') : t('portal.pay.statementPdf')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 id="receipts-heading" className="mb-3 text-lg font-semibold text-stone-900">
          {t('portal.pay.receipts')}
        </h2>
        {receipts.length === 0 ? (
          <p className="text-sm text-stone-500">{t('portal.pay.noReceipts')}</p>
        ) : (
          <ul aria-labelledby="receipts-heading" className="divide-y divide-stone-100">
            {receipts.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    {t('portal.pay.receipt', { number: r.receiptNumber })} · {intl.date(r.paymentDate) || r.paymentDate}
                  </p>
                  <p className="text-sm text-stone-600">
                    {r.childName} · <span className={capitalize}>{kind('payType', r.paymentType)}</span> ·{' '}
                    <span className={capitalize}>{kind('payMethod', r.paymentMethod)}</span>
                    {r.periodCovered ? ` · ${r.periodCovered}` : ''}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-3 sm:justify-end">
                  <span className="font-semibold text-stone-900 tabular-nums">{intl.amount(r.amount)}</span>
                  <Button
                    variant="outline"
                    needsNetwork
                    onPress={() => download(r.id, `/api/parent/payment-receipts/${encodeURIComponent(r.id)}/pdf`)}
                    isDisabled={busy !== null}
                    aria-label={t('portal.pay.downloadReceipt', { number: r.receiptNumber })}
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {busy === r.id ? t('portal.pay.preparing') : t('portal.pay.pdf')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-col">
          <LoadMoreButton query={payments} label={t('portal.pay.loadMore')} words={moreWords} />
        </div>
      </Card>
    </div>
  );
}
