import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FileText, LogIn, LogOut } from 'lucide-react';
import { useState } from 'react';
import { centreTimeOf } from '~/shared/centre-clock';
import { overRatioSentence } from '~/shared/ratios';
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
    staffRequired: number;
    ratioOk: boolean;
    staffOnDuty: { staffId: string; name: string }[];
  }[];
  startingLater: LaterStarter[];
};
type DayChild = Day['children'][number];
type ClockInput = { kind: 'in' | 'out'; classroomId: string; confirmOverRatio?: boolean };
/** The server's refusal when leaving would put the room over ratio (server/attendance/records.ts). */
const OVER_RATIO_ON_LEAVING = 'error.clockOutOverRatio';
type Pending = { child: DayChild; kind: 'in' | 'out' };

const STATUS: Record<DayChild['status'], { label: string; tone: 'green' | 'stone' | 'blue' }> = {
  present: { label: 'Present', tone: 'green' },
  checked_out: { label: 'Checked out', tone: 'blue' },
  absent: { label: 'Not in yet', tone: 'stone' },
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
          title: row.kind === 'in' ? 'Clocked In' : 'Clocked Out',
          description: `${row.kind === 'in' ? 'In to' : 'Out of'} ${row.classroomName}.`,
        });
      },
      onError: (error, input) => {
        if (error.data?.messageId === OVER_RATIO_ON_LEAVING && !input.confirmOverRatio)
          return setOverRatio({ message: error.message, input });
        setOverRatio(null);
        toast({ title: 'Not Recorded', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
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
      toast({ title: 'Download Failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    );

  return (
    <section aria-labelledby="attendance-heading">
      <PanelHeader
        id="attendance-heading"
        title="Attendance"
        description={`Today, ${formatDate(today)}. Tap In or Out as each child arrives and leaves.`}
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onPress={() => void download(`/api/admin/attendance/sheet.pdf?date=${today}`)}>
              <FileText aria-hidden="true" className="size-4" />
              Sign-in Sheet (PDF)
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
        empty="No children enrolled yet."
      />
      {data && (
        <div className="mb-4">
          <StartingLater children={data.startingLater} mayEdit={me.data?.role === 'director'} />
        </div>
      )}
      <div className="flex flex-col gap-6">
        {rooms.map((room) => {
          const kids = data!.children.filter((c) => c.classroomId === (room?.classroomId ?? null));
          if (!room && kids.length === 0) return null;
          const name = room?.name ?? 'No classroom';
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
                      {onDuty ? `Clock out of ${name}` : `Clock in to ${name}`}
                    </Button>
                  )}
                </div>
                {room && (
                  <p
                    role="status"
                    aria-label={`Ratio in ${name}`}
                    data-ratio={room.ratioOk ? 'ok' : 'over'}
                    className={
                      room.ratioOk
                        ? 'rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900'
                        : 'rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white'
                    }
                  >
                    {room.ratioOk
                      ? `In ratio: ${room.childrenPresent} ${room.childrenPresent === 1 ? 'child' : 'children'} present, ${room.staffPresent} staff (${room.staffRequired} needed).`
                      : overRatioSentence(name, room.childrenPresent, room.staffPresent, room.staffRequired)}
                  </p>
                )}
                {room && (
                  <p className="text-sm text-stone-700">
                    Staff in the room: {room.staffOnDuty.length ? room.staffOnDuty.map((s) => s.name).join(', ') : 'nobody'}
                  </p>
                )}
                <p className="text-sm text-stone-700">
                  Present now: {present.length ? present.map((c) => c.childName).join(', ') : 'nobody'}
                </p>
                <ul aria-label={`Children in ${name}`} className="flex flex-col divide-y divide-stone-100">
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
                              {last.kind === 'in' ? 'In' : 'Out'} at {centreTimeOf(new Date(last.at))} by {last.by}
                              {last.override && ` (override: ${last.overrideReason})`}
                            </p>
                          )}
                        </div>
                        {c.status === 'present' ? (
                          <Button
                            size="lg"
                            variant="outline"
                            aria-label={`Check out ${c.childName}`}
                            onPress={() => setPending({ child: c, kind: 'out' })}
                          >
                            Out
                          </Button>
                        ) : (
                          <Button size="lg" aria-label={`Check in ${c.childName}`} onPress={() => setPending({ child: c, kind: 'in' })}>
                            In
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
          title: kind === 'in' ? 'Checked In' : 'Checked Out',
          description: `${child.childName} ${kind === 'in' ? 'checked in' : 'checked out'} at ${centreTimeOf(new Date(row.at))} by ${row.by}.`,
        });
        refresh();
        onClose();
      },
      onError: (error, vars) => {
        const message = errorMessage(error, 'Please try again.');
        if (kind === 'out' && /authorized pickup list/.test(message)) setProblem({ by: vars.by, message });
        else toast({ title: 'Not Recorded', description: message, variant: 'destructive' });
      },
    }),
  );
  const title = kind === 'in' ? `Check in ${child.childName}` : `Check out ${child.childName}`;
  const go = (by: string) => record.mutate({ childId: child.childId, kind, by });

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={kind === 'in' ? 'Who dropped off?' : 'Who is picking up?'}
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
          <TextField label="Reason for the override" value={reason} onChange={setReason} required multiline rows={2} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onPress={() => setProblem(null)}>
              Back
            </Button>
            <Button type="submit" isDisabled={!reason.trim() || record.isPending}>
              Record with override
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <ul aria-label={kind === 'in' ? 'Dropped off by' : 'Picked up by'} className="flex flex-col gap-2">
            {mine?.parents.map((name) => (
              <li key={`p-${name}`}>
                <Button size="lg" className="w-full justify-start" isDisabled={record.isPending} onPress={() => go(name)}>
                  {name} (parent)
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
                  {p.name} ({p.relationship})
                </Button>
              </li>
            ))}
          </ul>
          {adults.isPending && <p className="text-sm text-stone-600">Loading...</p>}
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              if (other.trim()) go(other.trim());
              else setOtherError(kind === 'in' ? 'Please enter who dropped off' : 'Please enter who is picking up');
            }}
          >
            <TextField
              className="flex-1"
              label="Someone else"
              value={other}
              onChange={(value) => {
                setOther(value);
                setOtherError(undefined);
              }}
              error={otherError}
            />
            <Button type="submit" variant="outline" isDisabled={record.isPending}>
              Record
            </Button>
          </form>
        </div>
      )}
    </Dialog>
  );
}
