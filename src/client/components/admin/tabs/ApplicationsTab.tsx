import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { CheckCircle2, Eye, Trash2, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus } from '~/shared/constants';
import { formatPhone } from '~/shared/phone';
import { choiceLabel, HOW_HEARD_CHOICES, RELATIONSHIP_CHOICES, STATE_CHOICES } from '~/shared/enrollment-choices';
import { formatDate, formatDateTime } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { Badge, type BadgeTone, Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { cn } from '../../ui/cn';
import { ConfirmDialog, Dialog, DIALOG_FOOTER } from '../../ui/Dialog';
import { focusedControl, keepFocusNear } from '../../ui/focus-after-close';
import { Select } from '../../ui/Select';
import { ExportLink } from '../ExportLink';
import { FilteredListState, FilteredPanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { programText } from '../staff-words';
import { staffLoadMoreWords, tabText } from './tab-words';

type Application = RouterOutputs['applications']['list']['items'][number];

/** Read a page at a time (ADR 014); the header's counts are the server's, over every application. */
const APPLICATIONS_PAGE_SIZE = 20;

const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  pending: 'sun',
  approved: 'green',
  rejected: 'red',
  waitlist: 'blue',
  'more-info': 'purple',
};

const STATUS_OPTIONS = APPLICATION_STATUSES.map((value) => ({ value, label: tabText(`staff.applications.status.${value}`) }));
const FILTER_OPTIONS = [{ value: 'all', label: tabText('staff.applications.all') }, ...STATUS_OPTIONS];

export function statusLabel(status: string): string {
  return (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? tabText(`staff.applications.status.${status as ApplicationStatus}`)
    : status;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status as ApplicationStatus] ?? 'stone'}>{statusLabel(status)}</Badge>;
}

const childNameOf = (a: Application) => `${a.childFirstName} ${a.childLastName}`;

function invalidateEnrollment() {
  void queryClient.invalidateQueries(trpc.applications.pathFilter());
  void queryClient.invalidateQueries(trpc.children.pathFilter());
  void queryClient.invalidateQueries(trpc.outbox.pathFilter());
  void queryClient.invalidateQueries(trpc.mail.pathFilter());
  void queryClient.invalidateQueries(trpc.overview.pathFilter());
}

