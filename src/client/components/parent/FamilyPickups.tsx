import { useMutation, useQuery } from '@tanstack/react-query';
import { Trash2, UserPlus } from 'lucide-react';
import { type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { pageCentre } from '~/shared/page-centre';
import { areaCode, formatPhone, telHref } from '~/shared/phone';
import { pickupSchema } from '~/shared/schemas/attendance';
import { usePortalIntl } from '../../i18n';
import { toast } from '../../lib/toast';
import { queryClient, type RouterOutputs, trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/Field';

type Pickup = RouterOutputs['attendance']['parentPickups'][number];
const EMPTY = { name: '', relationship: '', phone: '' };

/**
 * Who besides the parents may take the child home (ADR 073): the family adds and removes people here. A person
 * added may pick up at once (check-out matches the list by name); each says who added them and when.
 */
export function FamilyPickups({ childId, childName }: { childId: string; childName: string }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const list = useQuery({ ...trpc.attendance.parentPickups.queryOptions({ childId }), staleTime: 0 });
  const refresh = () => void queryClient.invalidateQueries(trpc.attendance.parentPickups.queryFilter({ childId }));
  const remove = useMutation(
    trpc.attendance.parentDeletePickup.mutationOptions({
      onSuccess: () => refresh(),
      onError: (error) =>
        toast({ title: t('portal.pickups.removeFailed'), description: intl.callError(error, ''), variant: 'destructive' }),
    }),
  );
  const { values, set, errors, parse, showServerErrors, reset, formId } = useSchemaForm(pickupSchema, EMPTY, { onEdit: 'clear' });
  const add = useMutation(trpc.attendance.parentAddPickup.mutationOptions());

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parse();
    if (!parsed) return;
    add.mutate(
      { childId, ...parsed },
      {
        onSuccess: (saved) => {
          toast({ title: t('portal.pickups.added', { name: saved.name, child: childName }) });
          reset();
          refresh();
        },
        onError: (error) => {
          showServerErrors(error);
          toast({ title: t('portal.pickups.addFailed'), description: intl.callError(error, ''), variant: 'destructive' });
        },
      },
    );
  }

  const author = (p: Pickup) =>
    p.addedByKind === 'parent' && p.addedBy
      ? t('portal.pickups.addedByParent', { name: p.addedBy, date: intl.date(p.createdAt) })
      : t('portal.pickups.addedByCentre', { date: intl.date(p.createdAt) });

  return (
    <section aria-labelledby="pickups-heading" className="flex flex-col gap-3">
      <h2 id="pickups-heading" className="text-lg font-semibold text-stone-900">
        {t('portal.pickups.heading', { name: childName })}
      </h2>
      <p className="text-sm text-stone-700">{t('portal.pickups.intro', { name: childName })}</p>
      {list.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('portal.pickups.loadFailed')}
        </p>
      )}
      {list.isSuccess && list.data.length === 0 && <p className="text-stone-600">{t('portal.pickups.none')}</p>}
      {list.isSuccess && list.data.length > 0 && (
        <ul aria-label={t('portal.pickups.list')} className="flex flex-col gap-2">
          {list.data.map((p) => (
            <li key={p.id}>
              <Card className="flex flex-wrap items-start justify-between gap-2 p-3">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold break-words text-stone-900">
                    {p.name} <span className="font-normal text-stone-700">({p.relationship})</span>
                  </p>
                  <a href={telHref(p.phone)} className="text-brand-800 underline underline-offset-2">
                    {formatPhone(p.phone)}
                  </a>
                  <p className="text-xs text-stone-600">{author(p)}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="min-h-11"
                  isDisabled={remove.isPending}
                  onPress={() => remove.mutate({ childId, id: p.id })}
                  aria-label={t('portal.pickups.removeLabel', { name: p.name })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('portal.pickups.remove')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Card className="p-4">
        <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-3">
          <h3 className="font-semibold text-stone-900">{t('portal.pickups.add')}</h3>
          <TextField label={t('portal.pickups.name')} required value={values.name} onChange={set('name')} error={errors.name} />
          <TextField
            label={t('portal.pickups.relationship')}
            required
            value={values.relationship}
            onChange={set('relationship')}
            error={errors.relationship}
          />
          <TextField
            label={t('portal.pickups.phone')}
            type="tel"
            required
            placeholder={intl.t('portal.pickups.phoneExample', { area: areaCode(pageCentre().phone) })}
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
          />
          <Button type="submit" className="min-h-11 sm:self-start" isDisabled={add.isPending}>
            <UserPlus aria-hidden="true" className="size-4" />
            {add.isPending ? t('portal.saving') : t('portal.pickups.save')}
          </Button>
        </Form>
      </Card>
    </section>
  );
}
