import { useQuery } from '@tanstack/react-query';
import { Award, CalendarPlus, Lock, Mail, NotebookPen, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { centreDateOf, weekOf } from '~/shared/centre-time';
import { formatDate } from '~/client/lib/format';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { label } from '../../parent/categories';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { ActivityDialog } from './activities/ActivityDialog';
import { MilestoneDialog } from './activities/MilestoneDialog';
import { NoteDialog } from './activities/NoteDialog';
import { type ActivityRow, type NoteRow, refresh } from './activities/records';
import { ReportDialog } from './activities/ReportDialog';
import { tabText } from './tab-words';

/** Activities tab (docs/product.md §2): child picker, add activity / note, weekly report, milestones, the 5 latest of each. */
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
        title={tabText('staff.activities.title')}
        description={tabText('staff.activities.description')}
      />
      {children.isPending ? (
        <p className="py-8 text-center text-stone-500">{tabText('staff.loading')}</p>
      ) : active.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-500">
          {tabText('staff.activities.noChildren')}
        </p>
      ) : (
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
          <Select
            label={tabText('staff.activities.selectChild')}
            options={active.map((c) => ({ value: c.id, label: c.childName }))}
            value={childId}
            onChange={setChildId}
            placeholder={tabText('staff.activities.chooseChild')}
            className="lg:w-72"
          />
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:flex lg:flex-wrap">
            <Button isDisabled={!child} onPress={() => setDialog({ kind: 'activity', row: null })}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {tabText('staff.activities.addActivity')}
            </Button>
            <Button isDisabled={!child} variant="secondary" onPress={() => setDialog({ kind: 'note', row: null })}>
              <NotebookPen aria-hidden="true" className="size-4" />
              {tabText('staff.activities.addNote')}
            </Button>
            <Button isDisabled={!child} variant="outline" onPress={() => setDialog({ kind: 'report' })}>
              <Mail aria-hidden="true" className="size-4" />
              {tabText('staff.activities.sendReport')}
            </Button>
            <Button isDisabled={!child} variant="outline" onPress={() => setDialog({ kind: 'milestone' })}>
              <Award aria-hidden="true" className="size-4" />
              {tabText('staff.activities.recordMilestone')}
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
    title: tabText('staff.activities.deleteActivityTitle'),
    message: (a: ActivityRow) => tabText('staff.activities.deleteActivityText', { title: a.title, date: formatDate(a.activityDate) }),
    success: () => ({ title: tabText('staff.activities.activityDeleted') }),
    failure: (e) => ({ title: tabText('staff.activities.activityDeleteFailed'), description: errorMessage(e, tabText('staff.tryAgain')) }),
    onDeleted: refresh,
  });
  const deleteNote = useConfirmedDelete({
    mutation: trpc.development.deleteNote.mutationOptions(),
    title: tabText('staff.activities.deleteNoteTitle'),
    message: (n: NoteRow) => tabText('staff.activities.deleteNoteText', { title: n.title }),
    success: () => ({ title: tabText('staff.activities.noteDeleted') }),
    failure: (e) => ({ title: tabText('staff.activities.noteDeleteFailed'), description: errorMessage(e, tabText('staff.tryAgain')) }),
    onDeleted: refresh,
  });

  const data = records.data?.data;
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <h3 className="font-semibold text-stone-900">
          {tabText('staff.activities.week', { start: formatDate(week.start), end: formatDate(week.end) })}
        </h3>
        {summary.data ? (
          <p className="mt-1 text-sm text-stone-700">
            {tabText('staff.activities.weekCounts', {
              activities: summary.data.summary.totalActivities,
              notes: summary.data.summary.totalNotes,
            })}{' '}
            {summary.data.summary.skillsPracticed.length > 0 &&
              tabText('staff.activities.skillsPracticed', { skills: summary.data.summary.skillsPracticed.join(', ') })}
          </p>
        ) : (
          <p className="mt-1 text-sm text-stone-500">{tabText('staff.loading')}</p>
        )}
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="recent-activities-admin" className="flex flex-col gap-3">
          <h3 id="recent-activities-admin" className="text-lg font-semibold text-stone-900">
            {tabText('staff.activities.recent')}
          </h3>
          <ListState
            isPending={records.isPending}
            error={records.error}
            isEmpty={data?.activities.length === 0}
            empty={tabText('staff.activities.noActivities')}
          />
          <ul className="flex flex-col gap-2" aria-label={tabText('staff.activities.recentList')}>
            {data?.activities.map((a) => (
              <li key={a.id}>
                <Card className="flex flex-col gap-1 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h4 className="font-semibold text-stone-900">{a.title}</h4>
                    <Badge tone="blue">{label(a.category)}</Badge>
                  </div>
                  <p className="text-sm text-stone-600">
                    {formatDate(a.activityDate)} · {a.authorName}
                    {a.duration != null && ` · ${tabText('staff.activities.minutes', { minutes: a.duration })}`}
                    {a.enjoymentLevel != null && ` · ${tabText('staff.activities.enjoyment', { level: a.enjoymentLevel })}`}
                  </p>
                  <p className="text-sm text-stone-800">{a.description}</p>
                  {a.skillsPracticed.length > 0 && (
                    <p className="text-sm text-stone-600">{tabText('staff.activities.skills', { skills: a.skillsPracticed.join(', ') })}</p>
                  )}
                  {mayChange(a.authorId) && (
                    <div className="flex gap-2">
                      <Button
                        size="md"
                        variant="ghost"
                        aria-label={tabText('staff.activities.editActivity', { title: a.title })}
                        onPress={() => onEditActivity(a)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        {tabText('staff.edit')}
                      </Button>
                      <Button
                        size="md"
                        variant="ghost"
                        aria-label={tabText('staff.activities.deleteActivity', { title: a.title })}
                        onPress={() => deleteActivity.request(a)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        {tabText('staff.delete')}
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
            {tabText('staff.activities.notes')}
          </h3>
          <ListState
            isPending={records.isPending}
            error={records.error}
            isEmpty={data?.developmentNotes.length === 0}
            empty={tabText('staff.activities.noNotes')}
          />
          <ul className="flex flex-col gap-2" aria-label={tabText('staff.activities.notesList')}>
            {data?.developmentNotes.map((n) => (
              <li key={n.id}>
                <Card className="flex flex-col gap-1 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h4 className="font-semibold text-stone-900">{n.title}</h4>
                    <div className="flex gap-1">
                      {n.isPrivate && (
                        <Badge tone="red">
                          <Lock aria-hidden="true" className="size-3" />
                          {tabText('staff.private')}
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
                      <Button
                        size="md"
                        variant="ghost"
                        aria-label={tabText('staff.activities.editNote', { title: n.title })}
                        onPress={() => onEditNote(n)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        {tabText('staff.edit')}
                      </Button>
                      <Button
                        size="md"
                        variant="ghost"
                        aria-label={tabText('staff.activities.deleteNote', { title: n.title })}
                        onPress={() => deleteNote.request(n)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        {tabText('staff.delete')}
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
            {tabText('staff.activities.achieved')}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {achievements.data.map((a) => (
              <li key={a.id}>
                <Badge tone="green">
                  {names.get(a.milestoneId) ?? tabText('staff.activities.milestone')} · {formatDate(a.achievedAt)}
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
