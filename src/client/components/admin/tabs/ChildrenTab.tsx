import { useMutation, useQuery } from '@tanstack/react-query';
import { differenceInYears, parseISO } from 'date-fns';
import { Archive, Check, Copy, KeyRound, Mail, Pencil, Plus, Power, RotateCcwKey, Trash2, TriangleAlert } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Form } from 'react-aria-components';
import { PROGRAM_CHOICES, PROGRAM_LABELS, type Program } from '~/shared/constants';
import { childSchemaOn, EMPTY_CHILD } from '~/shared/schemas/children';
import { useCentreToday } from '~/client/lib/centre-today';
import { downloadFile } from '~/client/lib/download';
import { formatDate } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { Switch } from '../../ui/Checkbox';
import { ConfirmDialog, Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { credentialsNote } from '../credentials-note';
import { ExportLink } from '../ExportLink';
import { FilteredListState, FilteredPanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';

type Outputs = RouterOutputs;
type Child = Outputs['children']['list'][number];
/** What the credentials dialog shows: a new account's login, a masked existing one, or a reset password. */
type Credentials = Outputs['children']['generateParentLogin'] | Outputs['children']['resetParentPassword'];

const TRY_AGAIN = 'Please try again.';
const PROGRAM_FILTER = [{ value: 'all', label: 'All Programs' }, ...PROGRAM_CHOICES];
const ACTIVE_FILTER = [
  { value: 'all', label: 'All Children' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Whole years since the date of birth (SPEC.md §9: admin displays). */
export function ageInYears(dateOfBirth: string, now: Date = new Date()): number | null {
  const dob = parseISO(dateOfBirth);
  if (Number.isNaN(dob.getTime())) return null;
  return Math.max(0, differenceInYears(now, dob));
}

function ageText(dateOfBirth: string): string {
  const years = ageInYears(dateOfBirth);
  if (years === null) return '';
  return `${years} year${years === 1 ? '' : 's'} old`;
}

function invalidateChildren() {
  void queryClient.invalidateQueries(trpc.children.pathFilter());
  void queryClient.invalidateQueries(trpc.applications.pathFilter());
  void queryClient.invalidateQueries(trpc.overview.pathFilter());
}

/** Enrolled tab (SPEC.md §2): filters, list, add/edit, remove, active toggle and parent credentials. */
export default function ChildrenTab() {
  const children = useQuery({ ...trpc.children.list.queryOptions(), staleTime: 0 });
  const [program, setProgram] = useState('all');
  const [active, setActive] = useState('all');
  const [editing, setEditing] = useState<Child | 'new' | null>(null);
  const [credentials, setCredentials] = useState<{ child: Child; result: Credentials } | null>(null);
  const removal = useConfirmedDelete({
    mutation: trpc.children.delete.mutationOptions(),
    title: 'Remove Child',
    message: (c: Child) =>
      `Remove ${c.childName} from the enrolled children? Their activities, development notes and parent links are deleted; payment receipts are kept. This cannot be undone.`,
    confirmLabel: 'Remove',
    success: (_c, result) => ({ title: 'Child Removed', description: result.message }),
    failure: () => ({ title: 'Failed to remove child.', description: TRY_AGAIN }),
    onDeleted: invalidateChildren,
  });

  const list = children.data ?? [];
  const shown = list.filter(
    (c) => (program === 'all' || c.program === program) && (active === 'all' || (active === 'active') === c.isActive),
  );

  return (
    <section aria-labelledby="children-heading" className="flex flex-col gap-4">
      <FilteredPanelHeader
        id="children-heading"
        title="Enrolled Children"
        count={children.isSuccess ? { shown: shown.length, total: list.length } : undefined}
        noun={['child', 'children']}
        wideFrom="lg"
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <Select label="Program" options={PROGRAM_FILTER} value={program} onChange={setProgram} className="sm:w-56" />
          <Select label="Status" options={ACTIVE_FILTER} value={active} onChange={setActive} className="sm:w-44" />
          <ExportLink href="/api/admin/export/children.csv" label="Export all enrolled children as CSV">
            Export CSV
          </ExportLink>
          <Button onPress={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add Child
          </Button>
        </div>
      </FilteredPanelHeader>

      <FilteredListState
        isPending={children.isPending}
        isError={children.isError}
        shown={shown.length}
        total={list.length}
        loading="Loading enrolled children..."
        error="The enrolled children could not be loaded. Please refresh the page."
        none="No children are enrolled yet."
        noMatch="No children match these filters."
      />

      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Enrolled children">
        {shown.map((c) => (
          <li key={c.id}>
            <ChildCard
              child={c}
              onEdit={() => setEditing(c)}
              onRemove={() => removal.request(c)}
              onCredentials={(result) => setCredentials({ child: c, result })}
            />
          </li>
        ))}
      </ul>

      {editing && <ChildFormDialog child={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {credentials && (
        <CredentialsDialog
          child={credentials.child}
          result={credentials.result}
          onReset={(result) => setCredentials({ child: credentials.child, result })}
          onClose={() => setCredentials(null)}
        />
      )}
      {removal.dialog}
    </section>
  );
}

function ChildCard({
  child: c,
  onEdit,
  onRemove,
  onCredentials,
}: {
  child: Child;
  onEdit: () => void;
  onRemove: () => void;
  onCredentials: (r: Credentials) => void;
}) {
  const toggle = useMutation(trpc.children.toggleActive.mutationOptions());
  const login = useMutation(trpc.children.generateParentLogin.mutationOptions());
  const archiveLink = useMutation(trpc.archives.sendLink.mutationOptions());
  const [downloading, setDownloading] = useState(false);

  /** The child's archive, as the family gets it (with every document and receipt of the child). */
  function downloadArchive() {
    setDownloading(true);
    downloadFile(`/api/admin/enrolled-children/${c.id}/archive.zip`)
      .catch((err: unknown) =>
        toast({
          title: 'Failed to make the archive.',
          description: err instanceof Error ? err.message : TRY_AGAIN,
          variant: 'destructive',
        }),
      )
      .finally(() => setDownloading(false));
  }

  /** E-mails each parent of the child a link to the archive (for a child who leaves). */
  function emailArchive() {
    archiveLink.mutate(c.id, {
      onSuccess: (result) => {
        toast(
          result.success
            ? { title: 'Archive Link Sent', description: result.message }
            : { title: 'Failed to send the archive link.', description: result.message, variant: 'destructive' },
        );
        void queryClient.invalidateQueries(trpc.outbox.pathFilter());
      },
      onError: (err) =>
        toast({ title: 'Failed to send the archive link.', description: errorMessage(err, TRY_AGAIN), variant: 'destructive' }),
    });
  }

  function toggleActive() {
    toggle.mutate(c.id, {
      onSuccess: (result) => {
        toast({ title: result.message });
        invalidateChildren();
      },
      onError: () => toast({ title: 'Failed to update status.', description: TRY_AGAIN, variant: 'destructive' }),
    });
  }

  function parentLogin() {
    login.mutate(c.id, {
      onSuccess: (result) => {
        onCredentials(result);
        void queryClient.invalidateQueries(trpc.outbox.pathFilter());
      },
      onError: () => toast({ title: 'Failed to generate parent credentials.', description: TRY_AGAIN, variant: 'destructive' }),
    });
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-stone-900">{c.childName}</h3>
          <p className="text-sm text-stone-600">
            {ageText(c.dateOfBirth)} · Born {formatDate(c.dateOfBirth)}
          </p>
        </div>
        <Badge tone={c.isActive ? 'green' : 'stone'}>{c.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        <div>
          <dt className="inline font-medium text-stone-700">Program: </dt>
          <dd className="inline">{PROGRAM_LABELS[c.program as Program] ?? c.program}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">Parent: </dt>
          <dd className="inline">{c.parentName}</dd>
        </div>
        <div className="min-w-0">
          <dt className="inline font-medium text-stone-700">Email: </dt>
          <dd className="inline break-all">
            <a href={`mailto:${c.parentEmail}`} className="text-brand-800 underline underline-offset-2">
              {c.parentEmail}
            </a>
          </dd>
        </div>
        {c.parentPhone && (
          <div>
            <dt className="inline font-medium text-stone-700">Phone: </dt>
            <dd className="inline">
              <a href={`tel:${c.parentPhone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline underline-offset-2">
                {c.parentPhone}
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt className="inline font-medium text-stone-700">Start date: </dt>
          <dd className="inline">{formatDate(c.startDate)}</dd>
        </div>
      </dl>
      {c.notes && (
        <div className="rounded-lg bg-stone-50 p-2">
          <p className="line-clamp-3 text-sm whitespace-pre-wrap text-stone-700">{c.notes}</p>
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onPress={onEdit} aria-label={`Edit ${c.childName}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          onPress={toggleActive}
          isDisabled={toggle.isPending}
          aria-label={`${c.isActive ? 'Deactivate' : 'Activate'} ${c.childName}`}
        >
          <Power aria-hidden="true" className="size-4" />
          {c.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onPress={parentLogin}
          isDisabled={login.isPending || !c.isActive}
          aria-label={`Parent Login for ${c.childName}`}
          aria-describedby={c.isActive ? undefined : `inactive-${c.id}`}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {login.isPending ? 'Generating...' : 'Parent Login'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onPress={downloadArchive}
          isDisabled={downloading}
          aria-label={`Download ${c.childName}'s archive`}
        >
          <Archive aria-hidden="true" className="size-4" />
          {downloading ? 'Preparing...' : 'Archive'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onPress={emailArchive}
          isDisabled={archiveLink.isPending}
          aria-label={`E-mail ${c.childName}'s archive link to the family`}
        >
          <Mail aria-hidden="true" className="size-4" />
          {archiveLink.isPending ? 'Sending...' : 'E-mail Archive'}
        </Button>
        <Button variant="ghost" size="sm" onPress={onRemove} aria-label={`Remove ${c.childName}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
      {!c.isActive && (
        <p id={`inactive-${c.id}`} className="text-xs text-stone-500">
          Activate the child to create a parent login.
        </p>
      )}
    </Card>
  );
}

type FormValues = { [K in keyof typeof EMPTY_CHILD]: (typeof EMPTY_CHILD)[K] };

function toValues(child: Child | null): FormValues {
  if (!child) return { ...EMPTY_CHILD };
  return {
    childName: child.childName,
    dateOfBirth: child.dateOfBirth,
    program: child.program,
    startDate: child.startDate,
    parentName: child.parentName,
    parentEmail: child.parentEmail,
    parentPhone: child.parentPhone ?? '',
    isActive: child.isActive,
    notes: child.notes ?? '',
  };
}

/** Add and edit share the form and the schema of SPEC.md §5 Enrolled child form; messages appear inline. */
function ChildFormDialog({ child, onClose }: { child: Child | null; onClose: () => void }) {
  const today = useCentreToday();
  const schema = useMemo(() => childSchemaOn(today), [today]);
  const { values, set, errors, parse, showServerErrors, formRef } = useSchemaForm(schema, () => toValues(child), {
    onEdit: 'clear',
    focusInvalid: true,
  });
  const create = useMutation(trpc.children.create.mutationOptions());
  const update = useMutation(trpc.children.update.mutationOptions());
  const pending = create.isPending || update.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!parse()) return;
    const onError = (error: ServerError) => {
      showServerErrors(error);
      toast({ title: child ? 'Failed to update child.' : 'Failed to add child.', description: TRY_AGAIN, variant: 'destructive' });
    };
    const onSuccess = (saved: Child) => {
      toast({ title: child ? 'Child Updated' : 'Child Added', description: `${saved.childName} has been saved.` });
      invalidateChildren();
      onClose();
    };
    if (child) update.mutate({ ...values, id: child.id }, { onSuccess, onError });
    else create.mutate(values, { onSuccess, onError });
  }

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={child ? 'Edit Child' : 'Add Child'} size="lg">
      <Form ref={formRef} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Child's Name"
            required
            value={values.childName}
            onChange={set('childName')}
            error={errors.childName}
            className="sm:col-span-2"
          />
          <TextField
            label="Date of Birth"
            type="date"
            required
            value={values.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errors.dateOfBirth}
          />
          <TextField
            label="Start Date"
            type="date"
            required
            value={values.startDate}
            onChange={set('startDate')}
            error={errors.startDate}
          />
          <Select
            label="Program"
            options={PROGRAM_CHOICES}
            value={values.program}
            onChange={set('program')}
            error={errors.program}
            className="sm:col-span-2"
          />
          <TextField label="Parent Name" required value={values.parentName} onChange={set('parentName')} error={errors.parentName} />
          <TextField
            label="Parent Email"
            type="email"
            required
            value={values.parentEmail}
            onChange={set('parentEmail')}
            error={errors.parentEmail}
          />
          <TextField label="Parent Phone" type="tel" value={values.parentPhone} onChange={set('parentPhone')} error={errors.parentPhone} />
          <Switch isSelected={values.isActive} onChange={set('isActive')} className="self-end">
            Active
          </Switch>
          <TextField
            label="Notes"
            multiline
            rows={4}
            value={values.notes}
            onChange={set('notes')}
            error={errors.notes}
            className="sm:col-span-2"
          />
        </div>
        <DialogActions onCancel={onClose} isDisabled={pending}>
          {pending ? 'Saving...' : child ? 'Save Changes' : 'Add Child'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <Button variant="outline" size="sm" onPress={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/**
 * The parent's login: shown once when created or reset. For an existing account the password stays masked, and
 * staff may reset it (after a confirmation) when the parent never received it; the new one is shown the same way.
 */
function CredentialsDialog({
  child,
  result,
  onReset,
  onClose,
}: {
  child: Child;
  result: Credentials;
  onReset: (result: Credentials) => void;
  onClose: () => void;
}) {
  const masked = result.isExisting;
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation(trpc.children.resetParentPassword.mutationOptions());

  function confirmReset() {
    reset.mutate(child.id, {
      onSuccess: (next) => {
        setConfirming(false);
        onReset(next);
        void queryClient.invalidateQueries(trpc.outbox.pathFilter());
      },
      onError: (error) =>
        toast({ title: 'Failed to reset the password.', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Parent Login Credentials"
      description={`Parent Portal account for ${child.childName}'s parent`}
    >
      <div className="flex flex-col gap-4">
        {masked ? (
          <div className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
            <p>This parent already has an account and can use the existing password. Their children are linked to the same login.</p>
            <p>If the parent never received their password, you can give them a new one.</p>
            <Button variant="outline" size="sm" onPress={() => setConfirming(true)} className="self-start">
              <RotateCcwKey aria-hidden="true" className="size-4" />
              Reset Password
            </Button>
          </div>
        ) : (
          <p className="text-sm text-stone-700">{credentialsNote(result)}</p>
        )}
        <dl className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-stone-700">Email</dt>
            <dd className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
              <span className="font-mono text-sm break-all select-all" data-testid="credential-email">
                {result.credentials.email}
              </span>
              <CopyButton value={result.credentials.email} label="email" />
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-stone-700">Password</dt>
            <dd className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
              <span className="font-mono text-base break-all select-all" data-testid="credential-password">
                {result.credentials.password}
              </span>
              {!masked && <CopyButton value={result.credentials.password} label="password" />}
            </dd>
          </div>
        </dl>
        {!masked && (
          <p
            role={result.emailSent ? undefined : 'alert'}
            className={
              result.emailSent
                ? 'rounded-lg bg-green-50 p-3 text-sm text-green-900'
                : 'flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
            }
          >
            {!result.emailSent && <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />}
            <span>
              {result.message}
              {result.emailError ? ` ${result.emailError}` : ''}
            </span>
          </p>
        )}
        <div className="flex justify-end">
          <Button onPress={onClose}>Done</Button>
        </div>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Reset Parent Password"
        message="This signs the parent out everywhere and e-mails a new password."
        confirmLabel={reset.isPending ? 'Resetting...' : 'Reset Password'}
        onConfirm={confirmReset}
        isPending={reset.isPending}
      />
    </Dialog>
  );
}
