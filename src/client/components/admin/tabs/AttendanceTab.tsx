import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FileText, LogIn, LogOut } from 'lucide-react';
import { useState } from 'react';
import { centreTimeOf } from '~/shared/centre-clock';
import { useCentreToday } from '~/client/lib/centre-today';
import { downloadFile } from '~/client/lib/download';
import { formatDate } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { ChildCareFlags } from '../ChildCareFlags';
import { ListState, PanelHeader } from '../PanelHeader';
import { staffText } from '../staff-words';
import { type LaterStarter, StartingLater } from '../StartingLater';
import { CheckOutIncidents } from './incidents/CheckOutIncidents';

type Day = {
  children: {
    childId: string;
    childName: string;
    classroomId: string | null;
    allergies: string | null;
    careNeeds: string | null;
    status: 'present' | 'checked_out' | 'absent';
    events: { id: string; kind: 'in' | 'out'; at: Date; by: string; override: boolean; overrideReason: string | null }[];
  }[];
  classrooms: {
    classroomId: string;
    name: string;
    childrenPresent: number;
    staffPresent: number;
    /** Null when the centre's licensing state has no ratio table (`ratioTable` is null). */
    staffRequired: number | null;
    ratioOk: boolean | null;
    staffOnDuty: { staffId: string; name: string }[];
  }[];
  startingLater: LaterStarter[];
  licensingState: string;
  ratioTable: { state: string; source: string } | null;
};
type DayChild = Day['children'][number];
type ClockInput = { kind: 'in' | 'out'; classroomId: string; confirmOverRatio?: boolean };
/** The server's refusal when leaving would put the room over ratio (server/attendance/records.ts). */
const OVER_RATIO_ON_LEAVING = 'error.clockOutOverRatio';
type Pending = { child: DayChild; kind: 'in' | 'out' };

const STATUS: Record<DayChild['status'], { label: string; tone: 'green' | 'stone' | 'blue' }> = {
  present: { label: staffText('staff.attendance.status.present'), tone: 'green' },
  checked_out: { label: staffText('staff.attendance.status.checkedOut'), tone: 'blue' },
  absent: { label: staffText('staff.attendance.status.notInYet'), tone: 'stone' },
};

function refresh() {
  void queryClient.invalidateQueries(trpc.attendance.day.pathFilter());
}

/**
 * The Attendance tab (teachers and directors, desktop and tablet): per room, the children with
 * In and Out, who is present now, staff clocking in and out, and the ratio banner, red with a plain sentence
 * when the room is over ratio.
 */
