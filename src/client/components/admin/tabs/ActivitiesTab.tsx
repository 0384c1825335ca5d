import { useMutation, useQuery } from '@tanstack/react-query';
import { Award, CalendarPlus, Lock, Mail, NotebookPen, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { centreDateOf, weekOf } from '~/shared/centre-time';
import { compareNames } from '~/shared/compare';
import { ACTIVITY_CATEGORIES, AGE_RANGES, CELEBRATION_LEVELS, NOTE_CATEGORIES, PARTICIPATION_LEVELS } from '~/shared/constants';
import { AGE_RANGE_LABELS } from '../../milestones/labels';
import { achievementSchema, activityFields, MISSING_DATES, noteFields, weeklyReportSchema } from '~/shared/schemas/development';
import { formatDate, plural } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { label } from '../../parent/categories';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { useSaveDialog } from '../useSaveDialog';

type Records = RouterOutputs['development']['childRecords']['data'];
type ActivityRow = Records['activities'][number];
type NoteRow = Records['developmentNotes'][number];

const options = (values: readonly string[]) => values.map((value) => ({ value, label: label(value) }));
const NONE = { value: '', label: 'Not recorded' };

function refresh() {
  void queryClient.invalidateQueries(trpc.development.pathFilter());
  void queryClient.invalidateQueries(trpc.achievements.pathFilter());
}

/** Activities tab (SPEC.md §2): child picker, add activity / note, weekly report, milestones, the 5 latest of each. */
export default function ActivitiesTab() {
  const children = useQuery({ ...trpc.children.list.queryOptions(), staleTime: 0 });
  const active = (children.data ?? []).filter((c) => c.isActive);
  const [childId, setChildId] = useState<string | null>(null);
  const child = active.find((c) => c.id === childId) ?? null;
  const [dialog, setDialog] = useState<
    | { kind: 'activity'; row: ActivityRow | null }
    | { kind: 'note'; row: NoteRow | null }
    | { kind: 'report' }
    | { kind: 'milestone' }
    | null
  >(null);

  return (
    <section aria-labelledby="activities-heading" className="flex flex-col gap-4">
      <PanelHeader
        id="activities-heading"
        title="Activities & Development"
        description="Record each child's day and development, and keep the parents informed."
      />
      {children.isPending ? (
        <p className="py-8 text-center text-stone-500">Loading...</p>
      ) : active.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-500">
          No active children yet. Enroll a child first.
        </p>
      ) : (
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
          <Select
            label="Select Child"
            options={active.map((c) => ({ value: c.id, label: c.childName }))}
            value={childId}
            onChange={setChildId}
            placeholder="Choose a child"
            className="lg:w-72"
          />
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:flex lg:flex-wrap">
            <Button isDisabled={!child} onPress={() => setDialog({ kind: 'activity', row: null })}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Add Daily Activity
            </Button>
            <Button isDisabled={!child} variant="secondary" onPress={() => setDialog({ kind: 'note', row: null })}>
              <NotebookPen aria-hidden="true" className="size-4" />
              Add Development Note
            </Button>
            <Button isDisabled={!child} variant="outline" onPress={() => setDialog({ kind: 'report' })}>
              <Mail aria-hidden="true" className="size-4" />
              Send Weekly Report
            </Button>
            <Button isDisabled={!child} variant="outline" onPress={() => setDialog({ kind: 'milestone' })}>
              <Award aria-hidden="true" className="size-4" />
              Record Milestone
            </Button>
          </div>
        </div>
      )}

      {child && (
        <ChildRecords
          childId={child.id}
          onEditActivity={(row) => setDialog({ kind: 'activity', row })}
          onEditNote={(row) => setDialog({ kind: 'note', row })}
        />
      )}

      {child && dialog?.kind === 'activity' && <ActivityDialog childId={child.id} row={dialog.row} onClose={() => setDialog(null)} />}
      {child && dialog?.kind === 'note' && <NoteDialog childId={child.id} row={dialog.row} onClose={() => setDialog(null)} />}
      {child && dialog?.kind === 'report' && (
        <ReportDialog childId={child.id} childName={child.childName} onClose={() => setDialog(null)} />
      )}
      {child && dialog?.kind === 'milestone' && (
        <MilestoneDialog childId={child.id} childName={child.childName} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function ChildRecords({
  childId,
  onEditActivity,
  onEditNote,
}: {
  childId: string;
  onEditActivity: (row: ActivityRow) => void;
  onEditNote: (row: NoteRow) => void;
}) {
  const records = useQuery({ ...trpc.development.childRecords.queryOptions(childId), staleTime: 0 });
  const week = weekOf(centreDateOf(new Date()));
  const summary = useQuery({ ...trpc.development.summary.queryOptions({ childId, start: week.start, end: week.end }), staleTime: 0 });
  const achievements = useQuery({ ...trpc.achievements.forChild.queryOptions(childId), staleTime: 0 });
  const milestones = useQuery(trpc.milestones.list.queryOptions());
  const names = new Map((milestones.data ?? []).map((m) => [m.id, m.name]));
  // A teacher may change only what they wrote (ADR 039): the buttons show where the server would say yes.
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const mayChange = (authorId: string | null) => me.data?.role === 'director' || (!!authorId && authorId === me.data?.id);

  const deleteActivity = useConfirmedDelete({
    mutation: trpc.development.deleteActivity.mutationOptions(),
    title: 'Delete Activity',
    message: (a: ActivityRow) => `Delete "${a.title}" of ${formatDate(a.activityDate)}? The parents will no longer see it.`,
    success: () => ({ title: 'Activity deleted' }),
    failure: (e) => ({ title: 'Failed to delete activity', description: errorMessage(e, 'Please try again.') }),
    onDeleted: refresh,
  });
  const deleteNote = useConfirmedDelete({
    mutation: trpc.development.deleteNote.mutationOptions(),
    title: 'Delete Development Note',
    message: (n: NoteRow) => `Delete the note "${n.title}"?`,
    success: () => ({ title: 'Development note deleted' }),
    failure: (e) => ({ title: 'Failed to delete development note', description: errorMessage(e, 'Please try again.') }),
    onDeleted: refresh,
  });

  const data = records.data?.data;
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <h3 className="font-semibold text-stone-900">
          This week ({formatDate(week.start)} to {formatDate(week.end)})
        </h3>
        {summary.data ? (
          <p className="mt-1 text-sm text-stone-700">
            {plural(summary.data.summary.totalActivities, 'activity', 'activities')},{' '}
            {plural(summary.data.summary.totalNotes, 'note', 'notes')}.{' '}
            {summary.data.summary.skillsPracticed.length > 0 && `Skills practiced: ${summary.data.summary.skillsPracticed.join(', ')}.`}
          </p>
        ) : (
          <p className="mt-1 text-sm text-stone-500">Loading...</p>
        )}
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="recent-activities-admin" className="flex flex-col gap-3">
          <h3 id="recent-activities-admin" className="text-lg font-semibold text-stone-900">
            Recent Activities
          </h3>
          <ListState
            isPending={records.isPending}
            error={records.error}
            isEmpty={data?.activities.length === 0}
            empty="No activities recorded yet."
          />
          <ul className="flex flex-col gap-2" aria-label="Recent activities">
            {data?.activities.map((a) => (
              <li key={a.id}>
                <Card className="flex flex-col gap-1 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h4 className="font-semibold text-stone-900">{a.title}</h4>
                    <Badge tone="blue">{label(a.category)}</Badge>
                  </div>
                  <p className="text-sm text-stone-600">
                    {formatDate(a.activityDate)} · {a.authorName}
                    {a.duration != null && ` · ${a.duration} minutes`}
                    {a.enjoymentLevel != null && ` · Enjoyment ${a.enjoymentLevel}/5`}
                  </p>
                  <p className="text-sm text-stone-800">{a.description}</p>
                  {a.skillsPracticed.length > 0 && <p className="text-sm text-stone-600">Skills: {a.skillsPracticed.join(', ')}</p>}
                  {mayChange(a.authorId) && (
                    <div className="flex gap-2">
                      <Button size="md" variant="ghost" aria-label={`Edit activity ${a.title}`} onPress={() => onEditActivity(a)}>
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </Button>
                      <Button size="md" variant="ghost" aria-label={`Delete activity ${a.title}`} onPress={() => deleteActivity.request(a)}>
                        <Trash2 aria-hidden="true" className="size-4" />
                        Delete
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recent-notes-admin" className="flex flex-col gap-3">
          <h3 id="recent-notes-admin" className="text-lg font-semibold text-stone-900">
            Development Notes
          </h3>
          <ListState
            isPending={records.isPending}
            error={records.error}
            isEmpty={data?.developmentNotes.length === 0}
            empty="No development notes yet."
          />
          <ul className="flex flex-col gap-2" aria-label="Recent development notes">
            {data?.developmentNotes.map((n) => (
              <li key={n.id}>
                <Card className="flex flex-col gap-1 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h4 className="font-semibold text-stone-900">{n.title}</h4>
                    <div className="flex gap-1">
                      {n.isPrivate && (
                        <Badge tone="red">
                          <Lock aria-hidden="true" className="size-3" />
                          Private
                        </Badge>
                      )}
                      <Badge tone="purple">{label(n.category)}</Badge>
                    </div>
                  </div>
                  <p className="text-sm text-stone-600">
                    {formatDate(n.createdAt)} · {n.authorName}
                  </p>
                  <p className="text-sm whitespace-pre-line text-stone-800">{n.content}</p>
                  {mayChange(n.authorId) && (
                    <div className="flex gap-2">
                      <Button size="md" variant="ghost" aria-label={`Edit note ${n.title}`} onPress={() => onEditNote(n)}>
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </Button>
                      <Button size="md" variant="ghost" aria-label={`Delete note ${n.title}`} onPress={() => deleteNote.request(n)}>
                        <Trash2 aria-hidden="true" className="size-4" />
                        Delete
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {achievements.data && achievements.data.length > 0 && (
        <section aria-labelledby="achievements-admin" className="flex flex-col gap-2">
          <h3 id="achievements-admin" className="text-lg font-semibold text-stone-900">
            Milestones achieved
          </h3>
          <ul className="flex flex-wrap gap-2">
            {achievements.data.map((a) => (
              <li key={a.id}>
                <Badge tone="green">
                  {names.get(a.milestoneId) ?? 'Milestone'} · {formatDate(a.achievedAt)}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
      {deleteActivity.dialog}
      {deleteNote.dialog}
    </div>
  );
}

function ActivityDialog({ childId, row, onClose }: { childId: string; row: ActivityRow | null; onClose: () => void }) {
  const form = useSchemaForm(activityFields, {
    activityDate: row?.activityDate ?? centreDateOf(new Date()),
    category: row?.category ?? 'learning',
    title: row?.title ?? '',
    description: row?.description ?? '',
    duration: row?.duration != null ? String(row.duration) : '',
    skillsPracticed: row?.skillsPracticed.join(', ') ?? '',
    enjoymentLevel: row?.enjoymentLevel != null ? String(row.enjoymentLevel) : '',
    participationLevel: row?.participationLevel ?? '',
    notes: row?.notes ?? '',
  } as Record<string, string>);
  const { submit, isPending } = useSaveDialog({
    form,
    editing: row !== null,
    create: {
      mutation: trpc.development.createActivity.mutationOptions(),
      input: (data) => ({ ...data, childId }),
      success: () => ({ title: 'Activity added' }),
      failure: 'Failed to create activity',
    },
    update: {
      mutation: trpc.development.updateActivity.mutationOptions(),
      input: (data) => ({ ...data, id: row!.id }),
      success: () => ({ title: 'Activity updated' }),
      failure: 'Failed to update activity',
    },
    refresh,
    onClose,
  });
  const v = form.values;
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={row ? 'Edit Daily Activity' : 'Add Daily Activity'} size="lg">
      <Form onSubmit={submit} validationBehavior="aria" ref={form.formRef} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date"
          type="date"
          value={v.activityDate}
          onChange={form.set('activityDate')}
          error={form.errors.activityDate}
          required
        />
        <Select
          label="Category"
          options={options(ACTIVITY_CATEGORIES)}
          value={v.category!}
          onChange={form.set('category')}
          error={form.errors.category}
          required
        />
        <TextField
          className="sm:col-span-2"
          label="Title"
          value={v.title}
          onChange={form.set('title')}
          error={form.errors.title}
          required
        />
        <TextField
          className="sm:col-span-2"
          label="Description"
          multiline
          value={v.description}
          onChange={form.set('description')}
          error={form.errors.description}
          required
        />
        <TextField
          label="Duration (minutes)"
          inputMode="numeric"
          value={v.duration}
          onChange={form.set('duration')}
          error={form.errors.duration}
        />
        <Select
          label="Enjoyment (1 to 5)"
          options={[NONE, ...['1', '2', '3', '4', '5'].map((n) => ({ value: n, label: `${n}/5` }))]}
          value={v.enjoymentLevel!}
          onChange={form.set('enjoymentLevel')}
          error={form.errors.enjoymentLevel}
        />
        <TextField
          className="sm:col-span-2"
          label="Skills practiced"
          description="Separate skills with commas"
          value={v.skillsPracticed}
          onChange={form.set('skillsPracticed')}
          error={form.errors.skillsPracticed}
        />
        <Select
          label="Participation"
          options={[NONE, ...options(PARTICIPATION_LEVELS)]}
          value={v.participationLevel!}
          onChange={form.set('participationLevel')}
          error={form.errors.participationLevel}
        />
        <TextField label="Notes" value={v.notes} onChange={form.set('notes')} error={form.errors.notes} />
        <DialogActions className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {row ? 'Save Changes' : 'Add Activity'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function NoteDialog({ childId, row, onClose }: { childId: string; row: NoteRow | null; onClose: () => void }) {
  const form = useSchemaForm(noteFields, {
    category: row?.category ?? 'cognitive',
    title: row?.title ?? '',
    content: row?.content ?? '',
    skillsObserved: row?.skillsObserved.join(', ') ?? '',
    developmentAreas: row?.developmentAreas.join(', ') ?? '',
    isPrivate: row?.isPrivate ?? false,
  } as { category: string; title: string; content: string; skillsObserved: string; developmentAreas: string; isPrivate: boolean });
  const { submit, isPending } = useSaveDialog({
    form,
    editing: row !== null,
    create: {
      mutation: trpc.development.createNote.mutationOptions(),
      input: (data) => ({ ...data, childId }),
      success: () => ({ title: 'Development note added' }),
      failure: 'Failed to create development note',
    },
    update: {
      mutation: trpc.development.updateNote.mutationOptions(),
      input: (data) => ({ ...data, id: row!.id }),
      success: () => ({ title: 'Development note updated' }),
      failure: 'Failed to update development note',
    },
    refresh,
    onClose,
  });
  const v = form.values;
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={row ? 'Edit Development Note' : 'Add Development Note'} size="lg">
      <Form onSubmit={submit} validationBehavior="aria" ref={form.formRef} className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Category"
          options={options(NOTE_CATEGORIES)}
          value={v.category}
          onChange={form.set('category')}
          error={form.errors.category}
          required
        />
        <TextField label="Title" value={v.title} onChange={form.set('title')} error={form.errors.title} required />
        <TextField
          className="sm:col-span-2"
          label="Content"
          multiline
          rows={5}
          value={v.content}
          onChange={form.set('content')}
          error={form.errors.content}
          required
        />
        <TextField
          label="Skills observed"
          description="Separate skills with commas"
          value={v.skillsObserved}
          onChange={form.set('skillsObserved')}
          error={form.errors.skillsObserved}
        />
        <TextField
          label="Development areas"
          description="Separate areas with commas"
          value={v.developmentAreas}
          onChange={form.set('developmentAreas')}
          error={form.errors.developmentAreas}
        />
        <Checkbox className="sm:col-span-2" isSelected={v.isPrivate} onChange={form.set('isPrivate')}>
          Private (staff only; never shown to parents)
        </Checkbox>
        <DialogActions className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {row ? 'Save Changes' : 'Add Note'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function ReportDialog({ childId, childName, onClose }: { childId: string; childName: string; onClose: () => void }) {
  const form = useSchemaForm(
    weeklyReportSchema,
    () => {
      const week = weekOf(centreDateOf(new Date()));
      return { childId, weekStartDate: week.start, weekEndDate: week.end };
    },
    { onEdit: 'clear', focusInvalid: true },
  );
  const send = useMutation(
    trpc.development.sendWeeklyReport.mutationOptions({
      onSuccess: (result) => {
        if (!result.emailSent) {
          toast({ title: 'Failed to send activity report', description: result.emailError ?? result.message, variant: 'destructive' });
          return;
        }
        toast({ title: 'Weekly Report Sent', description: result.message });
        onClose();
      },
      onError: (e) => {
        // A date the server refuses (end before start) is shown at its field; anything else as a toast.
        if (!form.showServerErrors(e as ServerError))
          toast({ title: 'Failed to send activity report', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const { weekStartDate, weekEndDate } = form.values;
    if (!weekStartDate || !weekEndDate) {
      // SPEC.md §8 names this one a toast.
      toast({ title: 'Missing Dates', description: MISSING_DATES.replace('Missing Dates: ', ''), variant: 'destructive' });
      return;
    }
    const data = form.parse();
    if (data) send.mutate(data);
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Send Weekly Report"
      description={`E-mails ${childName}'s activities, notes (never private ones) and skills to the parents.`}
    >
      <Form onSubmit={submit} validationBehavior="aria" ref={form.formRef} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Week start"
          type="date"
          value={form.values.weekStartDate}
          onChange={form.set('weekStartDate')}
          error={form.errors.weekStartDate}
        />
        <TextField
          label="Week end"
          type="date"
          value={form.values.weekEndDate}
          onChange={form.set('weekEndDate')}
          error={form.errors.weekEndDate}
        />
        <DialogActions className="sm:col-span-2" onCancel={onClose} isDisabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Report'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The milestone picker: youngest age band first, then by name, each with its age band as people write it. */
function milestoneOptions(list: readonly { id: string; name: string; ageRange: string }[]) {
  const rank = (range: string) => {
    const i = (AGE_RANGES as readonly string[]).indexOf(range);
    return i === -1 ? AGE_RANGES.length : i;
  };
  return [...list]
    .sort((a, b) => rank(a.ageRange) - rank(b.ageRange) || compareNames(a.name, b.name))
    .map((m) => ({ value: m.id, label: `${m.name} (${AGE_RANGE_LABELS[m.ageRange] ?? m.ageRange})` }));
}

function MilestoneDialog({ childId, childName, onClose }: { childId: string; childName: string; onClose: () => void }) {
  const milestones = useQuery(trpc.milestones.list.queryOptions());
  const form = useSchemaForm(achievementSchema, {
    childId,
    milestoneId: '',
    achievedAt: centreDateOf(new Date()),
    notes: '',
    witnessedBy: '',
    celebrationLevel: 'standard',
    sharePublicly: false,
  } as {
    childId: string;
    milestoneId: string;
    achievedAt: string;
    notes: string;
    witnessedBy: string;
    celebrationLevel: string;
    sharePublicly: boolean;
  });
  const { submit, isPending } = useSaveDialog({
    form,
    editing: false,
    create: {
      mutation: trpc.achievements.record.mutationOptions(),
      input: (data) => data,
      success: (result) => ({ title: 'Milestone Recorded', description: result.message }),
      failure: 'Failed to record milestone',
    },
    refresh,
    onClose,
  });
  const v = form.values;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Record Milestone"
      description={`${childName}'s parents are told by e-mail.`}
      size="lg"
    >
      <Form onSubmit={submit} validationBehavior="aria" ref={form.formRef} className="grid gap-4 sm:grid-cols-2">
        <Select
          className="sm:col-span-2"
          label="Milestone"
          options={milestoneOptions(milestones.data ?? [])}
          value={v.milestoneId}
          onChange={form.set('milestoneId')}
          error={form.errors.milestoneId}
          required
        />
        <TextField
          label="Date achieved"
          type="date"
          value={v.achievedAt}
          onChange={form.set('achievedAt')}
          error={form.errors.achievedAt}
          required
        />
        <Select
          label="Celebration"
          options={options(CELEBRATION_LEVELS)}
          value={v.celebrationLevel}
          onChange={form.set('celebrationLevel')}
          error={form.errors.celebrationLevel}
        />
        <TextField label="Witnessed by" value={v.witnessedBy} onChange={form.set('witnessedBy')} error={form.errors.witnessedBy} />
        <TextField label="Notes" value={v.notes} onChange={form.set('notes')} error={form.errors.notes} />
        <Checkbox className="sm:col-span-2" isSelected={v.sharePublicly} onChange={form.set('sharePublicly')}>
          Share the notes on the public milestones page (never the child's name)
        </Checkbox>
        <DialogActions className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {isPending ? 'Saving...' : 'Record Milestone'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