/** Applications tab (docs/product.md §2): status filter, cards, details, status changes, delete and Add to Enrolled. */
export default function ApplicationsTab() {
  const [filter, setFilter] = useState('all');
  // The server filters by status, so a page is never emptied by a filter here.
  const applications = useInfiniteQuery({
    ...trpc.applications.list.infiniteQueryOptions(
      { limit: APPLICATIONS_PAGE_SIZE, status: filter === 'all' ? null : (filter as ApplicationStatus) },
      { getNextPageParam: (last) => last.nextCursor },
    ),
    staleTime: 0,
  });
  const [details, setDetails] = useState<Application | null>(null);
  const deletion = useConfirmedDelete({
    mutation: trpc.applications.delete.mutationOptions(),
    title: tabText('staff.applications.deleteTitle'),
    message: (a: Application) => tabText('staff.applications.deleteText', { child: childNameOf(a) }),
    success: (a) => ({
      title: tabText('staff.applications.deleted'),
      description: tabText('staff.applications.deletedText', { child: childNameOf(a) }),
    }),
    failure: () => ({ title: tabText('staff.applications.deleteFailed') }),
    onDeleted: invalidateEnrollment,
  });

  const shown: Application[] = applications.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = applications.data?.pages[0];

  return (
    <section aria-labelledby="applications-heading" className="flex flex-col gap-4">
      <FilteredPanelHeader
        id="applications-heading"
        title={tabText('staff.applications.title')}
        count={counts ? { shown: counts.matching, total: counts.total, loaded: shown.length } : undefined}
        noun={(n) => tabText('staff.applications.noun', { n })}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.applications.filter')}
            options={FILTER_OPTIONS}
            value={filter}
            onChange={setFilter}
            className="sm:w-60"
          />
          <ExportLink href="/api/admin/export/applications.csv" label={tabText('staff.applications.exportLabel')}>
            {tabText('staff.exportCsv')}
          </ExportLink>
        </div>
      </FilteredPanelHeader>

      <FilteredListState
        isPending={applications.isPending}
        isError={applications.isError}
        shown={counts?.matching ?? 0}
        total={counts?.total ?? 0}
        loading={tabText('staff.applications.loading')}
        error={tabText('staff.applications.loadFailed')}
        none={tabText('staff.applications.none')}
        noMatch={tabText('staff.applications.noMatch')}
      />

      <ul className="grid gap-4 lg:grid-cols-2" aria-label={tabText('staff.tab.applications')}>
        {shown.map((a) => (
          <li key={a.id}>
            <ApplicationCard application={a} onView={() => setDetails(a)} onDelete={() => deletion.request(a)} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={applications} label={tabText('staff.applications.loadMore')} words={staffLoadMoreWords()} />

      {details && <ApplicationDetails application={shown.find((a) => a.id === details.id) ?? details} onClose={() => setDetails(null)} />}
      {deletion.dialog}
    </section>
  );
}

/** 'Already Enrolled': a small button's shape in quiet colours, stone-700 on stone-100 (about 9.5:1). */
const ALREADY_ENROLLED =
  'inline-flex min-h-11 cursor-not-allowed items-center justify-center gap-2 rounded-lg bg-stone-100 px-3 text-sm font-semibold text-stone-700 md:min-h-9';

function ApplicationCard({ application: a, onView, onDelete }: { application: Application; onView: () => void; onDelete: () => void }) {
  /** Unticked after every status change, so an e-mail to the family is never sent on a tick left from the last one. */
  const [emailParent, setEmailParent] = useState(false);
  /** The status waiting for the "this will e-mail the family" confirmation. */
  const [confirming, setConfirming] = useState<ApplicationStatus | null>(null);
  const updateStatus = useMutation(trpc.applications.updateStatus.mutationOptions());
  const enroll = useMutation(trpc.applications.enroll.mutationOptions());
  const child = childNameOf(a);
  const heading = useRef<HTMLHeadingElement>(null);
  const parent = `${a.parentFirstName} ${a.parentLastName}`;

  /** A status chosen in the dropdown: sent at once, or, when the family would be e-mailed, only after confirming. */
  function chooseStatus(value: string) {
    const status = value as ApplicationStatus;
    if (status === a.status) return;
    if (emailParent) setConfirming(status);
    else {
      // The select is disabled while the change is sent, which dropped focus to <body>: it comes back.
      keepFocusNear(focusedControl());
      changeStatus(status, false);
    }
  }

  function changeStatus(status: ApplicationStatus, sendEmail: boolean) {
    updateStatus.mutate(
      { id: a.id, status, sendEmail },
      {
        onSuccess: (result) => {
          setEmailParent(false);
          invalidateEnrollment();
          const now = { child, status: statusLabel(status) };
          if (result.emailRequested && result.emailSent) {
            const where = result.emailVia === 'outbox' ? 'staff.applications.nowStatusInOutbox' : 'staff.applications.nowStatusEmailed';
            toast({ title: tabText('staff.applications.emailSent'), description: tabText(where, now) });
          } else if (result.emailRequested) {
            toast({
              title: tabText('staff.applications.emailFailed'),
              description: tabText('staff.applications.emailFailedText', { ...now, error: result.emailError ?? '' }).trim(),
              variant: 'destructive',
            });
          } else {
            toast({ title: tabText('staff.applications.statusUpdated'), description: tabText('staff.applications.nowStatus', now) });
          }
        },
        onError: () => toast({ title: tabText('staff.applications.statusFailed'), variant: 'destructive' }),
      },
    );
  }

  function confirmEmailedChange() {
    if (!confirming) return;
    changeStatus(confirming, true);
    setConfirming(null);
  }

  function addToEnrolled() {
    // The button turns into 'Already Enrolled', which cannot take focus: focus goes to the card's heading (the
    // toast says what happened), or back to the button when the enrolment failed.
    keepFocusNear(focusedControl(), () => {
      if (heading.current) heading.current.tabIndex = -1;
      return heading.current;
    });
    enroll.mutate(a.id, {
      onSuccess: (result) => {
        toast({ title: tabText('staff.applications.enrolled'), description: tabText(result.notice.id, result.notice.values) });
        invalidateEnrollment();
      },
      onError: (error) => {
        toast({ title: tabText('staff.applications.enrollFailed'), description: error.message, variant: 'destructive' });
        invalidateEnrollment();
      },
    });
  }

  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            ref={heading}
            className="truncate text-lg font-semibold text-stone-900 outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50"
          >
            {child}
          </h3>
          <p className="text-sm text-stone-600">{tabText('staff.applications.parent', { name: parent })}</p>
        </div>
        <StatusBadge status={a.status} />
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="inline font-medium text-stone-700">{tabText('staff.applications.program')} </dt>
          <dd className="inline text-stone-900">{programText(a.programRequested)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">{tabText('staff.applications.startDate')} </dt>
          <dd className="inline text-stone-900">{formatDate(a.startDate)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">{tabText('staff.applications.submitted')} </dt>
          <dd className="inline text-stone-900">{formatDate(a.createdAt)}</dd>
        </div>
      </dl>

      <div className="flex flex-col gap-1 rounded-xl bg-stone-50 p-3">
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.applications.statusOf', { child })}
          options={STATUS_OPTIONS}
          value={a.status}
          onChange={chooseStatus}
          isDisabled={updateStatus.isPending}
        />
        <Checkbox isSelected={emailParent} onChange={setEmailParent} isDisabled={updateStatus.isPending}>
          {tabText('staff.applications.emailParent')}
        </Checkbox>
      </div>
      <ConfirmDialog
        cancelLabel={tabText('staff.cancel')}
        closeLabel={tabText('staff.close')}
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={tabText('staff.applications.confirmTitle')}
        message={
          confirming && tabText('staff.applications.confirmText', { child, status: statusLabel(confirming), parent, email: a.parentEmail })
        }
        confirmLabel={tabText('staff.applications.confirm')}
        confirmVariant="primary"
        onConfirm={confirmEmailedChange}
      />

      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onPress={onView} aria-label={tabText('staff.applications.viewDetailsOf', { child })}>
          <Eye aria-hidden="true" className="size-4" />
          {tabText('staff.applications.viewDetails')}
        </Button>
        {a.enrolledChildId ? (
          // Disabled (docs/product.md §4) yet readable: its own colours at full opacity, not a faded button (4.5:1).
          <button type="button" disabled className={ALREADY_ENROLLED}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {tabText('staff.applications.alreadyEnrolled')}
          </button>
        ) : (
          a.status === 'approved' && (
            <Button size="sm" onPress={addToEnrolled} isDisabled={enroll.isPending}>
              <UserPlus aria-hidden="true" className="size-4" />
              {tabText('staff.applications.addToEnrolled')}
            </Button>
          )
        )}
        <Button variant="ghost" size="sm" onPress={onDelete} aria-label={tabText('staff.applications.deleteOf', { child })}>
          <Trash2 aria-hidden="true" className="size-4" />
          {tabText('staff.delete')}
        </Button>
      </div>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="break-words whitespace-pre-wrap text-stone-900">
        {value ? value : <span className="text-stone-600 italic">{tabText('staff.applications.notProvided')}</span>}
      </dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="border-b border-stone-200 pb-1 text-sm font-bold text-brand-800">{title}</h3>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">{children}</dl>
    </section>
  );
}

/** Every field of the application, grouped as the public form asks for them. */
function ApplicationDetails({ application: a, onClose }: { application: Application; onClose: () => void }) {
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.applications.detailsTitle', { child: childNameOf(a) })}
      description={<StatusBadge status={a.status} />}
      size="lg"
    >
      <div className="flex flex-col gap-5">
        <Group title={tabText('staff.applications.parentGroup')}>
          <Field label={tabText('staff.applications.parentName')} value={`${a.parentFirstName} ${a.parentLastName}`} />
          <Field label={tabText('staff.field.email')} value={a.parentEmail} />
          <Field label={tabText('staff.field.phone')} value={formatPhone(a.parentPhone)} />
          <Field label={tabText('staff.applications.address')} value={a.parentAddress} />
          <Field label={tabText('staff.applications.city')} value={a.parentCity} />
          <Field label={tabText('staff.applications.state')} value={choiceLabel(STATE_CHOICES, a.parentState)} />
          <Field label={tabText('staff.applications.zip')} value={a.parentZip} />
        </Group>
        <Group title={tabText('staff.applications.childGroup')}>
          <Field label={tabText('staff.applications.childName')} value={childNameOf(a)} />
          <Field label={tabText('staff.applications.dateOfBirth')} value={formatDate(a.childDateOfBirth)} />
          <Field label={tabText('staff.applications.age')} value={a.childAge} />
          <Field label={tabText('staff.applications.programRequested')} value={programText(a.programRequested)} />
          <Field label={tabText('staff.applications.desiredStart')} value={formatDate(a.startDate)} />
        </Group>
        <Group title={tabText('staff.applications.emergencyGroup')}>
          <Field label={tabText('staff.field.name')} value={a.emergencyContactName} />
          <Field label={tabText('staff.field.phone')} value={formatPhone(a.emergencyContactPhone)} />
          <Field
            label={tabText('staff.applications.relationship')}
            value={choiceLabel(RELATIONSHIP_CHOICES, a.emergencyContactRelationship)}
          />
        </Group>
        <Group title={tabText('staff.applications.medicalGroup')}>
          <Field label={tabText('staff.applications.pediatrician')} value={a.pediatricianName} />
          <Field label={tabText('staff.applications.pediatricianPhone')} value={a.pediatricianPhone && formatPhone(a.pediatricianPhone)} />
          <Field label={tabText('staff.applications.allergies')} value={a.allergies} />
          <Field label={tabText('staff.applications.medications')} value={a.medications} />
          <Field label={tabText('staff.applications.conditions')} value={a.medicalConditions} />
        </Group>
        <Group title={tabText('staff.applications.additionalGroup')}>
          <Field label={tabText('staff.applications.instructions')} value={a.specialInstructions} />
          <Field label={tabText('staff.applications.howHeard')} value={choiceLabel(HOW_HEARD_CHOICES, a.howDidYouHear)} />
          {/* The language the family applied in: the e-mails sent to them about it are in it. */}
          <Field
            label={tabText('staff.applications.language')}
            value={tabText(a.language === 'es' ? 'staff.applications.spanish' : 'staff.applications.english')}
          />
          <Field label={tabText('staff.field.status')} value={statusLabel(a.status)} />
          <Field label={tabText('staff.field.submitted')} value={formatDateTime(a.createdAt)} />
          <Field label={tabText('staff.applications.enrolledField')} value={tabText(a.enrolledChildId ? 'staff.yes' : 'staff.no')} />
        </Group>
      </div>
      <div className={cn(DIALOG_FOOTER, 'mt-6 flex justify-end')}>
        <Button variant="outline" onPress={onClose}>
          {tabText('staff.close')}
        </Button>
      </div>
    </Dialog>
  );
}