export default function AttendanceTab() {
  const today = useCentreToday();
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  // Fresh on every visit and every few seconds' return: another teacher's check-in must show.
  const day = useQuery({ ...trpc.attendance.day.queryOptions({ date: today }), staleTime: 0, refetchOnWindowFocus: 'always' });
  const [pending, setPending] = useState<Pending | null>(null);
  // Leaving a room that would then be over ratio: the server's sentence, asked before the confirmed request.
  const [overRatio, setOverRatio] = useState<{ message: string; input: ClockInput } | null>(null);
  const clock = useMutation(
    trpc.attendance.clock.mutationOptions({
      onSuccess: (row) => {
        setOverRatio(null);
        toast({
          title: staffText(row.kind === 'in' ? 'staff.attendance.clockedIn' : 'staff.attendance.clockedOut'),
          description: staffText(row.kind === 'in' ? 'staff.attendance.clockedInTo' : 'staff.attendance.clockedOutOf', {
            room: row.classroomName,
          }),
        });
      },
      onError: (error, input) => {
        if (error.data?.messageId === OVER_RATIO_ON_LEAVING && !input.confirmOverRatio)
          return setOverRatio({ message: error.message, input });
        setOverRatio(null);
        toast({
          title: staffText('staff.attendance.notRecorded'),
          description: errorMessage(error, staffText('staff.tryAgain')),
          variant: 'destructive',
        });
      },
      onSettled: refresh,
    }),
  );
  // A teacher's own rooms (the Classrooms tab's staff lists) come first: her dashboard opens on them.
  const assigned = useQuery({ ...trpc.classrooms.list.queryOptions(), enabled: me.data?.role === 'teacher' });
  const mine = new Set((assigned.data ?? []).filter((r) => me.data && r.staffIds.includes(me.data.id)).map((r) => r.id));

  const data = day.data as Day | undefined;
  const ownFirst = data ? [...data.classrooms].sort((x, y) => Number(mine.has(y.classroomId)) - Number(mine.has(x.classroomId))) : [];
  const rooms = data ? [...ownFirst.map((r) => ({ ...r, id: r.classroomId as string | null })), null] : [];
  const month = today.slice(0, 7);
  const download = (url: string) =>
    downloadFile(url).catch((error: unknown) =>
      toast({
        title: staffText('staff.attendance.downloadFailed'),
        description: errorMessage(error, staffText('staff.tryAgain')),
        variant: 'destructive',
      }),
    );

  return (
    <section aria-labelledby="attendance-heading">
      <PanelHeader
        id="attendance-heading"
        title={staffText('staff.tab.attendance')}
        description={staffText('staff.attendance.description', { date: formatDate(today) })}
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onPress={() => void download(`/api/admin/attendance/sheet.pdf?date=${today}`)}>
              <FileText aria-hidden="true" className="size-4" />
              {staffText('staff.attendance.sheetPdf')}
            </Button>
            {me.data?.role === 'director' && (
              <>
                <Button variant="outline" onPress={() => void download(`/api/admin/attendance/report.csv?month=${month}`)}>
                  <Download aria-hidden="true" className="size-4" />
                  {staffText('staff.attendance.reportCsv')}
                </Button>
                <Button variant="outline" onPress={() => void download(`/api/admin/attendance/report.pdf?month=${month}`)}>
                  <FileText aria-hidden="true" className="size-4" />
                  {staffText('staff.attendance.reportPdf')}
                </Button>
              </>
            )}
          </div>
        }
      />
      <ListState
        isPending={day.isPending}
        error={day.error}
        isEmpty={!!data && data.children.length === 0}
        empty={staffText('staff.attendance.empty')}
      />
      {data && data.ratioTable === null && (
        <p role="note" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {staffText('staff.attendance.noRatioTable', { state: data.licensingState })}
        </p>
      )}
      {data && (
        <div className="mb-4">
          <StartingLater children={data.startingLater} mayEdit={me.data?.role === 'director'} />
        </div>
      )}
      <div className="flex flex-col gap-6">
        {rooms.map((room) => {
          const kids = data!.children.filter((c) => c.classroomId === (room?.classroomId ?? null));
          if (!room && kids.length === 0) return null;
          const name = room?.name ?? staffText('staff.attendance.noClassroom');
          const headingId = `room-${room?.classroomId ?? 'none'}`;
          const present = kids.filter((c) => c.status === 'present');
          const onDuty = !!room && room.staffOnDuty.some((s) => s.staffId === me.data?.id);
          return (
            <section key={headingId} aria-labelledby={headingId}>
              <Card className="flex flex-col gap-3 p-4">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-stone-900">
                    {name}
                    {room && mine.has(room.classroomId) && <Badge tone="blue">{staffText('staff.attendance.yourRoom')}</Badge>}
                  </h3>
                  {room && (
                    <Button
                      variant={onDuty ? 'outline' : 'primary'}
                      isDisabled={clock.isPending}
                      onPress={() => clock.mutate({ kind: onDuty ? 'out' : 'in', classroomId: room.classroomId })}
                    >
                      {onDuty ? <LogOut aria-hidden="true" className="size-4" /> : <LogIn aria-hidden="true" className="size-4" />}
                      {staffText(onDuty ? 'staff.attendance.clockOut' : 'staff.attendance.clockIn', { room: name })}
                    </Button>
                  )}
                </div>
                {room && room.ratioOk !== null && room.staffRequired !== null && (
                  <p
                    role="status"
                    aria-label={staffText('staff.attendance.ratioIn', { room: name })}
                    data-ratio={room.ratioOk ? 'ok' : 'over'}
                    className={
                      room.ratioOk
                        ? 'rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900'
                        : 'rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white'
                    }
                  >
                    {room.ratioOk
                      ? staffText('staff.attendance.inRatio', {
                          children: room.childrenPresent,
                          staff: room.staffPresent,
                          needed: room.staffRequired,
                        })
                      : staffText('staff.attendance.overRatioLine', {
                          room: name,
                          children: room.childrenPresent,
                          staff: room.staffPresent,
                          need: room.staffRequired - room.staffPresent,
                        })}
                  </p>
                )}
                {room && (
                  <p className="text-sm text-stone-700">
                    {staffText('staff.attendance.staffInRoom', {
                      names: room.staffOnDuty.length
                        ? room.staffOnDuty.map((s) => s.name).join(', ')
                        : staffText('staff.attendance.nobody'),
                    })}
                  </p>
                )}
                <p className="text-sm text-stone-700">
                  {staffText('staff.attendance.presentNow', {
                    names: present.length ? present.map((c) => c.childName).join(', ') : staffText('staff.attendance.nobody'),
                  })}
                </p>
                <ul
                  aria-label={staffText('staff.attendance.childrenIn', { room: name })}
                  className="flex flex-col divide-y divide-stone-100"
                >
                  {kids.map((c) => {
                    const last = c.events.at(-1);
                    return (
                      <li key={c.childId} className="flex flex-wrap items-center justify-between gap-3 py-2">
                        <div className="min-w-0">
                          <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
                            {c.childName}
                            <Badge tone={STATUS[c.status].tone}>{STATUS[c.status].label}</Badge>
                          </p>
                          <ChildCareFlags flags={c} className="my-1" />
                          {last && (
                            <p className="text-sm text-stone-600">
                              {staffText(last.kind === 'in' ? 'staff.attendance.lastIn' : 'staff.attendance.lastOut', {
                                time: centreTimeOf(new Date(last.at)),
                                by: last.by,
                              })}
                              {last.override && staffText('staff.attendance.override', { reason: last.overrideReason ?? '' })}
                            </p>
                          )}
                        </div>
                        {c.status === 'present' ? (
                          <Button
                            size="lg"
                            variant="outline"
                            aria-label={staffText('staff.attendance.checkOut', { child: c.childName })}
                            onPress={() => setPending({ child: c, kind: 'out' })}
                          >
                            {staffText('staff.attendance.out')}
                          </Button>
                        ) : (
                          <Button
                            size="lg"
                            aria-label={staffText('staff.attendance.checkIn', { child: c.childName })}
                            onPress={() => setPending({ child: c, kind: 'in' })}
                          >
                            {staffText('staff.attendance.in')}
                          </Button>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </Card>
            </section>
          );
        })}
      </div>
      {pending && <RecordDialog pending={pending} onClose={() => setPending(null)} />}
      <ConfirmDialog
        cancelLabel={staffText('staff.cancel')}
        closeLabel={staffText('staff.close')}
        isOpen={overRatio !== null}
        onOpenChange={(open) => !open && setOverRatio(null)}
        title={staffText('staff.attendance.overRatio.title')}
        message={overRatio?.message}
        confirmLabel={staffText(overRatio?.input.kind === 'in' ? 'staff.attendance.overRatio.move' : 'staff.attendance.overRatio.leave')}
        onConfirm={() => overRatio && clock.mutate({ ...overRatio.input, confirmOverRatio: true })}
        isPending={clock.isPending}
      />
    </section>
  );
}

/** Who dropped off or is picking up: the parents and the pickup list as buttons, or another name. */
function RecordDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { child, kind } = pending;
  const adults = useQuery({ ...trpc.attendance.adults.queryOptions(), staleTime: 0 });
  const mine = adults.data?.find((a) => a.childId === child.childId);
  const [other, setOther] = useState('');
  const [otherError, setOtherError] = useState<string>();
  const [problem, setProblem] = useState<{ by: string; message: string } | null>(null);
  const [reason, setReason] = useState('');
  const record = useMutation(
    trpc.attendance.record.mutationOptions({
      onSuccess: (row) => {
        toast({
          title: staffText(kind === 'in' ? 'staff.attendance.checkedIn' : 'staff.attendance.checkedOut'),
          description: staffText(kind === 'in' ? 'staff.attendance.checkedInAt' : 'staff.attendance.checkedOutAt', {
            child: child.childName,
            time: centreTimeOf(new Date(row.at)),
            by: row.by,
          }),
        });
        refresh();
        onClose();
      },
      onError: (error, vars) => {
        const message = errorMessage(error, staffText('staff.tryAgain'));
        if (kind === 'out' && /authorized pickup list/.test(message)) setProblem({ by: vars.by, message });
        else toast({ title: staffText('staff.attendance.notRecorded'), description: message, variant: 'destructive' });
      },
    }),
  );
  const title = staffText(kind === 'in' ? 'staff.attendance.checkIn' : 'staff.attendance.checkOut', { child: child.childName });
  const go = (by: string) => record.mutate({ childId: child.childId, kind, by });

  return (
    <Dialog
      closeLabel={staffText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={staffText(kind === 'in' ? 'staff.attendance.whoDroppedOff' : 'staff.attendance.whoPicksUp')}
    >
      <ChildCareFlags flags={child} className="mb-3" />
      {kind === 'out' && <CheckOutIncidents childId={child.childId} />}
      {problem ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            record.mutate({ childId: child.childId, kind, by: problem.by, override: true, reason });
          }}
        >
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            {problem.message}
          </p>
          <TextField label={staffText('staff.attendance.overrideReason')} value={reason} onChange={setReason} required multiline rows={2} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onPress={() => setProblem(null)}>
              {staffText('staff.attendance.back')}
            </Button>
            <Button type="submit" isDisabled={!reason.trim() || record.isPending}>
              {staffText('staff.attendance.recordOverride')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <ul
            aria-label={staffText(kind === 'in' ? 'staff.attendance.droppedOffBy' : 'staff.attendance.pickedUpBy')}
            className="flex flex-col gap-2"
          >
            {mine?.parents.map((name) => (
              <li key={`p-${name}`}>
                <Button size="lg" className="w-full justify-start" isDisabled={record.isPending} onPress={() => go(name)}>
                  {staffText('staff.attendance.parent', { name })}
                </Button>
              </li>
            ))}
            {mine?.pickups.map((p) => (
              <li key={`k-${p.name}`}>
                <Button
                  size="lg"
                  variant="outline"
                  className="w-full justify-start"
                  isDisabled={record.isPending}
                  onPress={() => go(p.name)}
                >
                  {staffText('staff.attendance.pickup', { name: p.name, relationship: p.relationship })}
                </Button>
              </li>
            ))}
          </ul>
          {adults.isPending && <p className="text-sm text-stone-600">{staffText('staff.loading')}</p>}
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              if (other.trim()) go(other.trim());
              else setOtherError(staffText(kind === 'in' ? 'staff.attendance.enterDroppedOff' : 'staff.attendance.enterPicksUp'));
            }}
          >
            <TextField
              className="flex-1"
              label={staffText('staff.attendance.someoneElse')}
              value={other}
              onChange={(value) => {
                setOther(value);
                setOtherError(undefined);
              }}
              error={otherError}
            />
            <Button type="submit" variant="outline" isDisabled={record.isPending}>
              {staffText('staff.attendance.record')}
            </Button>
          </form>
        </div>
      )}
    </Dialog>
  );
}
