import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Card } from '~/client/components/ui/Card';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { tabText } from '../tab-words';
import { fieldErrorsOf } from './billing-errors';
import { useFocusFirstInvalid } from '~/client/lib/use-schema-form';

type Plan = RouterOutputs['billing']['plans'][number];
type Terms = NonNullable<RouterOutputs['billing']['terms']['terms']>;

const draftOf = (t: Terms | null) => ({
  planId: t?.planId ?? '',
  startDate: t?.startDate ?? '',
  endDate: t?.endDate ?? '',
  discountPercent: String(t?.discountPercent ?? 0),
  discountReason: t?.discountReason ?? '',
  agency: t?.subsidy?.agency ?? '',
  familyShare: t?.subsidy?.familyShare ?? '',
});

/** A child's billing terms (ADR 100), edited from the Billing tab: pick the child, then the plan, dates, discount, subsidy. */
export function TermsSection({ plans }: { plans: Plan[] }) {
  const children = useQuery({ ...trpc.children.list.queryOptions(), staleTime: 0 });
  const [childId, setChildId] = useState('');
  const options = (children.data ?? []).map((c) => ({ value: c.id, label: c.childName }));
  return (
    <Card className="space-y-3 p-4">
      <h3 className="text-lg font-semibold">{tabText('staff.billing.terms')}</h3>
      <Select
        placeholder={tabText('staff.select')}
        name="child"
        label={tabText('staff.billing.child')}
        options={options}
        value={childId}
        onChange={setChildId}
      />
      {childId ? <TermsLoader key={childId} childId={childId} plans={plans} /> : null}
    </Card>
  );
}

function TermsLoader({ childId, plans }: { childId: string; plans: Plan[] }) {
  const terms = useQuery({ ...trpc.billing.terms.queryOptions(childId), staleTime: 0 });
  if (!terms.data) return <p className="text-stone-500">{tabText('staff.loading')}</p>;
  return <TermsForm childId={childId} plans={plans} terms={terms.data.terms} />;
}

function TermsForm({ childId, plans, terms }: { childId: string; plans: Plan[]; terms: Terms | null }) {
  const [draft, setDraft] = useState(() => draftOf(terms));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's messages take focus to the first field to correct, as every form's do (it fell to <body>).
  const { formId, focusFirstInvalid } = useFocusFirstInvalid();
  const save = useMutation(
    trpc.billing.setTerms.mutationOptions({
      onSuccess: () => {
        setErrors({});
        toast({ title: tabText('staff.billing.termsSaved') });
        void queryClient.invalidateQueries(trpc.billing.terms.queryFilter(childId));
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
  const set = (name: keyof typeof draft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const percent = Number(draft.discountPercent || '0');
    save.mutate({
      childId,
      planId: draft.planId,
      startDate: draft.startDate,
      endDate: draft.endDate || null,
      discountPercent: Number.isFinite(percent) ? percent : -1,
      discountReason: draft.discountReason,
      subsidy: draft.agency || draft.familyShare ? { agency: draft.agency, familyShare: draft.familyShare } : null,
    });
  }

  return (
    <Form
      id={formId}
      onSubmit={submit}
      validationBehavior="aria"
      className="grid gap-3 sm:grid-cols-2"
      aria-label={tabText('staff.billing.terms')}
    >
      <Select
        placeholder={tabText('staff.select')}
        name="planId"
        label={tabText('staff.billing.plan')}
        required
        options={plans.map((p) => ({ value: p.id, label: p.name }))}
        value={draft.planId}
        onChange={set('planId')}
        error={errors.planId}
      />
      <TextField
        name="startDate"
        type="date"
        label={tabText('staff.billing.startDate')}
        required
        value={draft.startDate}
        onChange={set('startDate')}
        error={errors.startDate}
      />
      <TextField
        name="endDate"
        type="date"
        label={tabText('staff.billing.endDate')}
        value={draft.endDate}
        onChange={set('endDate')}
        error={errors.endDate}
      />
      <TextField
        name="discountPercent"
        label={tabText('staff.billing.discountPercent')}
        value={draft.discountPercent}
        onChange={set('discountPercent')}
        error={errors.discountPercent}
      />
      <TextField
        name="discountReason"
        label={tabText('staff.billing.discountReason')}
        value={draft.discountReason}
        onChange={set('discountReason')}
        error={errors.discountReason}
      />
      <TextField
        name="agency"
        label={tabText('staff.billing.agency')}
        value={draft.agency}
        onChange={set('agency')}
        error={errors.agency}
      />
      <TextField
        name="familyShare"
        label={tabText('staff.billing.familyShare')}
        value={draft.familyShare}
        onChange={set('familyShare')}
        error={errors.familyShare}
      />
      <div className="sm:col-span-2">
        <Button type="submit" isDisabled={save.isPending}>
          {tabText('staff.billing.saveTerms')}
        </Button>
      </div>
    </Form>
  );
}
