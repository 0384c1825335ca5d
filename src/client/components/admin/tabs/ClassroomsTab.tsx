import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { CLASSROOM_AGE_GROUPS, type ClassroomAgeGroup, classroomFormSchema } from '~/shared/schemas/classrooms';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { useSchemaForm } from '~/client/lib/use-schema-form';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { useSaveDialog } from '../useSaveDialog';
import { tabText } from './tab-words';

type Room = { id: string; name: string; ageGroup: ClassroomAgeGroup; capacity: number; childIds: string[]; staffIds: string[] };
const ageOptions = CLASSROOM_AGE_GROUPS.map((g) => ({ value: g, label: tabText(`staff.classrooms.group.${g}`) }));
const NO_ROOM = '__none__';

function refresh() {
  void queryClient.invalidateQueries(trpc.classrooms.pathFilter());
  void queryClient.invalidateQueries(trpc.attendance.pathFilter());
  void queryClient.invalidateQueries(trpc.auditLog.pathFilter());
}

/** The Classrooms tab (director): create rooms, assign children and staff. */
export default function ClassroomsTab() {
  const rooms = useQuery({ ...trpc.classrooms.list.queryOptions(), staleTime: 0 });
  const children = useQuery(trpc.children.list.queryOptions());
  const staff = useQuery(trpc.staff.list.queryOptions());
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const assign = useMutation(
    trpc.classrooms.updateChild.mutationOptions({
      onSuccess: refresh,
      onError: (error) =>
        toast({
          title: tabText('staff.classrooms.notSaved'),
          description: errorMessage(error, tabText('staff.tryAgain')),
          variant: 'destructive',
        }),
    }),
  );
  const list = (rooms.data ?? []) as Room[];
  const roomOf = (childId: string) => list.find((r) => r.childIds.includes(childId))?.id ?? NO_ROOM;
  const staffName = (id: string) => staff.data?.find((s) => s.id === id)?.name ?? tabText('staff.field.staff');
  const active = children.data?.filter((c) => c.isActive) ?? [];

  return (
    <section aria-labelledby="classrooms-heading" className="flex flex-col gap-6">
      <div>
        <PanelHeader
          id="classrooms-heading"
          title={tabText('staff.tab.classrooms')}
          count={rooms.data?.length}
          description={tabText('staff.classrooms.description')}
          action={
            <Button onPress={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" />
              {tabText('staff.classrooms.new')}
            </Button>
          }
        />
        <ListState isPending={rooms.isPending} error={rooms.error} isEmpty={list.length === 0} empty={tabText('staff.classrooms.empty')} />
        <ul aria-label={tabText('staff.tab.classrooms')} className="grid gap-3 md:grid-cols-2">
          {list.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-col gap-2 p-4">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {r.name}
                  <Badge tone="brand">{tabText(`staff.classrooms.group.${r.ageGroup}`)}</Badge>
                </p>
                <p className="text-sm text-stone-700">
                  {tabText('staff.classrooms.places', { taken: r.childIds.length, capacity: r.capacity })}
                </p>
                <p className="text-sm text-stone-700">
                  {r.staffIds.length
                    ? tabText('staff.classrooms.staff', { names: r.staffIds.map(staffName).join(', ') })
                    : tabText('staff.classrooms.noStaff')}
                </p>
                <div>
                  <Button variant="outline" aria-label={tabText('staff.editItem', { item: r.name })} onPress={() => setEditing(r)}>
                    {tabText('staff.edit')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>

      <section aria-labelledby="assign-heading">
        <h3 id="assign-heading" className="mb-2 text-lg font-semibold text-stone-900">
          {tabText('staff.classrooms.childrensRooms')}
        </h3>
        <ul aria-label={tabText('staff.classrooms.childrensRooms')} className="grid gap-2 md:grid-cols-2">
          {active.map((c) => (
            <li key={c.id}>
              <Card className="p-3">
                <Select
                  placeholder={tabText('staff.select')}
                  label={tabText('staff.classrooms.roomFor', { child: c.childName })}
                  value={roomOf(c.id)}
                  isDisabled={assign.isPending}
                  onChange={(value) => assign.mutate({ id: c.id, classroomId: value === NO_ROOM ? null : value })}
                  options={[
                    { value: NO_ROOM, label: tabText('staff.classrooms.noRoom') },
                    ...list.map((r) => ({ value: r.id, label: r.name })),
                  ]}
                />
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {editing && (
        <RoomDialog
          room={editing === 'new' ? null : editing}
          staff={(staff.data ?? []).filter((s) => s.isActive)}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/**
 * New Classroom and Edit (the shared form pattern, as the other dialogs): the shared schema checks the fields here,
 * and a refusal of the server for a field is shown at that field, which gets focus; any other refusal is a toast.
 */
function RoomDialog({ room, staff, onClose }: { room: Room | null; staff: { id: string; name: string }[]; onClose: () => void }) {
  const form = useSchemaForm(
    classroomFormSchema,
    () => ({
      name: room?.name ?? '',
      ageGroup: room?.ageGroup ?? 'preschool_3',
      capacity: String(room?.capacity ?? 12),
      staffIds: room?.staffIds ?? [],
    }),
    { onEdit: 'clear', focusInvalid: true },
  );
  const { values, set, errors, formId } = form;
  const saved = (r: { name: string }) => ({ description: tabText('staff.classrooms.saved', { name: r.name }) });
  const { submit, isPending } = useSaveDialog({
    form,
    editing: room !== null,
    create: {
      mutation: trpc.classrooms.create.mutationOptions(),
      input: (data) => data,
      success: (r) => ({ title: tabText('staff.classrooms.created'), ...saved(r) }),
      failure: tabText('staff.classrooms.createFailed'),
    },
    update: {
      mutation: trpc.classrooms.update.mutationOptions(),
      input: (data) => ({ ...data, id: room!.id }),
      success: (r) => ({ title: tabText('staff.classrooms.updated'), ...saved(r) }),
      failure: tabText('staff.classrooms.updateFailed'),
    },
    refresh,
    refreshAfterFailedUpdate: true,
    onClose,
  });
  const staffError = useId();
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={room ? tabText('staff.editItem', { item: room.name }) : tabText('staff.classrooms.new')}
    >
      <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-3">
        <TextField label={tabText('staff.classrooms.name')} value={values.name} onChange={set('name')} error={errors.name} required />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.classrooms.ageGroup')}
          value={values.ageGroup}
          onChange={(v) => set('ageGroup')(v as ClassroomAgeGroup)}
          options={ageOptions}
          error={errors.ageGroup}
          required
        />
        <TextField
          label={tabText('staff.classrooms.capacity')}
          value={values.capacity}
          onChange={set('capacity')}
          error={errors.capacity}
          inputMode="numeric"
          required
        />
        <fieldset
          className="flex flex-col"
          data-invalid={errors.staffIds ? '' : undefined}
          aria-describedby={errors.staffIds ? staffError : undefined}
        >
          <legend className="text-sm font-medium text-stone-800">{tabText('staff.field.staff')}</legend>
          {staff.map((s) => (
            <Checkbox
              key={s.id}
              isSelected={values.staffIds.includes(s.id)}
              onChange={(on) => set('staffIds')(on ? [...values.staffIds, s.id] : values.staffIds.filter((x) => x !== s.id))}
            >
              {s.name}
            </Checkbox>
          ))}
          {errors.staffIds && (
            <p id={staffError} className="text-sm font-medium text-red-700">
              {errors.staffIds}
            </p>
          )}
        </fieldset>
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={isPending}>
          {room ? tabText('staff.classrooms.save') : tabText('staff.classrooms.create')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
