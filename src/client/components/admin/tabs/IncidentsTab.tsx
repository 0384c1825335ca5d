import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { centreClock24 } from '~/shared/centre-clock';
import { addDays, centreMoment } from '~/shared/centre-time';
import { LICENSING_METHODS } from '~/shared/schemas/incidents';
import { INCIDENT_KINDS } from '~/shared/licensing-notice';
import { useCentreToday } from '~/client/lib/centre-today';
import { downloadFile } from '~/client/lib/download';
import { formatDate, formatDateTime } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { kindOptions, kindWord } from './incidents/incident-kinds';
import { tabText } from './tab-words';

type Report = RouterOutputs['incidents']['list']['items'][number];

function refresh() {
  void queryClient.invalidateQueries(trpc.incidents.pathFilter());
  void queryClient.invalidateQueries(trpc.auditLog.pathFilter());
}

/**
 * The Incidents tab (teachers and the director, on a tablet; ADR 093): write a report, read the last 30 days' with
 * what is still due (the parent's signature, the licensing notice), add an amendment, the PDF, and the counts by
 * kind a prospective parent may ask for. The director records the licensing notice.
 */
export default function IncidentsTab() {
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const list = useQuery({ ...trpc.incidents.list.queryOptions({}), staleTime: 0 });
  const [writing, setWriting] = useState(false);
  const reports = list.data?.items ?? [];
  return (
    <section aria-labelledby="incidents-heading" className="flex flex-col gap-6">
      <div>
        <PanelHeader
          id="incidents-heading"
          title={tabText('staff.tab.incidents')}
          count={list.data?.items.length}
          description={tabText('staff.incidents.description')}
          action={
            <Button onPress={() => setWriting(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {tabText('staff.incidents.new')}
            </Button>
          }
        />
        <ListState isPending={list.isPending} error={list.error} isEmpty={reports.length === 0} empty={tabText('staff.incidents.empty')} />
        <ul aria-label={tabText('staff.incidents.list')} className="flex flex-col gap-3">
          {reports.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} isDirector={me.data?.role === 'director'} />
            </li>
          ))}
        </ul>
      </div>
      <Summary />
      {writing && <WriteDialog onClose={() => setWriting(false)} />}
    </section>
  );
}

