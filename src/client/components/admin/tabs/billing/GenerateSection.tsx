import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Card } from '~/client/components/ui/Card';
import { keepFocusNear } from '~/client/components/ui/focus-after-close';
import { TextField } from '~/client/components/ui/Field';
import { tabText } from '../tab-words';

/** Generates a month's invoices on demand (ADR 100): the month, then "N invoices created". */
export function GenerateSection() {
  const [month, setMonth] = useState('');
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const generate = useMutation(
    trpc.billing.generate.mutationOptions({
      onSuccess: ({ created }) => {
        setSaid({ text: tabText('staff.billing.created', { count: created }), error: false });
        void queryClient.invalidateQueries(trpc.billing.pathFilter());
      },
      onError: (error) => setSaid({ text: errorMessage(error, tabText('staff.billing.failed')), error: true }),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    generate.mutate({ period: month });
  }
  return (
    <section aria-labelledby="billing-generate-title">
      <h2 id="billing-generate-title" className="mb-2 text-xl font-semibold">
        {tabText('staff.billing.generate')}
      </h2>
      <Card className="p-4">
        <Form onSubmit={submit} validationBehavior="aria" className="flex flex-wrap items-end gap-3">
          <TextField name="month" type="month" label={tabText('staff.billing.month')} required value={month} onChange={setMonth} />
          {/* Disabled while it sends, it would drop focus to <body>: focus comes back to it once the answer is in. */}
          <Button type="submit" isDisabled={generate.isPending} onPress={(e) => keepFocusNear(e.target)}>
            {tabText('staff.billing.generateButton')}
          </Button>
        </Form>
        {said ? (
          <p role={said.error ? 'alert' : 'status'} className={said.error ? 'mt-3 text-red-700' : 'mt-3 text-brand-800'}>
            {said.text}
          </p>
        ) : null}
      </Card>
    </section>
  );
}
