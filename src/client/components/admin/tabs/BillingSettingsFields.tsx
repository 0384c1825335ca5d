import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { type CentreProfile, DEFAULT_CENTRE_BILLING } from '~/shared/centre-profile';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { tabText } from './tab-words';
import { fieldErrorsOf } from './billing/billing-errors';

/** The centre's billing settings (ADR 100): days to pay an invoice, the late-pickup fee per started 15 minutes. */
export function BillingSettingsFields({ profile }: { profile: CentreProfile }) {
  const billing = profile.billing ?? DEFAULT_CENTRE_BILLING;
  const [days, setDays] = useState(String(billing.invoiceDueDays));
  const [fee, setFee] = useState(billing.lateFeePerQuarterHour);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.centre.update.mutationOptions({
      onSuccess: () => {
        setErrors({});
        toast({ title: tabText('staff.billing.settingsSaved') });
        void queryClient.invalidateQueries(trpc.centre.pathFilter());
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) setErrors(fields);
        else
          toast({
            title: tabText('staff.billing.failed'),
            description: errorMessage(error, tabText('staff.billing.failed')),
            variant: 'destructive',
          });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(days);
    save.mutate({ billing: { invoiceDueDays: Number.isInteger(n) ? n : -1, lateFeePerQuarterHour: fee } });
  }
  return (
    <Card className="mt-4 p-4">
      <h3 className="mb-3 text-lg font-semibold">{tabText('staff.billing.settings')}</h3>
      <Form onSubmit={submit} validationBehavior="aria" className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <TextField
          name="invoiceDueDays"
          label={tabText('staff.billing.dueDays')}
          required
          value={days}
          onChange={setDays}
          error={errors.invoiceDueDays}
        />
        <TextField
          name="lateFeePerQuarterHour"
          label={tabText('staff.billing.lateFee')}
          required
          value={fee}
          onChange={setFee}
          error={errors.lateFeePerQuarterHour}
        />
        <Button type="submit" isDisabled={save.isPending}>
          {tabText('staff.billing.saveSettings')}
        </Button>
      </Form>
    </Card>
  );
}
