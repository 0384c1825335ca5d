import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { pageCentre } from '~/shared/page-centre';
import { areaCode, formatPhone, telHref } from '~/shared/phone';
import { staffPickupSchema } from '~/shared/schemas/attendance';
import { formatDateTime } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Button } from '~/client/components/ui/Button';
import { INLINE_TARGET } from '~/client/components/ui/button-class';
import { cn } from '~/client/components/ui/cn';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { tabText } from '../tab-words';
import { type Child, TRY_AGAIN } from './records';

type Pickup = RouterOutputs['attendance']['pickups'][number];
const EMPTY = { name: '', relationship: '', phone: '', note: '' };

/** Who added a person and when, as the centre sees it: a parent's additions say so. */
function authorLine(p: Pickup): string {
  const who = p.addedByKind === 'parent' ? tabText('staff.attendance.parent', { name: p.addedBy }) : p.addedBy;
  const added = tabText('staff.pickups.addedBy', { who, at: formatDateTime(p.createdAt) });
  if (!p.updatedAt) return added;
  return tabText('staff.pickups.changedBy', {
    added,
    who: p.updatedByName ?? tabText('staff.consent.staff'),
    at: formatDateTime(p.updatedAt),
  });
}

function refresh(childId: string) {
  void queryClient.invalidateQueries(trpc.attendance.pickups.queryFilter({ childId }));
  void queryClient.invalidateQueries(trpc.attendance.adults.queryFilter());
}

/**
 * A child's authorized pickups from the child's record (ADR 073): staff add, change and remove people, with a
 * note of their own ("ID checked") that the family never sees. Check-out offers everyone on this list.
 */
export function PickupsDialog({ child, onClose }: { child: Child; onClose: () => void }) {
  const list = useQuery({ ...trpc.attendance.pickups.queryOptions({ childId: child.id }), staleTime: 0 });
  const [editing, setEditing] = useState<Pickup | null>(null);
  const remove = useMutation(
    trpc.attendance.deletePickup.mutationOptions({
      onSuccess: () => {
        toast({ title: tabText('staff.pickups.removed') });
        refresh(child.id);
      },
      onError: (error) =>
        toast({
          title: tabText('staff.pickups.removeFailed'),
          description: errorMessage(error, TRY_AGAIN),
          variant: 'destructive',
        }),
    }),
  );
  const people = list.data ?? [];

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.pickups.title', { child: child.childName })}
      description={tabText('staff.pickups.intro', { parent: child.parentName, child: child.childName })}
      size="lg"
    >
      <div className="flex flex-col gap-4">
        {list.isPending && <p className="text-sm text-stone-600">{tabText('staff.loading')}</p>}
        {list.isError && (
          <p role="alert" className="text-sm text-red-700">
            {tabText('staff.pickups.loadFailed')}
          </p>
        )}
        {list.isSuccess && people.length === 0 && <p className="text-sm text-stone-600">{tabText('staff.pickups.none')}</p>}
        {people.length > 0 && (
          <ul aria-label={tabText('staff.pickups.list')} className="flex flex-col gap-2">
            {people.map((p) => (
              <li key={p.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-stone-200 p-3">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-stone-900">
                    {p.name} <span className="font-normal text-stone-700">({p.relationship})</span>
                  </p>
                  <p>
                    <a href={telHref(p.phone)} className={cn(INLINE_TARGET, 'text-brand-800')}>
                      {formatPhone(p.phone)}
                    </a>
                  </p>
                  {p.note && <p className="text-stone-700">{tabText('staff.pickups.note', { note: p.note })}</p>}
                  <p className="text-xs text-stone-600">{authorLine(p)}</p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onPress={() => setEditing(p)}
                    aria-label={tabText('staff.editItem', { item: p.name })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {tabText('staff.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    isDisabled={remove.isPending}
                    onPress={() => remove.mutate({ childId: child.id, id: p.id })}
                    aria-label={tabText('staff.children.removeChild', { child: p.name })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {tabText('staff.children.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <PickupForm key={editing?.id ?? 'new'} child={child} editing={editing} onDone={() => setEditing(null)} onClose={onClose} />
      </div>
    </Dialog>
  );
}

function PickupForm({
  child,
  editing,
  onDone,
  onClose,
}: {
  child: Child;
  editing: Pickup | null;
  onDone: () => void;
  onClose: () => void;
}) {
  const initial = editing
    ? { name: editing.name, relationship: editing.relationship, phone: editing.phone, note: editing.note ?? '' }
    : EMPTY;
  const { values, set, errors, parse, showServerErrors, reset, formId } = useSchemaForm(staffPickupSchema, () => initial, {
    onEdit: 'clear',
  });
  const add = useMutation(trpc.attendance.addPickup.mutationOptions());
  const update = useMutation(trpc.attendance.updatePickup.mutationOptions());
  const pending = add.isPending || update.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parse();
    if (!parsed) return;
    const onError = (error: ServerError & { message: string }) => {
      showServerErrors(error);
      toast({
        title: tabText(editing ? 'staff.pickups.updateFailed' : 'staff.pickups.addFailed'),
        description: errorMessage(error, TRY_AGAIN),
        variant: 'destructive',
      });
    };
    const onSuccess = (saved: Pickup) => {
      toast({
        title: tabText(editing ? 'staff.pickups.updated' : 'staff.pickups.added'),
        description: tabText('staff.pickups.mayPickUp', { name: saved.name, child: child.childName }),
      });
      refresh(child.id);
      reset();
      onDone();
    };
    if (editing) update.mutate({ childId: child.id, id: editing.id, ...parsed }, { onSuccess, onError });
    else add.mutate({ childId: child.id, ...parsed }, { onSuccess, onError });
  }

  return (
    <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-3 border-t border-stone-200 pt-4">
      <h3 className="font-semibold text-stone-900">
        {editing ? tabText('staff.editItem', { item: editing.name }) : tabText('staff.pickups.addPerson')}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label={tabText('staff.field.name')} required value={values.name} onChange={set('name')} error={errors.name} />
        <TextField
          label={tabText('staff.pickups.relationship')}
          required
          placeholder={tabText('staff.pickups.relationshipExample')}
          value={values.relationship}
          onChange={set('relationship')}
          error={errors.relationship}
        />
        <TextField
          label={tabText('staff.field.phone')}
          type="tel"
          required
          placeholder={tabText('staff.field.phoneExample', { area: areaCode(pageCentre().phone) })}
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <TextField
          label={tabText('staff.pickups.noteLabel')}
          placeholder={tabText('staff.pickups.noteExample')}
          value={values.note}
          onChange={set('note')}
          error={errors.note}
        />
      </div>
      <DialogActions
        onCancel={editing ? onDone : onClose}
        cancelLabel={tabText(editing ? 'staff.pickups.cancelEdit' : 'staff.invitationLink.done')}
        isDisabled={pending}
      >
        {tabText(pending ? 'staff.saving' : editing ? 'staff.saveChanges' : 'staff.pickups.add')}
      </DialogActions>
    </Form>
  );
}
