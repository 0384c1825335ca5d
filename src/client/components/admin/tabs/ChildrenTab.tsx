import { useMutation, useQuery } from '@tanstack/react-query';
import { differenceInYears, parseISO } from 'date-fns';
import { Archive, Camera, KeyRound, Mail, Pencil, Plus, Power, Trash2, Users } from 'lucide-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PROGRAMS } from '~/shared/constants';
import { programText } from '../staff-words';
import { formatPhone, telHref } from '~/shared/phone';
import { downloadFile } from '~/client/lib/download';
import { formatDate } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { INLINE_TARGET } from '../../ui/button-class';
import { cn } from '../../ui/cn';
import { Badge, Card } from '../../ui/Card';
import { focusedControl, keepFocusNear } from '../../ui/focus-after-close';
import { Select } from '../../ui/Select';
import { ExportLink } from '../ExportLink';
import { FilteredListState, FilteredPanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { ChildFormDialog } from './children/ChildFormDialog';
import { CredentialsDialog } from './children/CredentialsDialog';
import { consentSummary, PhotoConsentDialog } from './children/PhotoConsentDialog';
import { PickupsDialog } from './children/PickupsDialog';
import { type Child, type Credentials, invalidateChildren, TRY_AGAIN } from './children/records';
import { tabText } from './tab-words';

const PROGRAM_FILTER = [
  { value: 'all', label: tabText('staff.children.allPrograms') },
  ...PROGRAMS.map((value) => ({ value, label: programText(value) })),
];
const ACTIVE_FILTER = [
  { value: 'all', label: tabText('staff.children.allChildren') },
  { value: 'active', label: tabText('staff.children.active') },
  { value: 'inactive', label: tabText('staff.children.inactive') },
];

/** Whole years since the date of birth (docs/product.md §9: admin displays). */
export function ageInYears(dateOfBirth: string, now: Date = new Date()): number | null {
  const dob = parseISO(dateOfBirth);
  if (Number.isNaN(dob.getTime())) return null;
  return Math.max(0, differenceInYears(now, dob));
}

function ageText(dateOfBirth: string): string {
  const years = ageInYears(dateOfBirth);
  if (years === null) return '';
  return tabText('staff.children.age', { years });
}

/** Enrolled tab (docs/product.md §2): filters, list, add/edit, remove, active toggle and parent credentials. */
export default function ChildrenTab() {
  const children = useQuery({ ...trpc.children.list.queryOptions(), staleTime: 0 });
  const [program, setProgram] = useState('all');
  const [active, setActive] = useState('all');
  const [editing, setEditing] = useState<Child | 'new' | null>(null);
  const [record, setRecord] = useState<{ child: Child; part: 'consent' | 'pickups' } | null>(null);
  const [credentials, setCredentials] = useState<{ child: Child; result: Credentials; opener: HTMLElement | null } | null>(null);
  const removal = useConfirmedDelete({
    mutation: trpc.children.delete.mutationOptions(),
    title: tabText('staff.children.removeTitle'),
    message: (c: Child) => tabText('staff.children.removeAsk', { child: c.childName }),
    confirmLabel: tabText('staff.children.remove'),
    success: (_c, result) => ({ title: tabText('staff.children.removed'), description: tabText(result.notice.id, result.notice.values) }),
    failure: () => ({ title: tabText('staff.children.removeFailed'), description: TRY_AGAIN }),
    onDeleted: invalidateChildren,
  });

  const list = children.data ?? [];
  // `?child=` (the notice of children who start later links here): that child's edit dialog, once; the address
  // then drops it, so a reload or Back does not open it again.
  const navigate = useNavigate();
  const wanted = (useSearch({ strict: false }) as { child?: string }).child;
  const [opened, setOpened] = useState<string | null>(null);
  if (!wanted && opened) setOpened(null);
  if (wanted && children.data && opened !== wanted) {
    setOpened(wanted);
    const child = children.data.find((c) => c.id === wanted);
    if (child) setEditing(child);
  }
  const loaded = !!children.data;
  useEffect(() => {
    if (wanted && loaded) void navigate({ to: '.', search: { tab: 'children' }, replace: true, resetScroll: false });
  }, [wanted, loaded, navigate]);
  const shown = list.filter(
    (c) => (program === 'all' || c.program === program) && (active === 'all' || (active === 'active') === c.isActive),
  );

  return (
    <section aria-labelledby="children-heading" className="flex flex-col gap-4">
      <FilteredPanelHeader
        id="children-heading"
        title={tabText('staff.overview.enrolledChildren')}
        count={children.isSuccess ? { shown: shown.length, total: list.length } : undefined}
        noun={(n) => tabText('staff.children.noun', { n })}
        wideFrom="lg"
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.children.program')}
            options={PROGRAM_FILTER}
            value={program}
            onChange={setProgram}
            className="sm:w-56"
          />
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.field.status')}
            options={ACTIVE_FILTER}
            value={active}
            onChange={setActive}
            className="sm:w-44"
          />
          <ExportLink href="/api/admin/export/children.csv" label={tabText('staff.children.exportLabel')}>
            {tabText('staff.exportCsv')}
          </ExportLink>
          <Button onPress={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {tabText('staff.children.add')}
          </Button>
        </div>
      </FilteredPanelHeader>

      <FilteredListState
        isPending={children.isPending}
        isError={children.isError}
        shown={shown.length}
        total={list.length}
        loading={tabText('staff.children.loading')}
        error={tabText('staff.children.loadFailed')}
        none={tabText('staff.children.none')}
        noMatch={tabText('staff.children.noMatch')}
      />

      <ul className="grid gap-4 lg:grid-cols-2" aria-label={tabText('staff.children.list')}>
        {shown.map((c) => (
          <li key={c.id}>
            <ChildCard
              child={c}
              onEdit={() => setEditing(c)}
              onConsent={() => setRecord({ child: c, part: 'consent' })}
              onPickups={() => setRecord({ child: c, part: 'pickups' })}
              onRemove={() => removal.request(c)}
              onCredentials={(result, opener) => setCredentials({ child: c, result, opener })}
            />
          </li>
        ))}
      </ul>

      {editing && <ChildFormDialog child={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {record?.part === 'consent' && <PhotoConsentDialog child={record.child} onClose={() => setRecord(null)} />}
      {record?.part === 'pickups' && <PickupsDialog child={record.child} onClose={() => setRecord(null)} />}
      {credentials && (
        <CredentialsDialog
          child={credentials.child}
          result={credentials.result}
          onReset={(result) => setCredentials({ ...credentials, result })}
          onClose={() => {
            // The dialog opened after the request, while its button was disabled, so it had nothing to return focus
            // to (it fell to <body>): it goes back to the button that asked.
            keepFocusNear(credentials.opener);
            setCredentials(null);
          }}
        />
      )}
      {removal.dialog}
    </section>
  );
}

function ChildCard({
  child: c,
  onEdit,
  onConsent,
  onPickups,
  onRemove,
  onCredentials,
}: {
  child: Child;
  onEdit: () => void;
  onConsent: () => void;
  onPickups: () => void;
  onRemove: () => void;
  onCredentials: (r: Credentials, opener: HTMLElement | null) => void;
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
          title: tabText('staff.children.archiveFailed'),
          description: err instanceof Error ? err.message : TRY_AGAIN,
          variant: 'destructive',
        }),
      )
      .finally(() => setDownloading(false));
  }

  /** E-mails each parent of the child a link to the archive (for a child who leaves). */
  function emailArchive() {
    keepFocusNear(focusedControl());
    archiveLink.mutate(c.id, {
      onSuccess: (result) => {
        toast(
          result.success
            ? { title: tabText('staff.children.archiveLinkSent'), description: tabText(result.notice.id, result.notice.values) }
            : {
                title: tabText('staff.children.archiveLinkFailed'),
                description: tabText(result.notice.id, result.notice.values),
                variant: 'destructive',
              },
        );
        void queryClient.invalidateQueries(trpc.outbox.pathFilter());
      },
      onError: (err) =>
        toast({
          title: tabText('staff.children.archiveLinkFailed'),
          description: errorMessage(err, TRY_AGAIN),
          variant: 'destructive',
        }),
    });
  }

  function toggleActive() {
    // Disabled while the change is sent: focus comes back to it after.
    keepFocusNear(focusedControl());
    toggle.mutate(c.id, {
      onSuccess: (result) => {
        toast({ title: tabText(result.notice.id, result.notice.values) });
        invalidateChildren();
      },
      onError: () => toast({ title: tabText('staff.children.statusFailed'), description: TRY_AGAIN, variant: 'destructive' }),
    });
  }

  function parentLogin() {
    const opener = focusedControl();
    login.mutate(c.id, {
      onSuccess: (result) => {
        onCredentials(result, opener);
        void queryClient.invalidateQueries(trpc.outbox.pathFilter());
      },
      onError: () => toast({ title: tabText('staff.children.credentialsFailed'), description: TRY_AGAIN, variant: 'destructive' }),
    });
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-stone-900">{c.childName}</h3>
          <p className="text-sm text-stone-600">
            {ageText(c.dateOfBirth)} · {tabText('staff.children.born', { date: formatDate(c.dateOfBirth) })}
          </p>
        </div>
        <Badge tone={c.isActive ? 'green' : 'stone'}>{tabText(c.isActive ? 'staff.children.active' : 'staff.children.inactive')}</Badge>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        <div>
          <dt className="inline font-medium text-stone-700">
            {tabText('staff.children.term', { term: tabText('staff.children.program') })}
          </dt>
          <dd className="inline">{programText(c.program)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">{tabText('staff.children.term', { term: tabText('staff.field.parent') })}</dt>
          <dd className="inline">{c.parentName}</dd>
        </div>
        <div className="min-w-0">
          <dt className="inline font-medium text-stone-700">{tabText('staff.children.term', { term: tabText('staff.field.email') })}</dt>
          <dd className="inline break-all">
            <a href={`mailto:${c.parentEmail}`} className={cn(INLINE_TARGET, 'text-brand-800')}>
              {c.parentEmail}
            </a>
          </dd>
        </div>
        {c.parentPhone && (
          <div>
            <dt className="inline font-medium text-stone-700">{tabText('staff.children.term', { term: tabText('staff.field.phone') })}</dt>
            <dd className="inline">
              <a href={telHref(c.parentPhone)} className={cn(INLINE_TARGET, 'text-brand-800')}>
                {formatPhone(c.parentPhone)}
              </a>
            </dd>
          </div>
        )}
        <div>
          <dt className="inline font-medium text-stone-700">
            {tabText('staff.children.term', { term: tabText('staff.children.startDate') })}
          </dt>
          <dd className="inline">{formatDate(c.startDate)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">
            {tabText('staff.children.term', { term: tabText('staff.children.photoConsent') })}
          </dt>
          <dd className="inline">{consentSummary(c)}</dd>
        </div>
      </dl>
      {c.notes && (
        <div className="rounded-lg bg-stone-50 p-2">
          <p className="line-clamp-3 text-sm whitespace-pre-wrap text-stone-700">{c.notes}</p>
        </div>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onPress={onEdit} aria-label={tabText('staff.editItem', { item: c.childName })}>
          <Pencil aria-hidden="true" className="size-4" />
          {tabText('staff.edit')}
        </Button>
        <Button variant="outline" size="sm" onPress={onConsent} aria-label={tabText('staff.children.consentFor', { child: c.childName })}>
          <Camera aria-hidden="true" className="size-4" />
          {tabText('staff.children.consentButton')}
        </Button>
        <Button variant="outline" size="sm" onPress={onPickups} aria-label={tabText('staff.children.pickupsFor', { child: c.childName })}>
          <Users aria-hidden="true" className="size-4" />
          {tabText('staff.children.pickups')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onPress={toggleActive}
          isDisabled={toggle.isPending}
          aria-label={tabText(c.isActive ? 'staff.children.deactivateChild' : 'staff.children.activateChild', { child: c.childName })}
        >
          <Power aria-hidden="true" className="size-4" />
          {tabText(c.isActive ? 'staff.children.deactivate' : 'staff.children.activate')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onPress={parentLogin}
          isDisabled={login.isPending || !c.isActive}
          aria-label={tabText('staff.children.parentLoginFor', { child: c.childName })}
          aria-describedby={c.isActive ? undefined : `inactive-${c.id}`}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {tabText(login.isPending ? 'staff.children.generating' : 'staff.children.parentLogin')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onPress={downloadArchive}
          isDisabled={downloading}
          aria-label={tabText('staff.children.downloadArchive', { child: c.childName })}
        >
          <Archive aria-hidden="true" className="size-4" />
          {tabText(downloading ? 'staff.children.preparing' : 'staff.children.archive')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onPress={emailArchive}
          isDisabled={archiveLink.isPending}
          aria-label={tabText('staff.children.emailArchiveFor', { child: c.childName })}
        >
          <Mail aria-hidden="true" className="size-4" />
          {tabText(archiveLink.isPending ? 'staff.sending' : 'staff.children.emailArchive')}
        </Button>
        <Button variant="ghost" size="sm" onPress={onRemove} aria-label={tabText('staff.children.removeChild', { child: c.childName })}>
          <Trash2 aria-hidden="true" className="size-4" />
          {tabText('staff.children.remove')}
        </Button>
      </div>
      {!c.isActive && (
        <p id={`inactive-${c.id}`} className="text-xs text-stone-500">
          {tabText('staff.children.activateFirst')}
        </p>
      )}
    </Card>
  );
}
