import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { formatCents } from '~/shared/money';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Card } from '~/client/components/ui/Card';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { ListState, PanelHeader } from '../../PanelHeader';
import { tabText } from '../tab-words';
import { fieldErrorsOf } from './billing-errors';
import { useFocusFirstInvalid } from '~/client/lib/use-schema-form';
import { TermsSection } from './TermsSection';

const EMPTY = { name: '', program: '', period: 'monthly', amount: '' };

/** Tuition plans (ADR 100): the list, a new plan, retiring one; then a child's billing terms. */
export function PlansSection() {
  const plans = useQuery({ ...trpc.billing.plans.queryOptions(), staleTime: 0 });
  const centre = useQuery(trpc.centre.profile.queryOptions());
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's messages take focus to the first field to correct, as every form's do (it fell to <body>).
  const { formId, focusFirstInvalid } = useFocusFirstInvalid();
  const refresh = () => void queryClient.invalidateQueries(trpc.billing.pathFilter());
  const create = useMutation(
    trpc.billing.createPlan.mutationOptions({
      onSuccess: (plan) => {
        setDraft(EMPTY);
        setErrors({});
        toast({ title: tabText('staff.billing.planAdded', { name: plan.name }) });
        refresh();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) {
          setErrors(fields);
          focusFirstInvalid();
        } else
          toast({
            title: tabText('staff.billing.failed'),
            description: errorMessage(error, tabText('staff.billing.failed')),
            variant: 'destructive',
          });
      },
    }),
  );
  const update = useMutation(trpc.billing.updatePlan.mutationOptions({ onSuccess: refresh }));

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name: draft.name, program: draft.program, period: draft.period as 'monthly', amount: draft.amount });
  }

  const programs = (centre.data?.programs ?? []).map((p) => ({ value: p.id, label: p.id }));
  const periods = [
    { value: 'monthly', label: tabText('staff.billing.monthly') },
    { value: 'weekly', label: tabText('staff.billing.weekly') },
  ];

  return (
    <section aria-labelledby="billing-plans-title" className="space-y-4">
      <PanelHeader id="billing-plans-title" title={tabText('staff.billing.plans')} description={tabText('staff.billing.plansText')} />
      <Card className="p-4">
        <Form id={formId} onSubmit={submit} validationBehavior="aria" className="grid gap-3 sm:grid-cols-5 sm:items-end">
          <TextField
            name="name"
            label={tabText('staff.billing.planName')}
            required
            value={draft.name}
            onChange={(name) => setDraft((d) => ({ ...d, name }))}
            error={errors.name}
          />
          <Select
            placeholder={tabText('staff.select')}
            name="program"
            label={tabText('staff.billing.program')}
            required
            options={programs}
            value={draft.program}
            onChange={(program) => setDraft((d) => ({ ...d, program }))}
            error={errors.program}
          />
          <Select
            placeholder={tabText('staff.select')}
            name="period"
            label={tabText('staff.billing.period')}
            required
            options={periods}
            value={draft.period}
            onChange={(period) => setDraft((d) => ({ ...d, period }))}
            error={errors.period}
          />
          <TextField
            name="amount"
            label={tabText('staff.billing.amount')}
            required
            value={draft.amount}
            onChange={(amount) => setDraft((d) => ({ ...d, amount }))}
            error={errors.amount}
          />
          <Button type="submit" isDisabled={create.isPending}>
            {tabText('staff.billing.addPlan')}
          </Button>
        </Form>
      </Card>
      {plans.data && plans.data.length > 0 ? (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-label={tabText('staff.billing.plans')}>
          {plans.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <strong>{p.name}</strong> · {p.program} ·{' '}
                {p.period === 'weekly' ? tabText('staff.billing.weekly') : tabText('staff.billing.monthly')} · {formatCents(p.amountCents)}
                {p.active ? '' : ` · ${tabText('staff.billing.retired')}`}
              </span>
              <Button variant="outline" size="sm" onPress={() => update.mutate({ id: p.id, active: !p.active })}>
                {p.active ? tabText('staff.billing.retire') : tabText('staff.billing.reuse')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <ListState isPending={plans.isPending} error={plans.error} isEmpty empty={tabText('staff.billing.noPlans')} />
      )}
      <TermsSection plans={(plans.data ?? []).filter((p) => p.active)} />
    </section>
  );
}
