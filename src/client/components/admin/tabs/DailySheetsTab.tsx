import { useMutation, useQuery } from '@tanstack/react-query';
import { Camera, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { centreMoment, centreTimeZone } from '~/shared/centre-time';
import { MAX_UPLOAD_BYTES } from '~/shared/constants';
import { MEAL_AMOUNTS, MEALS, type DailyEntryInput } from '~/shared/schemas/daily-entries';
import { describeItem } from '~/shared/timeline-text';
import { ENGLISH_WORDS } from '~/shared/timeline-english';
import type { TimelineItem } from '~/shared/timeline';
import { toast } from '~/client/lib/toast';
import { errorMessage, isNotFound, queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { Timeline } from '../../daily/Timeline';
import { Button } from '../../ui/Button';
import { FILE_INPUT } from '../../ui/button-class';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ChildCareFlags } from '../ChildCareFlags';
import { ListState, PanelHeader } from '../PanelHeader';
import { StartingLater } from '../StartingLater';
import { staffText } from '../staff-words';
import { EditEntryDialog } from './daily/EditEntryDialog';
import { namesInWords } from './daily/names';
import { readNoteDraft, storeNoteDraft } from './daily/note-draft';
import { PresenceBadge } from './daily/PresenceBadge';
import { tabText } from './tab-words';

type Room = RouterOutputs['daily']['room'];
type RoomChild = Room['children'][number];
type Entry = Room['entries'][number];

/** The select's value for every child (React Aria's select shows no choice for an empty key). */
const ALL = 'all';

/** The room chosen last in this browser tab: a teacher back from the Attendance tab finds their room still open. */
const ROOM_KEY = 'daily-sheets-room';
function storedRoom(): string {
  try {
    return sessionStorage.getItem(ROOM_KEY) ?? ALL;
  } catch {
    return ALL;
  }
}
function storeRoom(id: string) {
  try {
    if (id === ALL) sessionStorage.removeItem(ROOM_KEY);
    else sessionStorage.setItem(ROOM_KEY, id);
  } catch {
    // Storage refused (private browsing): the choice lasts while the tab is open.
  }
}
const MEAL_OPTIONS = MEALS.map((m) => ({ value: m, label: tabText(`staff.daily.mealName.${m}`) }));
// A mood is recorded as the words its button says (the family's timeline shows them as they were written).
const MOODS = (['happy', 'calm', 'tired', 'fussy'] as const).map((m) => tabText(`staff.daily.mood.${m}`));

/** The meal a teacher most likely records now, by the centre's clock (Columbus). */
function mealNow(): (typeof MEALS)[number] {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: centreTimeZone(), hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
  );
  if (hour < 10) return 'breakfast';
  if (hour < 11) return 'am_snack';
  if (hour < 14) return 'lunch';
  if (hour < 17) return 'pm_snack';
  return 'dinner';
}

const refresh = () => void queryClient.invalidateQueries(trpc.daily.pathFilter());

/** POST /api/admin/child-photos as multipart (tRPC carries JSON only); the server's message on failure. */
async function uploadPhoto(body: FormData) {
  const res = await fetch('/api/admin/child-photos', { method: 'POST', body, credentials: 'same-origin' });
  const data = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok)
    throw Object.assign(new Error(data?.message || tabText('staff.daily.httpStatus', { status: res.status })), {
      data: { httpStatus: res.status },
    });
  return data;
}

/**
 * The Daily sheets tab, for teachers and directors on a tablet: a room's children as big buttons; a tap
 * opens the child's sheet, where one more tap records a diaper, a nap, the toilet or a mood. The room's meal is one
 * group entry; photos of the day are uploaded with their tags (only children with photo consent can be tagged).
 */
