import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, FilePlus, FileText, Pill, Snowflake, Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { centreClock24 } from '~/shared/centre-clock';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { INLINE_TARGET } from '../../ui/button-class';
import { cn } from '../../ui/cn';
import { Card } from '../../ui/Card';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { PaperRequestDialog } from './medication/PaperRequestDialog';
import { tabText } from './tab-words';

type Line = RouterOutputs['medication']['roomDoses'][number];
type Request = RouterOutputs['medication']['list'][number];

/** The select's value for every room. */
const ALL = 'all';
const refresh = () => void queryClient.invalidateQueries(trpc.medication.pathFilter());

const STATE_CLASS: Record<Line['state'], string> = {
  due: 'bg-amber-100 text-amber-900',
  given: 'bg-emerald-100 text-emerald-900',
  upcoming: 'bg-stone-100 text-stone-800',
  missed: 'bg-red-100 text-red-900',
  'as-needed': 'bg-sky-100 text-sky-900',
};

/**
 * The Medication tab (ADR 092), for teachers and directors on a tablet: the room's doses of the day, due now first,
 * each recorded with one tap right after it is given; and the requests waiting for the director's approval.
 */
export default function MedicationTab() {
  const [classroomId, setClassroomId] = useState(ALL);
  const rooms = useQuery(trpc.classrooms.list.queryOptions());
  const lines = useQuery({
    ...trpc.medication.roomDoses.queryOptions({ classroomId: classroomId === ALL ? null : classroomId }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const [giving, setGiving] = useState<Line | null>(null);
  const data = lines.data ?? [];
  const dueNow = data.filter((l) => l.state === 'due' || l.state === 'missed');
  const rest = data.filter((l) => l.state !== 'due' && l.state !== 'missed');

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="medication-heading" className="flex flex-col gap-4">
        <PanelHeader id="medication-heading" title={tabText('staff.medication.title')} description={tabText('staff.medication.intro')} />
        <Select
          placeholder={tabText('staff.select')}
          className="max-w-sm"
          label={tabText('staff.medication.room')}
          value={classroomId}
          onChange={setClassroomId}
          options={[
            { value: ALL, label: tabText('staff.medication.allRooms') },
            ...(rooms.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <ListState isPending={lines.isPending} error={lines.error} isEmpty={data.length === 0} empty={tabText('staff.medication.none')} />
        {dueNow.length > 0 && (
          <LineList heading={tabText('staff.medication.dueNow')} id="medication-due" lines={dueNow} onGive={setGiving} />
        )}
        {rest.length > 0 && <LineList heading={tabText('staff.medication.today')} id="medication-today" lines={rest} onGive={setGiving} />}
      </section>
      <Requests isDirector={me.data?.role === 'director'} />
      {giving && <DoseDialog line={giving} onClose={() => setGiving(null)} />}
    </div>
  );
}

function LineList({ heading, id, lines, onGive }: { heading: string; id: string; lines: Line[]; onGive: (l: Line) => void }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id={id} className="text-base font-semibold text-stone-900">
        {heading}
      </h3>
      <ul aria-labelledby={id} className="grid gap-2 md:grid-cols-2">
        {lines.map((l) => (
          <li key={`${l.authorizationId}-${l.time ?? 'prn'}`}>
            <Card className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-stone-900">
                  {l.childName} · {l.medicationName}
                </p>
                <p className="text-stone-700">
                  {l.dose} · {l.route}
                  {l.refrigerate && (
                    <span className="ml-2 inline-flex items-center gap-1 text-sky-800">
                      <Snowflake aria-hidden="true" className="size-3" />
                      {tabText('staff.medication.refrigerate')}
                    </span>
                  )}
                </p>
                <p className="text-stone-700">
                  {l.time
                    ? tabText('staff.medication.at', { time: l.time })
                    : tabText('staff.medication.asNeeded', { sign: l.asNeeded ?? '' })}{' '}
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[l.state]}`}>
                    {tabText(`staff.medication.state.${l.state}`)}
                  </span>
                </p>
                {l.doses.map((d) => (
                  <p key={d.id} className="text-xs text-stone-600">
                    {tabText('staff.medication.givenBy', { time: centreClock24(new Date(d.givenAt)), name: d.authorName })}
                  </p>
                ))}
              </div>
              {l.state !== 'given' && (
                <Button
                  className="min-h-11"
                  onPress={() => onGive(l)}
                  aria-label={tabText('staff.medication.recordFor', { medicine: l.medicationName, name: l.childName })}
                >
                  <Pill aria-hidden="true" className="size-4" />
                  {tabText('staff.medication.record')}
                </Button>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Records the dose given now: the dose as authorized, which the teacher may correct, and a note. */
function DoseDialog({ line, onClose }: { line: Line; onClose: () => void }) {
  const [dose, setDose] = useState(line.dose);
  const [notes, setNotes] = useState('');
  const record = useMutation(trpc.medication.recordDose.mutationOptions());
  function submit(e: FormEvent) {
    e.preventDefault();
    record.mutate(
      { authorizationId: line.authorizationId, givenAt: new Date(), dose, notes },
      {
        onSuccess: () => {
          toast({ title: tabText('staff.medication.recorded', { medicine: line.medicationName, name: line.childName }) });
          refresh();
          onClose();
        },
        onError: (error) =>
          toast({ title: tabText('staff.medication.recordFailed'), description: errorMessage(error, ''), variant: 'destructive' }),
      },
    );
  }
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.medication.recordTitle', { medicine: line.medicationName, name: line.childName })}
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <TextField label={tabText('staff.medication.dose')} required value={dose} onChange={setDose} />
        <TextField label={tabText('staff.medication.notes')} multiline value={notes} onChange={setNotes} />
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={record.isPending}>
          {tabText('staff.medication.save')}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The requests waiting for a decision: a director approves or returns each with a reason; a teacher reads them. */
function Requests({ isDirector }: { isDirector: boolean }) {
  const pending = useQuery({ ...trpc.medication.list.queryOptions({ status: 'pending' }), staleTime: 0 });
  const approve = useMutation(trpc.medication.approve.mutationOptions());
  const [returning, setReturning] = useState<Request | null>(null);
  const [entering, setEntering] = useState(false);
  const data = pending.data ?? [];
  return (
    <section aria-labelledby="medication-requests" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="medication-requests" className="text-base font-semibold text-stone-900">
          {tabText('staff.medication.requests')}
        </h3>
        <Button variant="outline" className="min-h-11" onPress={() => setEntering(true)}>
          <FilePlus aria-hidden="true" className="size-4" />
          {tabText('staff.medication.enterPaper')}
        </Button>
      </div>
      <ListState
        isPending={pending.isPending}
        error={pending.error}
        isEmpty={data.length === 0}
        empty={tabText('staff.medication.noRequests')}
      />
      <ul aria-labelledby="medication-requests" className="grid gap-2 md:grid-cols-2">
        {data.map((r) => (
          <li key={r.id}>
            <Card className="flex flex-col gap-2 p-3 text-sm">
              <p className="font-semibold text-stone-900">
                {r.childName} · {r.medicationName}
              </p>
              <p className="text-stone-700">
                {r.dose} · {r.route} ·{' '}
                {r.times.length ? r.times.join(', ') : tabText('staff.medication.asNeeded', { sign: r.asNeeded ?? '' })}
              </p>
              <p className="text-stone-700">{tabText('staff.medication.dates', { start: r.startDate, end: r.endDate })}</p>
              <p className="text-stone-700">{tabText('staff.medication.reasonFor', { reason: r.reason })}</p>
              <p className="text-xs text-stone-600">
                {tabText('staff.medication.signed', { signature: r.signature, date: r.signedOn, by: r.enteredByName })}
              </p>
              {r.physicianNeeded && !r.documentUrl && (
                <p className="text-xs font-semibold text-red-800">{tabText('staff.medication.physicianMissing')}</p>
              )}
              {r.documentUrl && (
                <a href={r.documentUrl} className={cn(INLINE_TARGET, 'gap-1 text-brand-800')}>
                  <FileText aria-hidden="true" className="size-4" />
                  {tabText(r.enteredByKind === 'staff' ? 'staff.medication.scan' : 'staff.medication.document')}
                </a>
              )}
              {isDirector && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    className="min-h-11"
                    isDisabled={approve.isPending}
                    aria-label={tabText('staff.medication.approveFor', { medicine: r.medicationName, name: r.childName })}
                    onPress={() =>
                      approve.mutate(r.id, {
                        onSuccess: () => {
                          toast({ title: tabText('staff.medication.approved', { medicine: r.medicationName, name: r.childName }) });
                          refresh();
                        },
                        onError: (error) =>
                          toast({
                            title: tabText('staff.medication.approveFailed'),
                            description: errorMessage(error, ''),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    <Check aria-hidden="true" className="size-4" />
                    {tabText('staff.medication.approve')}
                  </Button>
                  <Button variant="outline" className="min-h-11" onPress={() => setReturning(r)}>
                    <Undo2 aria-hidden="true" className="size-4" />
                    {tabText('staff.medication.return')}
                  </Button>
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
      {returning && <ReturnDialog request={returning} onClose={() => setReturning(null)} />}
      {entering && <PaperRequestDialog onClose={() => setEntering(false)} />}
    </section>
  );
}

function ReturnDialog({ request, onClose }: { request: Request; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const send = useMutation(trpc.medication.return.mutationOptions());
  function submit(e: FormEvent) {
    e.preventDefault();
    send.mutate(
      { id: request.id, reason },
      {
        onSuccess: () => {
          refresh();
          onClose();
        },
        onError: (error) =>
          toast({ title: tabText('staff.medication.returnFailed'), description: errorMessage(error, ''), variant: 'destructive' }),
      },
    );
  }
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.medication.returnTitle', { medicine: request.medicationName })}
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <TextField label={tabText('staff.medication.returnReason')} required multiline value={reason} onChange={setReason} />
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={send.isPending}>
          {tabText('staff.medication.return')}
        </DialogActions>
      </form>
    </Dialog>
  );
}