function ReportCard({ report: r, isDirector }: { report: Report; isDirector: boolean }) {
  const [amending, setAmending] = useState(false);
  const [noticing, setNoticing] = useState(false);
  const occurred = new Date(r.occurredAt);
  return (
    <Card className="flex flex-col gap-2 p-4 text-sm text-stone-800">
      <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-stone-900">
        {tabText('staff.incidents.title', { child: r.childName, kind: kindWord(r.kind) })}
        {r.serious && <Badge tone="red">{tabText('staff.incidents.serious')}</Badge>}
      </p>
      <p>{tabText('staff.incidents.whenWhere', { when: formatDateTime(occurred), place: r.location })}</p>
      <p className="break-words whitespace-pre-line">{r.description}</p>
      {r.firstAid && <p>{tabText('staff.incidents.firstAidLine', { text: r.firstAid })}</p>}
      <p className="text-xs text-stone-600">{tabText('staff.incidents.writtenBy', { name: r.authorName })}</p>
      {r.amendments.map((a) => (
        <div key={a.id} className="rounded-lg border-l-4 border-amber-400 bg-amber-50 px-3 py-2">
          <p className="text-xs font-semibold">
            {tabText('staff.incidents.amendmentBy', { name: a.authorName, when: formatDateTime(a.createdAt) })}
          </p>
          <p className="break-words whitespace-pre-line">{a.text}</p>
        </div>
      ))}
      <p>
        {r.acknowledgedAt
          ? tabText('staff.incidents.signed', { name: r.acknowledgedSignature ?? '', when: formatDateTime(r.acknowledgedAt) })
          : r.handedOverAt
            ? tabText('staff.incidents.handedOverLine', { name: r.handedOverTo ?? '', when: formatDateTime(r.handedOverAt) })
            : tabText('staff.incidents.notSigned')}
      </p>
      {r.licensingNoticeNeeded &&
        (r.licensingNotifiedAt ? (
          <p>
            {tabText('staff.incidents.licensingTold', { when: formatDateTime(r.licensingNotifiedAt), method: r.licensingMethod ?? '' })}
          </p>
        ) : (
          <p>
            <Badge tone="red">{tabText('staff.incidents.licensingDue', { when: formatDateTime(r.licensingDeadline) })}</Badge>
          </p>
        ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onPress={() => setAmending((v) => !v)}>
          {tabText('staff.incidents.amend')}
        </Button>
        {isDirector && r.licensingNoticeNeeded && !r.licensingNotifiedAt && (
          <Button variant="outline" onPress={() => setNoticing((v) => !v)}>
            {tabText('staff.incidents.recordNotice')}
          </Button>
        )}
        <Button
          variant="outline"
          aria-label={tabText('staff.incidents.pdfOf', { child: r.childName })}
          onPress={() =>
            void downloadFile(`/api/admin/incidents/${encodeURIComponent(r.id)}/report.pdf`).catch((e: unknown) =>
              toast({ title: tabText('staff.incidents.pdfFailed'), description: errorMessage(e, ''), variant: 'destructive' }),
            )
          }
        >
          <Download aria-hidden="true" className="size-4" />
          {tabText('staff.incidents.pdf')}
        </Button>
      </div>
      {amending && <AmendForm id={r.id} onDone={() => setAmending(false)} />}
      {noticing && <NoticeForm id={r.id} occurredAt={occurred} onDone={() => setNoticing(false)} />}
    </Card>
  );
}

function AmendForm({ id, onDone }: { id: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const amend = useMutation(
    trpc.incidents.amend.mutationOptions({
      onSuccess: () => {
        toast({ title: tabText('staff.incidents.amended') });
        refresh();
        onDone();
      },
      onError: (e) => setError(errorMessage(e, tabText('staff.tryAgain'))),
    }),
  );
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        amend.mutate({ id, text });
      }}
    >
      <TextField label={tabText('staff.incidents.amendment')} value={text} onChange={setText} error={error} multiline rows={2} required />
      <Button type="submit" className="self-start" isDisabled={amend.isPending}>
        {tabText('staff.incidents.saveAmendment')}
      </Button>
    </form>
  );
}

function NoticeForm({ id, occurredAt, onDone }: { id: string; occurredAt: Date; onDone: () => void }) {
  const today = useCentreToday();
  const [date, setDate] = useState(today);
  const [time, setTime] = useState(centreClock24(new Date()));
  const [method, setMethod] = useState<string>('phone');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const record = useMutation(
    trpc.incidents.licensingNotice.mutationOptions({
      onSuccess: () => {
        toast({ title: tabText('staff.incidents.noticeRecorded') });
        refresh();
        onDone();
      },
      onError: (e) => setError(errorMessage(e, tabText('staff.tryAgain'))),
    }),
  );
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate({ id, notifiedAt: centreMoment(date, time), method: method as (typeof LICENSING_METHODS)[number], reference });
      }}
    >
      <p className="text-xs text-stone-600">{tabText('staff.incidents.noticeAfter', { when: formatDateTime(occurredAt) })}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField label={tabText('staff.incidents.noticeDate')} type="date" value={date} onChange={setDate} required />
        <TextField label={tabText('staff.incidents.noticeTime')} type="time" value={time} onChange={setTime} required />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.incidents.noticeMethod')}
          value={method}
          onChange={setMethod}
          options={LICENSING_METHODS.map((m) => ({ value: m, label: tabText(`staff.incidents.method.${m}`) }))}
        />
        <TextField label={tabText('staff.incidents.noticeReference')} value={reference} onChange={setReference} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start" isDisabled={record.isPending}>
        {tabText('staff.incidents.saveNotice')}
      </Button>
    </form>
  );
}

type Draft = {
  childId: string;
  date: string;
  time: string;
  location: string;
  kind: string;
  description: string;
  firstAid: string;
  whoWasTold: string;
  toldTime: string;
  witnesses: string;
  serious: boolean;
};