export default function DailySheetsTab() {
  const [classroomId, setClassroomId] = useState<string>(storedRoom);
  const chooseRoom = (id: string) => {
    setClassroomId(id);
    storeRoom(id);
  };
  const room = useQuery({ ...trpc.daily.room.queryOptions({ classroomId: classroomId === ALL ? null : classroomId }), staleTime: 0 });
  // The room kept from before was removed since: every child again.
  if (classroomId !== ALL && isNotFound(room.error)) chooseRoom(ALL);
  const [openChild, setOpenChild] = useState<RoomChild | null>(null);
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const data = room.data;
  const children = data?.children ?? [];
  const entriesOf = (childId: string) => (data?.entries ?? []).filter((e) => e.childId === childId);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="daily-sheets-heading" className="flex flex-col gap-4">
        <PanelHeader id="daily-sheets-heading" title={tabText('staff.tab.daily')} description={tabText('staff.daily.description')} />
        <Select
          placeholder={tabText('staff.select')}
          className="max-w-sm"
          label={tabText('staff.daily.classroom')}
          value={classroomId}
          onChange={chooseRoom}
          options={[
            { value: ALL, label: tabText('staff.daily.allChildren') },
            ...(data?.classrooms ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <ListState
          isPending={room.isPending}
          error={room.error}
          isEmpty={!!data && children.length === 0}
          empty={tabText('staff.daily.empty')}
        />
        {data && <StartingLater children={data.startingLater} mayEdit={me.data?.role === 'director'} />}
        {children.length > 0 && (
          <ul aria-label={tabText('staff.daily.children')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {children.map((c) => {
              const latest = entriesOf(c.id)[0];
              const asleep = openNap(entriesOf(c.id));
              return (
                <li key={c.id}>
                  <Button
                    variant="outline"
                    className="h-full min-h-20 w-full flex-col items-start justify-start p-3 text-left"
                    onPress={() => setOpenChild(c)}
                  >
                    <span className="flex w-full flex-wrap items-center justify-between gap-1">
                      <span className="text-base font-bold text-stone-900">{c.childName}</span>
                      <PresenceBadge presence={c.presence} />
                    </span>
                    <ChildCareFlags flags={c} className="my-1 w-full" />
                    <span className="text-sm font-normal text-stone-600">
                      {asleep
                        ? tabText('staff.daily.napping')
                        : latest
                          ? `${describeItem(latest, ENGLISH_WORDS).title}: ${describeItem(latest, ENGLISH_WORDS).detail}`
                          : tabText('staff.daily.nothingYet')}
                    </span>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {children.length > 0 && <GroupMeal present={children.filter((c) => c.presence === 'present')} />}
      {children.length > 0 && <PhotoUpload children={children} photos={data?.photos ?? []} />}
      {openChild && data && (
        <ChildSheet
          child={children.find((c) => c.id === openChild.id) ?? openChild}
          date={data.date}
          entries={entriesOf(openChild.id)}
          onClose={() => setOpenChild(null)}
        />
      )}
    </div>
  );
}

function openNap(entries: Entry[]): Entry | undefined {
  return entries.find((e) => e.kind === 'nap' && e.details.end === null);
}

/**
 * One child's sheet: quick buttons (one tap records), a bottle, a nap that already happened, a note (kept as a draft
 * until saved or discarded), and the day so far with edit and delete. For a child not checked in today a director
 * may record a correction (ADR 080).
 */
function ChildSheet({ child, date, entries, onClose }: { child: RoomChild; date: string; entries: Entry[]; onClose: () => void }) {
  const record = useMutation(trpc.daily.create.mutationOptions());
  const update = useMutation(trpc.daily.update.mutationOptions());
  const remove = useMutation(trpc.daily.delete.mutationOptions());
  const [ounces, setOunces] = useState('');
  const [note, setNoteText] = useState(() => readNoteDraft(child.id));
  const setNote = (text: string) => {
    setNoteText(text);
    storeNoteDraft(child.id, text);
  };
  const [askDraft, setAskDraft] = useState(false);
  const [napStart, setNapStart] = useState('');
  const [napEnd, setNapEnd] = useState('');
  const [correction, setCorrection] = useState(false);
  const [editing, setEditing] = useState<Entry | null>(null);
  const nap = openNap(entries);
  const busy = record.isPending || update.isPending;
  // A teacher deletes only what they recorded (ADR 066): Delete shows where the server would say yes. Any teacher
  // may still end a nap another started (Woke up).
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const mayDelete = (entry: Entry) => me.data?.role === 'director' || (!!entry.authorId && entry.authorId === me.data?.id);
  const isDirector = me.data?.role === 'director';
  /** Closing with a note typed asks first: kept as a draft, or discarded. */
  const close = () => (note.trim() ? setAskDraft(true) : onClose());

  function done(what: string, close = true) {
    refresh();
    toast({ title: tabText('staff.daily.recorded', { what }), description: tabText('staff.daily.for', { child: child.childName }) });
    if (close) onClose();
  }
  const failed = (error: unknown) =>
    toast({ title: tabText('staff.notRecorded'), description: errorMessage(error, tabText('staff.tryAgain')), variant: 'destructive' });

  function quick(what: string, entry: Omit<DailyEntryInput, 'childId'>, closeAfter = true, onSaved?: () => void) {
    const input = { childId: child.id, ...entry, ...(correction ? { correction: true } : {}) } as DailyEntryInput;
    record.mutate(input, {
      onSuccess: () => {
        onSaved?.();
        done(what, closeAfter);
      },
      onError: failed,
    });
  }

  function endNap() {
    if (!nap || nap.kind !== 'nap') return;
    update.mutate(
      { id: nap.id, details: { start: new Date(nap.details.start).toISOString(), end: new Date().toISOString() } },
      { onSuccess: () => done(tabText('staff.daily.nap')), onError: failed },
    );
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && close()}
      title={child.childName}
      size="lg"
      description={tabText('staff.daily.oneTap')}
    >
      <div className="flex flex-col gap-5">
        {child.presence !== 'present' && (
          <div className="flex flex-col gap-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            <p>
              {staffText(child.presence === 'gone' ? 'staff.daily.notHere.gone' : 'staff.daily.notHere.absent', {
                child: child.childName,
              })}
            </p>
            {child.presence === 'absent' && isDirector && (
              <Checkbox isSelected={correction} onChange={setCorrection}>
                {staffText('staff.daily.correction.label')}
              </Checkbox>
            )}
          </div>
        )}
        <div role="group" aria-label={tabText('staff.daily.edit.diaper')} className="grid grid-cols-3 gap-2">
          <Button
            size="lg"
            isDisabled={busy}
            onPress={() => quick(tabText('staff.daily.wetDiaper'), { kind: 'diaper', details: { type: 'wet' } })}
          >
            {tabText('staff.daily.wetDiaper')}
          </Button>
          <Button
            size="lg"
            isDisabled={busy}
            onPress={() => quick(tabText('staff.daily.bmDiaper'), { kind: 'diaper', details: { type: 'bm' } })}
          >
            {tabText('staff.daily.bmDiaper')}
          </Button>
          <Button
            size="lg"
            isDisabled={busy}
            onPress={() => quick(tabText('staff.daily.dryDiaper'), { kind: 'diaper', details: { type: 'dry' } })}
          >
            {tabText('staff.daily.dryDiaper')}
          </Button>
        </div>
        <div role="group" aria-label={tabText('staff.daily.napAndToilet')} className="grid grid-cols-3 gap-2">
          {nap ? (
            <Button size="lg" variant="secondary" isDisabled={busy} onPress={endNap}>
              {tabText('staff.daily.wokeUp')}
            </Button>
          ) : (
            <Button
              size="lg"
              variant="secondary"
              isDisabled={busy}
              onPress={() => quick(tabText('staff.daily.nap'), { kind: 'nap', details: { start: new Date().toISOString(), end: null } })}
            >
              {tabText('staff.daily.napStarted')}
            </Button>
          )}
          <Button
            size="lg"
            variant="secondary"
            isDisabled={busy}
            onPress={() => quick(tabText('staff.daily.edit.toilet'), { kind: 'toilet', details: { result: 'success' } })}
          >
            {tabText('staff.daily.toiletSuccess')}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            isDisabled={busy}
            onPress={() => quick(tabText('staff.daily.edit.toilet'), { kind: 'toilet', details: { result: 'attempt' } })}
          >
            {tabText('staff.daily.toiletTried')}
          </Button>
        </div>
        <div role="group" aria-label={tabText('staff.daily.edit.mood')} className="grid grid-cols-4 gap-2">
          {MOODS.map((m) => (
            <Button
              key={m}
              variant="outline"
              isDisabled={busy}
              onPress={() => quick(tabText('staff.daily.edit.mood'), { kind: 'mood', details: { mood: m } })}
            >
              {m}
            </Button>
          ))}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            quick(tabText('staff.daily.bottle'), { kind: 'bottle', details: { ounces: Number(ounces) } });
          }}
        >
          <TextField label={tabText('staff.daily.bottleOunces')} inputMode="decimal" value={ounces} onChange={setOunces} className="w-40" />
          <Button type="submit" variant="outline" isDisabled={busy || !ounces}>
            {tabText('staff.daily.recordBottle')}
          </Button>
        </form>
        <form
          aria-label={staffText('staff.daily.napAfter.title')}
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            const start = centreMoment(date, napStart).toISOString();
            const end = centreMoment(date, napEnd).toISOString();
            quick(tabText('staff.daily.nap'), { kind: 'nap', details: { start, end } });
          }}
        >
          <TextField label={staffText('staff.daily.napAfter.start')} type="time" value={napStart} onChange={setNapStart} className="w-36" />
          <TextField label={staffText('staff.daily.napAfter.end')} type="time" value={napEnd} onChange={setNapEnd} className="w-36" />
          <Button type="submit" variant="outline" isDisabled={busy || !napStart || !napEnd}>
            {staffText('staff.daily.napAfter.record')}
          </Button>
        </form>
        <form
          className="flex flex-col gap-2"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            quick(tabText('staff.daily.edit.note'), { kind: 'note', details: { text: note } }, true, () => setNote(''));
          }}
        >
          <TextField label={tabText('staff.daily.noteForFamily')} multiline rows={2} value={note} onChange={setNote} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" isDisabled={busy || !note.trim()}>
              {tabText('staff.daily.saveNote')}
            </Button>
            {note !== '' && (
              <Button variant="ghost" onPress={() => setNote('')}>
                {staffText('staff.daily.draft.discard')}
              </Button>
            )}
          </div>
        </form>
        <section aria-labelledby="child-day-heading">
          <h3 id="child-day-heading" className="mb-2 font-semibold text-stone-900">
            {tabText('staff.daily.todaySoFar')}
          </h3>
          <Timeline
            items={entries as TimelineItem[]}
            label={tabText('staff.daily.childsDay', { child: child.childName })}
            empty={tabText('staff.daily.nothingRecorded')}
            words={ENGLISH_WORDS}
            action={(item) => {
              const entry = entries.find((e) => e.id === item.id);
              if (!entry) return null;
              const what = describeItem(item, ENGLISH_WORDS).title;
              return (
                <span className="flex items-center gap-1">
                  {entry.correction && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      {staffText('staff.daily.correction.badge')}
                    </span>
                  )}
                  {mayDelete(entry) && (
                    <>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={staffText('staff.daily.edit.button', { what })}
                        onPress={() => setEditing(entry)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={tabText('staff.deleteItem', { item: what })}
                        isDisabled={remove.isPending}
                        onPress={() => remove.mutate(item.id, { onSuccess: () => refresh(), onError: failed })}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </>
                  )}
                </span>
              );
            }}
          />
        </section>
      </div>
      {editing && <EditEntryDialog entry={editing as TimelineItem} date={date} onClose={() => setEditing(null)} />}
      <Dialog
        closeLabel={tabText('staff.close')}
        isOpen={askDraft}
        onOpenChange={(open) => !open && setAskDraft(false)}
        title={staffText('staff.daily.draft.askTitle')}
        role="alertdialog"
      >
        <p className="text-sm text-stone-700">{staffText('staff.daily.draft.askMessage', { child: child.childName })}</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="danger"
            onPress={() => {
              setNote('');
              setAskDraft(false);
              onClose();
            }}
          >
            {staffText('staff.daily.draft.discard')}
          </Button>
          <Button
            onPress={() => {
              setAskDraft(false);
              onClose();
            }}
          >
            {staffText('staff.daily.draft.keep')}
          </Button>
        </div>
      </Dialog>
    </Dialog>
  );
}

/**
 * The room's meal in one entry ("lunch, all ate most") for the children checked in now, named before and after the
 * tap (ADR 080): choose the meal, then tap how much everyone ate.
 */
function GroupMeal({ present }: { present: RoomChild[] }) {
  const [meal, setMeal] = useState<(typeof MEALS)[number]>(mealNow);
  const batch = useMutation(trpc.daily.batch.mutationOptions());
  const childIds = present.map((c) => c.id);
  const names = new Map(present.map((c) => [c.id, c.childName]));
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h3 className="font-semibold text-stone-900">{tabText('staff.daily.roomMeal')}</h3>
      <Select
        placeholder={tabText('staff.select')}
        className="max-w-xs"
        label={tabText('staff.daily.edit.meal')}
        value={meal}
        onChange={(v) => setMeal(v as (typeof MEALS)[number])}
        options={MEAL_OPTIONS}
      />
      <p className="text-sm text-stone-700">
        {present.length === 0
          ? staffText('staff.daily.group.nobody')
          : staffText('staff.daily.group.records', {
              meal: staffText(`staff.daily.meal.${meal}`),
              names: namesInWords(present.map((c) => c.childName)),
            })}
      </p>
      <div role="group" aria-label={tabText('staff.daily.howMuchEveryone')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {MEAL_AMOUNTS.map((amount) => (
          <Button
            key={amount}
            size="lg"
            variant="outline"
            isDisabled={batch.isPending || childIds.length === 0}
            onPress={() =>
              batch.mutate(
                { childIds, kind: 'meal', details: { meal, amount } },
                {
                  onSuccess: (r) => {
                    refresh();
                    toast({
                      title: staffText('staff.daily.group.recorded', { meal: tabText(`staff.daily.mealName.${meal}`) }),
                      description: staffText('staff.daily.group.for', {
                        names: namesInWords(r.items.map((i) => names.get(i.childId) ?? '')),
                      }),
                    });
                  },
                  onError: (error) =>
                    toast({
                      title: tabText('staff.notRecorded'),
                      description: errorMessage(error, tabText('staff.tryAgain')),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            {tabText('staff.daily.everyoneAte', { amount })}
          </Button>
        ))}
      </div>
    </Card>
  );
}

/** A photo of the day: the picture, the children in it (only those with photo consent), a caption. */
function PhotoUpload({ children, photos }: { children: RoomChild[]; photos: Room['photos'] }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [tagged, setTagged] = useState<string[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({ mutationFn: uploadPhoto });
  const names = new Map(children.map((c) => [c.id, c.childName]));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return toast({ title: tabText('staff.daily.choosePhoto'), variant: 'destructive' });
    if (file.size > MAX_UPLOAD_BYTES) return toast({ title: tabText('staff.daily.tooLarge'), variant: 'destructive' });
    if (tagged.length === 0) return toast({ title: tabText('staff.daily.tagOne'), variant: 'destructive' });
    const body = new FormData();
    body.append('picture', file);
    for (const id of tagged) body.append('childIds[]', id);
    body.append('caption', caption);
    upload.mutate(body, {
      onSuccess: () => {
        refresh();
        toast({
          title: tabText('staff.daily.photoUploaded'),
          description: tabText('staff.daily.sharedWith', { names: tagged.map((id) => names.get(id)).join(', ') }),
        });
        setFile(null);
        setCaption('');
        setTagged([]);
        setInputKey((k) => k + 1);
      },
      onError: (error) =>
        toast({
          title: tabText('staff.daily.uploadFailed'),
          description: errorMessage(error, tabText('staff.tryAgain')),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Card className="flex flex-col gap-4 p-4">
      <h3 className="font-semibold text-stone-900">{tabText('staff.daily.photoOfDay')}</h3>
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-stone-800">
            {tabText('staff.daily.photo')}
          </label>
          <input
            key={inputKey}
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className={FILE_INPUT}
          />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-stone-800">{tabText('staff.daily.childrenInPhoto')}</legend>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {children.map((c) => (
              <Checkbox
                key={c.id}
                isDisabled={!c.photoConsent}
                isSelected={tagged.includes(c.id)}
                onChange={(on) => setTagged((t) => (on ? [...t, c.id] : t.filter((x) => x !== c.id)))}
              >
                {c.photoConsent ? c.childName : tabText('staff.daily.noConsent', { child: c.childName })}
              </Checkbox>
            ))}
          </div>
        </fieldset>
        <TextField label={tabText('staff.daily.caption')} value={caption} onChange={setCaption} maxLength={300} />
        <Button type="submit" className="self-start" isDisabled={upload.isPending}>
          <Camera aria-hidden="true" className="size-4" />
          {tabText(upload.isPending ? 'staff.daily.uploading' : 'staff.daily.uploadPhoto')}
        </Button>
      </form>
      {photos.length > 0 && (
        <ul aria-label={tabText('staff.daily.photosOfDay')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((p) =>
            p.kind === 'photo' ? (
              <li key={p.id} className="flex flex-col gap-1">
                <img
                  src={p.details.url}
                  alt={p.details.caption ?? tabText('staff.daily.aPhotoOfDay')}
                  className="aspect-square w-full rounded-lg object-cover"
                  loading="lazy"
                />
                {/* What the parents read under it, so staff see the words they sent. */}
                {p.details.caption && <p className="text-sm break-words text-stone-900">{p.details.caption}</p>}
                <span className="text-sm text-stone-600">
                  {p.childIds.map((id) => names.get(id) ?? tabText('staff.daily.anotherRoom')).join(', ')}
                </span>
              </li>
            ) : null,
          )}
        </ul>
      )}
    </Card>
  );
}
