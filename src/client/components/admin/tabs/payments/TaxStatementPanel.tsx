import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { centsToAmount } from '~/shared/money';
import { offeredTaxYears } from '~/shared/schemas/payments';
import { downloadFile } from '~/client/lib/download';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Card } from '~/client/components/ui/Card';
import { Select } from '~/client/components/ui/Select';
import { tabText } from '../tab-words';

/** A catalogue sentence with one of its values drawn as an element (`{taxId}` in bold): the text on either side of it. */
function around(key: 'staff.tax.intro' | 'staff.tax.willSend', slot: string, values: Record<string, string>, element: ReactNode) {
  const [before, after] = tabText(key, { ...values, [slot]: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

/** docs/product.md §2 Year-end tax statement panel. */
export function TaxStatementPanel() {
  const parents = useQuery({ ...trpc.payments.taxParents.queryOptions(), staleTime: 0 });
  // The provider's tax ID is the profile's (not public: the director's read of it, ADR 090).
  const profile = useQuery(trpc.centre.profile.queryOptions());
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
        title: tabText('staff.tax.downloadFailed'),
        description: errorMessage(error, tabText('staff.tax.downloadFailedText')),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  function generate() {
    if (!parentEmail || !taxYear) {
      toast({ title: tabText('staff.tax.missing'), description: tabText('staff.tax.missingText'), variant: 'destructive' });
      return;
    }
    send.mutate(
      { parentEmail, taxYear },
      {
        onSuccess: (result) => {
          void queryClient.invalidateQueries(trpc.outbox.pathFilter());
          if (!result.emailSent) {
            toast({
              title: tabText('staff.tax.error'),
              description: tabText(result.notice.id, result.notice.values),
              variant: 'destructive',
            });
            return;
          }
          toast(
            result.summary
              ? {
                  title: tabText('staff.tax.sent'),
                  description: tabText('staff.tax.sentText', {
                    year: result.summary.taxYear,
                    total: centsToAmount(result.summary.yearlyTotalCents),
                  }),
                }
              : { title: tabText('staff.tax.sent'), description: tabText(result.notice.id, result.notice.values) },
          );
          setParentEmail('');
        },
        onError: (error) =>
          toast({
            title: tabText('staff.tax.error'),
            description: errorMessage(error, tabText('staff.tax.errorText')),
            variant: 'destructive',
          }),
      },
    );
  }

  const parentOptions = (parents.data ?? []).map((p) => ({ value: p.email, label: `${p.name} (${p.email})` }));

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <h3 className="text-lg font-semibold text-stone-900">{tabText('staff.tax.title')}</h3>
      <div className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950">
        <p>{around('staff.tax.intro', 'taxId', {}, <strong>{profile.data?.taxId ?? ''}</strong>)}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr]">
        <Select
          label={tabText('staff.field.parent')}
          required
          options={parentOptions}
          value={parentEmail}
          onChange={setParentEmail}
          placeholder={tabText(
            parents.isPending ? 'staff.receipt.loading' : parentOptions.length ? 'staff.tax.selectParent' : 'staff.tax.noParents',
          )}
          // A select with no options yet does not open: a click while the list loads would do nothing.
          isDisabled={parents.isPending}
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.tax.year')}
          required
          options={years.map((y) => ({ value: y, label: y }))}
          value={taxYear}
          onChange={setTaxYear}
        />
      </div>
      {parent && (
        <p className="text-sm text-stone-700">
          {around('staff.tax.willSend', 'email', { year: taxYear, name: parent.name }, <span className="break-all">{parent.email}</span>)}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button onPress={generate} isDisabled={!parentEmail || !taxYear || send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {send.isPending ? tabText('staff.tax.sending') : tabText('staff.tax.send')}
        </Button>
        <Button variant="outline" onPress={download} isDisabled={!parentEmail || !taxYear || downloading}>
          <Download aria-hidden="true" className="size-4" />
          {downloading ? tabText('staff.tax.preparing') : tabText('staff.tax.download')}
        </Button>
      </div>
    </Card>
  );
}