/** A new report: the child (today's children of the teacher's rooms, or every child for the director), when and where, what happened. */
function WriteDialog({ onClose }: { onClose: () => void }) {
  const today = useCentreToday();
  const day = useQuery({ ...trpc.attendance.day.queryOptions({ date: today }), staleTime: 0 });
  const [draft, setDraft] = useState<Draft>(() => ({
    childId: '',
    date: today,
    time: centreClock24(new Date()),
    location: '',
    kind: 'injury',
    description: '',
    firstAid: '',
    whoWasTold: '',
    toldTime: '',
    witnesses: '',
    serious: false,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      setDraft((d) => ({ ...d, [key]: value }));
      setErrors((e) => ({ ...e, [key]: '' }));
    };
  const create = useMutation(
    trpc.incidents.create.mutationOptions({
      onSuccess: (saved) => {
        toast({ title: tabText('staff.incidents.saved'), description: tabText(saved.notice.id, saved.notice.values) });
        refresh();
        onClose();
      },
      onError: (e) => {
        const fields = (e.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;
        if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
        toast({
          title: tabText('staff.incidents.notSaved'),
          description: errorMessage(e, tabText('staff.tryAgain')),
          variant: 'destructive',
        });
      },
    }),
  );
  const children = day.data?.children ?? [];

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft.childId) {
      setErrors((x) => ({ ...x, childId: tabText('staff.incidents.chooseChild') }));
      return;
    }
    create.mutate({
      childId: draft.childId,
      occurredAt: centreMoment(draft.date, draft.time),
      location: draft.location,
      kind: draft.kind as (typeof INCIDENT_KINDS)[number],
      description: draft.description,
      firstAid: draft.firstAid,
      whoWasTold: draft.whoWasTold,
      toldAt: draft.whoWasTold && draft.toldTime ? centreMoment(draft.date, draft.toldTime) : null,
      witnesses: draft.witnesses
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean),
      serious: draft.serious,
    });
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.incidents.new')}
      size="lg"
    >
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.incidents.child')}
          value={draft.childId}
          onChange={set('childId')}
          error={errors.childId}
          required
          options={children.map((c) => ({ value: c.childId, label: c.childName }))}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={tabText('staff.incidents.date')} type="date" value={draft.date} onChange={set('date')} max={today} required />
          <TextField
            label={tabText('staff.incidents.time')}
            type="time"
            value={draft.time}
            onChange={set('time')}
            error={errors.occurredAt}
            required
          />
          <TextField
            label={tabText('staff.incidents.location')}
            value={draft.location}
            onChange={set('location')}
            error={errors.location}
            required
          />
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.incidents.kind')}
            value={draft.kind}
            onChange={set('kind')}
            options={kindOptions()}
            required
          />
        </div>
        <TextField
          label={tabText('staff.incidents.descriptionField')}
          value={draft.description}
          onChange={set('description')}
          error={errors.description}
          multiline
          rows={3}
          required
        />
        <TextField
          label={tabText('staff.incidents.firstAid')}
          value={draft.firstAid}
          onChange={set('firstAid')}
          error={errors.firstAid}
          multiline
          rows={2}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={tabText('staff.incidents.whoWasTold')}
            value={draft.whoWasTold}
            onChange={set('whoWasTold')}
            error={errors.whoWasTold}
          />
          <TextField
            label={tabText('staff.incidents.toldTime')}
            type="time"
            value={draft.toldTime}
            onChange={set('toldTime')}
            error={errors.toldAt}
          />
        </div>
        <TextField
          label={tabText('staff.incidents.witnesses')}
          description={tabText('staff.incidents.witnessesHint')}
          value={draft.witnesses}
          onChange={set('witnesses')}
          error={errors.witnesses}
        />
        <Checkbox isSelected={draft.serious} onChange={set('serious')}>
          {tabText('staff.incidents.seriousField')}
        </Checkbox>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onPress={onClose}>
            {tabText('staff.incidents.cancel')}
          </Button>
          <Button type="submit" isDisabled={create.isPending}>
            {create.isPending ? tabText('staff.saving') : tabText('staff.incidents.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The counts by kind for a range (the last two years by default), for a prospective parent. */
function Summary() {
  const today = useCentreToday();
  const [from, setFrom] = useState(() => addDays(today, -730));
  const [to, setTo] = useState(today);
  const summary = useQuery({ ...trpc.incidents.summary.queryOptions({ from, to }), enabled: !!from && !!to && from <= to });
  return (
    <section aria-labelledby="incident-counts" className="flex flex-col gap-3">
      <h3 id="incident-counts" className="text-lg font-semibold text-stone-900">
        {tabText('staff.incidents.counts')}
      </h3>
      <div className="grid max-w-md gap-3 sm:grid-cols-2">
        <TextField label={tabText('staff.incidents.from')} type="date" value={from} onChange={setFrom} />
        <TextField label={tabText('staff.incidents.to')} type="date" value={to} onChange={setTo} />
      </div>
      {summary.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(summary.error, tabText('staff.tryAgain'))}
        </p>
      )}
      {summary.data && (
        <Card className="max-w-md p-4">
          <p className="mb-2 text-sm text-stone-700">
            {tabText('staff.incidents.countsRange', {
              from: formatDate(summary.data.from),
              to: formatDate(summary.data.to),
              total: summary.data.total,
            })}
          </p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {INCIDENT_KINDS.map((k) => (
              <div key={k} className="contents">
                <dt>{kindWord(k)}</dt>
                <dd className="text-right font-semibold">{summary.data.byKind[k]}</dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
    </section>
  );
}
