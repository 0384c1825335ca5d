import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { CheckCircle2, Eye, Trash2, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus, PROGRAM_LABELS, type Program } from '~/shared/constants';
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

const STATUS_OPTIONS = APPLICATION_STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] }));
const FILTER_OPTIONS = [{ value: 'all', label: 'All Applications' }, ...STATUS_OPTIONS];

export function statusLabel(status: string): string {
  return APPLICATION_STATUS_LABELS[status as ApplicationStatus] ?? status;
}

export function programLabel(program: string): string {
  return PROGRAM_LABELS[program as Program] ?? program;
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
    title: 'Delete Application',
    message: (a: Application) => `Delete the application for ${childNameOf(a)}? This cannot be undone.`,
    success: (a) => ({ title: 'Application Deleted', description: `The application for ${childNameOf(a)} was deleted.` }),
    failure: () => ({ title: 'Failed to delete application. Please try again.' }),
    onDeleted: invalidateEnrollment,
  });

  const shown: Application[] = applications.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = applications.data?.pages[0];

  return (
    <section aria-labelledby="applications-heading" className="flex flex-col gap-4">
      <FilteredPanelHeader
        id="applications-heading"
        title="Enrollment Applications"
        count={counts ? { shown: counts.matching, total: counts.total, loaded: shown.length } : undefined}
        noun={['application', 'applications']}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Select label="Filter by status" options={FILTER_OPTIONS} value={filter} onChange={setFilter} className="sm:w-60" />
          <ExportLink href="/api/admin/export/applications.csv" label="Export all applications as CSV">
            Export CSV
          </ExportLink>
        </div>
      </FilteredPanelHeader>

      <FilteredListState
        isPending={applications.isPending}
        isError={applications.isError}
        shown={counts?.matching ?? 0}
        total={counts?.total ?? 0}
        loading="Loading applications..."
        error="The applications could not be loaded. Please refresh the page."
        none="No enrollment applications yet."
        noMatch="No applications with this status."
      />

      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Applications">
        {shown.map((a) => (
          <li key={a.id}>
            <ApplicationCard application={a} onView={() => setDetails(a)} onDelete={() => deletion.request(a)} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={applications} label="Load more applications" />

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
          if (result.emailRequested && result.emailSent) {
            const where =
              result.emailVia === 'outbox'
                ? ' No mail server is configured, so the e-mail is in the Outbox.'
                : ' The parent has been e-mailed.';
            toast({ title: 'Email Sent Successfully!', description: `${child}'s application is now ${statusLabel(status)}.${where}` });
          } else if (result.emailRequested) {
            toast({
              title: 'Email Failed',
              description:
                `${child}'s application is now ${statusLabel(status)}, but the e-mail to the parent could not be sent. ${result.emailError ?? ''}`.trim(),
              variant: 'destructive',
            });
          } else {
            toast({ title: 'Status Updated', description: `${child}'s application is now ${statusLabel(status)}.` });
          }
        },
        onError: () => toast({ title: 'Failed to update application status. Please try again.', variant: 'destructive' }),
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
        toast({ title: 'Child Enrolled', description: result.message });
        invalidateEnrollment();
      },
      onError: (error) => {
        toast({ title: 'Failed to enroll child. Please try again.', description: error.message, variant: 'destructive' });
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
          <p className="text-sm text-stone-600">
            Parent: {a.parentFirstName} {a.parentLastName}
          </p>
        </div>
        <StatusBadge status={a.status} />
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="inline font-medium text-stone-700">Program: </dt>
          <dd className="inline text-stone-900">{programLabel(a.programRequested)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">Start date: </dt>
          <dd className="inline text-stone-900">{formatDate(a.startDate)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">Submitted: </dt>
          <dd className="inline text-stone-900">{formatDate(a.createdAt)}</dd>
        </div>
      </dl>

      <div className="flex flex-col gap-1 rounded-xl bg-stone-50 p-3">
        <Select
          label={`Status of ${child}'s application`}
          options={STATUS_OPTIONS}
          value={a.status}
          onChange={chooseStatus}
          isDisabled={updateStatus.isPending}
        />
        <Checkbox isSelected={emailParent} onChange={setEmailParent} isDisabled={updateStatus.isPending}>
          Email the parent about this change
        </Checkbox>
      </div>
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Email the Parent?"
        message={
          confirming &&
          `${child}'s application will be marked ${statusLabel(confirming)}, and ${parent} will be e-mailed about it at ${a.parentEmail}.`
        }
        confirmLabel="Change Status and Email"
        confirmVariant="primary"
        onConfirm={confirmEmailedChange}
      />

      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onPress={onView} aria-label={`View details of ${child}'s application`}>
          <Eye aria-hidden="true" className="size-4" />
          View Details
        </Button>
        {a.enrolledChildId ? (
          // Disabled (docs/product.md §4) yet readable: its own colours at full opacity, not a faded button (4.5:1).
          <button type="button" disabled className={ALREADY_ENROLLED}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Already Enrolled
          </button>
        ) : (
          a.status === 'approved' && (
            <Button size="sm" onPress={addToEnrolled} isDisabled={enroll.isPending}>
              <UserPlus aria-hidden="true" className="size-4" />
              Add to Enrolled
            </Button>
          )
        )}
        <Button variant="ghost" size="sm" onPress={onDelete} aria-label={`Delete ${child}'s application`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
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
        {value ? value : <span className="text-stone-600 italic">Not provided</span>}
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
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Application: ${childNameOf(a)}`}
      description={<StatusBadge status={a.status} />}
      size="lg"
    >
      <div className="flex flex-col gap-5">
        <Group title="Parent/Guardian Information">
          <Field label="Parent name" value={`${a.parentFirstName} ${a.parentLastName}`} />
          <Field label="Email" value={a.parentEmail} />
          <Field label="Phone" value={formatPhone(a.parentPhone)} />
          <Field label="Address" value={a.parentAddress} />
          <Field label="City" value={a.parentCity} />
          <Field label="State" value={choiceLabel(STATE_CHOICES, a.parentState)} />
          <Field label="ZIP code" value={a.parentZip} />
        </Group>
        <Group title="Child Information">
          <Field label="Child name" value={childNameOf(a)} />
          <Field label="Date of birth" value={formatDate(a.childDateOfBirth)} />
          <Field label="Age" value={a.childAge} />
          <Field label="Program requested" value={programLabel(a.programRequested)} />
          <Field label="Desired start date" value={formatDate(a.startDate)} />
        </Group>
        <Group title="Emergency Contact">
          <Field label="Name" value={a.emergencyContactName} />
          <Field label="Phone" value={formatPhone(a.emergencyContactPhone)} />
          <Field label="Relationship" value={choiceLabel(RELATIONSHIP_CHOICES, a.emergencyContactRelationship)} />
        </Group>
        <Group title="Medical Information">
          <Field label="Pediatrician" value={a.pediatricianName} />
          <Field label="Pediatrician phone" value={a.pediatricianPhone && formatPhone(a.pediatricianPhone)} />
          <Field label="Allergies" value={a.allergies} />
          <Field label="Medications" value={a.medications} />
          <Field label="Medical conditions" value={a.medicalConditions} />
        </Group>
        <Group title="Additional Information">
          <Field label="Special instructions" value={a.specialInstructions} />
          <Field label="How did you hear about us" value={choiceLabel(HOW_HEARD_CHOICES, a.howDidYouHear)} />
          {/* The language the family applied in: the e-mails sent to them about it are in it. */}
          <Field label="Language" value={a.language === 'es' ? 'Spanish' : 'English'} />
          <Field label="Status" value={statusLabel(a.status)} />
          <Field label="Submitted" value={formatDateTime(a.createdAt)} />
          <Field label="Enrolled" value={a.enrolledChildId ? 'Yes' : 'No'} />
        </Group>
      </div>
      <div className={cn(DIALOG_FOOTER, 'mt-6 flex justify-end')}>
        <Button variant="outline" onPress={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
