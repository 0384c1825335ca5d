import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Send } from 'lucide-react';
import { useState } from 'react';
import { centre } from '~/shared/centre';
import { centsToAmount } from '~/shared/money';
import { MISSING_TAX_INPUT, offeredTaxYears } from '~/shared/schemas/payments';
import { downloadFile } from '~/client/lib/download';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Card } from '~/client/components/ui/Card';
import { Select } from '~/client/components/ui/Select';

/** docs/product.md §2 Year-end tax statement panel. */
export function TaxStatementPanel() {
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
