import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { formatAmount, formatCents } from '~/shared/money';
import { spaced } from '~/shared/schemas/payments';
import { downloadFile } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/trpc';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { LoadMoreButton } from '../ui/LoadMoreButton';

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
  /** The stored parent token, sent as a bearer header (SPEC.md §6); the session cookie works without it. */
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
      toast({ title: 'Download Failed', description: errorMessage(error, 'The PDF could not be downloaded.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  if (payments.isPending) return <p className="py-6 text-center text-stone-500">Loading...</p>;
  if (payments.isError)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-red-800">
        Your payments could not be loaded. Please refresh the page.
      </p>
    );

  const statements = payments.data.pages[0]?.statements ?? [];
  const receipts = payments.data.pages.flatMap((p) => p.receipts);

  return (
    <div className="flex flex-col gap-6">
      <Card className="p-4 sm:p-5">
        <h2 id="tax-statements-heading" className="text-lg font-semibold text-stone-900">
          Year-End Tax Statements
        </h2>
        <p className="mb-3 text-sm text-stone-600">
          For the Child and Dependent Care Credit (IRS Form 2441). Each statement covers every payment{' '}
          {parentEmail ? `made from ${parentEmail}` : 'you made'} that year, for all your children.
        </p>
        {statements.length === 0 ? (
          <p className="text-sm text-stone-500">No payments recorded yet.</p>
        ) : (
          <ul aria-labelledby="tax-statements-heading" className="divide-y divide-stone-100">
            {statements.map((s) => (
              <li key={s.taxYear} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-stone-900">{s.taxYear}</p>
                  <p className="text-sm text-stone-600">
                    {s.paymentCount} payment{s.paymentCount === 1 ? '' : 's'} · {formatCents(s.totalCents)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  needsNetwork
                  onPress={() => download(`statement-${s.taxYear}`, `/api/parent/tax-statements/${s.taxYear}/pdf`)}
                  isDisabled={busy !== null}
                  aria-label={`Download ${s.taxYear} tax statement`}
                >
                  <FileText aria-hidden="true" className="size-4" />
                  {busy === `statement-${s.taxYear}` ? 'Preparing...' : 'Statement PDF'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className="p-4 sm:p-5">
        <h2 id="receipts-heading" className="mb-3 text-lg font-semibold text-stone-900">
          Payment Receipts
        </h2>
        {receipts.length === 0 ? (
          <p className="text-sm text-stone-500">No payment receipts yet.</p>
        ) : (
          <ul aria-labelledby="receipts-heading" className="divide-y divide-stone-100">
            {receipts.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    Receipt #{r.receiptNumber} · {formatDate(r.paymentDate) || r.paymentDate}
                  </p>
                  <p className="text-sm text-stone-600">
                    {r.childName} · <span className="capitalize">{spaced(r.paymentType)}</span> ·{' '}
                    <span className="capitalize">{spaced(r.paymentMethod)}</span>
                    {r.periodCovered ? ` · ${r.periodCovered}` : ''}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-3 sm:justify-end">
                  <span className="font-semibold text-stone-900 tabular-nums">{formatAmount(r.amount)}</span>
                  <Button
                    variant="outline"
                    needsNetwork
                    onPress={() => download(r.id, `/api/parent/payment-receipts/${encodeURIComponent(r.id)}/pdf`)}
                    isDisabled={busy !== null}
                    aria-label={`Download receipt #${r.receiptNumber}`}
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {busy === r.id ? 'Preparing...' : 'PDF'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-col">
          <LoadMoreButton query={payments} label="Load more receipts" />
        </div>
      </Card>
    </div>
  );
}
