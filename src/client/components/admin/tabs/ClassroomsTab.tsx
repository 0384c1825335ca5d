import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CLASSROOM_AGE_GROUP_LABELS, CLASSROOM_AGE_GROUPS, type ClassroomAgeGroup } from '~/shared/schemas/classrooms';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';

type Room = { id: string; name: string; ageGroup: ClassroomAgeGroup; capacity: number; childIds: string[]; staffIds: string[] };
const ageOptions = CLASSROOM_AGE_GROUPS.map((g) => ({ value: g, label: CLASSROOM_AGE_GROUP_LABELS[g] }));
const NO_ROOM = '__none__';

function refresh() {
  void queryClient.invalidateQueries(trpc.classrooms.pathFilter());
  void queryClient.invalidateQueries(trpc.attendance.pathFilter());
  void queryClient.invalidateQueries(trpc.auditLog.pathFilter());
}

/** The Classrooms tab (director, issue 32): create rooms, assign children and staff. */
export default function ClassroomsTab() {
  const rooms = useQuery({ ...trpc.classrooms.list.queryOptions(), staleTime: 0 });
  const children = useQuery(trpc.children.list.queryOptions());
  const staff = useQuery(trpc.staff.list.queryOptions());
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const assign = useMutation(
    trpc.classrooms.updateChild.mutationOptions({
      onSuccess: refresh,
      onError: (error) => toast({ title: 'Not Saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const list = (rooms.data ?? []) as Room[];
  const roomOf = (childId: string) => list.find((r) => r.childIds.includes(childId))?.id ?? NO_ROOM;
  const staffName = (id: string) => staff.data?.find((s) => s.id === id)?.name ?? 'Staff';
  const active = children.data?.filter((c) => c.isActive) ?? [];

  return (
    <section aria-labelledby="classrooms-heading" className="flex flex-col gap-6">
      <div>
        <PanelHeader
          id="classrooms-heading"
          title="Classrooms"
          count={rooms.data?.length}
          description="Each child belongs to one room; staff may work in several."
          action={
            <Button onPress={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" />
              New Classroom
            </Button>
          }
        />
        <ListState isPending={rooms.isPending} error={rooms.error} isEmpty={list.length === 0} empty="No classrooms yet." />
        <ul aria-label="Classrooms" className="grid gap-3 md:grid-cols-2">
          {list.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-col gap-2 p-4">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {r.name}
                  <Badge tone="brand">{CLASSROOM_AGE_GROUP_LABELS[r.ageGroup]}</Badge>
                </p>
                <p className="text-sm text-stone-700">
                  {r.childIds.length} of {r.capacity} places taken
                </p>
                <p className="text-sm text-stone-700">
                  Staff: {r.staffIds.length ? r.staffIds.map(staffName).join(', ') : 'none assigned'}
                </p>
                <div>
                  <Button variant="outline" aria-label={`Edit ${r.name}`} onPress={() => setEditing(r)}>
                    Edit
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>

      <section aria-labelledby="assign-heading">
        <h3 id="assign-heading" className="mb-2 text-lg font-semibold text-stone-900">
          Children's rooms
        </h3>
        <ul aria-label="Children's rooms" className="grid gap-2 md:grid-cols-2">
          {active.map((c) => (
            <li key={c.id}>
              <Card className="p-3">
                <Select
                  label={`Room for ${c.childName}`}
                  value={roomOf(c.id)}
                  isDisabled={assign.isPending}
                  onChange={(value) => assign.mutate({ id: c.id, classroomId: value === NO_ROOM ? null : value })}
                  options={[{ value: NO_ROOM, label: 'No classroom' }, ...list.map((r) => ({ value: r.id, label: r.name }))]}
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

function RoomDialog({ room, staff, onClose }: { room: Room | null; staff: { id: string; name: string }[]; onClose: () => void }) {
  const [name, setName] = useState(room?.name ?? '');
  const [ageGroup, setAgeGroup] = useState<string>(room?.ageGroup ?? 'preschool_3');
  const [capacity, setCapacity] = useState(String(room?.capacity ?? 12));
  const [staffIds, setStaffIds] = useState<string[]>(room?.staffIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const done = {
    onSuccess: () => {
      toast({ title: room ? 'Classroom Updated' : 'Classroom Created', description: `${name.trim()} is saved.` });
      refresh();
      onClose();
    },
    onError: (e: unknown) => setError(errorMessage(e, 'Please try again.')),
  };
  const create = useMutation(trpc.classrooms.create.mutationOptions(done));
  const update = useMutation(trpc.classrooms.update.mutationOptions(done));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = { name, ageGroup: ageGroup as ClassroomAgeGroup, capacity: Number(capacity), staffIds };
    if (room) update.mutate({ id: room.id, ...fields });
    else create.mutate(fields);
  };
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={room ? `Edit ${room.name}` : 'New Classroom'}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            {error}
          </p>
        )}
        <TextField label="Room name" value={name} onChange={setName} required />
        <Select label="Age group" value={ageGroup} onChange={setAgeGroup} options={ageOptions} required />
        <TextField label="Capacity" value={capacity} onChange={setCapacity} inputMode="numeric" required />
        <fieldset className="flex flex-col">
          <legend className="text-sm font-medium text-stone-800">Staff</legend>
          {staff.map((s) => (
            <Checkbox
              key={s.id}
              isSelected={staffIds.includes(s.id)}
              onChange={(on) => setStaffIds((ids) => (on ? [...ids, s.id] : ids.filter((x) => x !== s.id)))}
            >
              {s.name}
            </Checkbox>
          ))}
        </fieldset>
        <DialogActions onCancel={onClose} isDisabled={create.isPending || update.isPending}>
          {room ? 'Save Classroom' : 'Create Classroom'}
        </DialogActions>
      </form>
    </Dialog>
  );
}
