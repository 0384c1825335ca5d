import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { isOnlyActiveDirector, STAFF_ROLES, staffInviteSchema, type StaffRoleId } from '~/shared/schemas/staff';
import { formatDateTime } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Button } from '../../ui/Button';
import { Badge, Card } from '../../ui/Card';
import { ConfirmDialog, Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { InvitationLinkDialog } from './InvitationLinkDialog';
import { tabText } from './tab-words';
import { StaffRecords } from './compliance/StaffRecords';
import { StaffFactorReset } from '../StaffFactorReset';

type Staff = { id: string; name: string; email: string; role: StaffRoleId; isActive: boolean; lastLoginAt: Date | null };
/** A change waiting for its confirmation. */
type Pending = { staff: Staff; change: { role: StaffRoleId } | { isActive: boolean } };

const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: tabText(`staff.role.${r}`) }));

function refresh() {
  void queryClient.invalidateQueries(trpc.staff.pathFilter());
  void queryClient.invalidateQueries(trpc.auditLog.pathFilter());
  void queryClient.invalidateQueries(trpc.outbox.pathFilter());
}

/** The Staff tab (director): list, invite, change role, deactivate and reactivate. */
export default function StaffTab() {
  const staff = useQuery({ ...trpc.staff.list.queryOptions(), staleTime: 0 });
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const update = useMutation(
    trpc.staff.update.mutationOptions({
      onSuccess: (account) => {
        toast({
          title: tabText('staff.accounts.updated'),
          description: tabText('staff.accounts.isNow', { name: account.name, state: account.isActive ? account.role : 'deactivated' }),
        });
        setPending(null);
        refresh();
      },
      onError: (error) =>
        toast({
          title: tabText('staff.accounts.notUpdated'),
          description: errorMessage(error, tabText('staff.tryAgain')),
          variant: 'destructive',
        }),
    }),
  );

  const confirmText = (p: Pending) =>
    'role' in p.change
      ? {
          title: tabText('staff.accounts.changeRole'),
          label: tabText('staff.accounts.make', { role: p.change.role }),
          message: tabText('staff.accounts.makeAsk', { name: p.staff.name, role: p.change.role }),
        }
      : p.change.isActive
        ? {
            title: tabText('staff.accounts.reactivateTitle'),
            label: tabText('staff.accounts.reactivate'),
            message: tabText('staff.accounts.reactivateAsk', { name: p.staff.name }),
          }
        : {
            title: tabText('staff.accounts.deactivateTitle'),
            label: tabText('staff.accounts.deactivate'),
            message: tabText('staff.accounts.deactivateAsk', { name: p.staff.name }),
          };

  const text = pending && confirmText(pending);
  return (
    <section aria-labelledby="staff-heading">
      <PanelHeader
        id="staff-heading"
        title={tabText('staff.tab.staff')}
        count={staff.data?.length}
        description={tabText('staff.accounts.description')}
        action={
          <Button onPress={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {tabText('staff.accounts.invite')}
          </Button>
        }
      />
      <ListState
        isPending={staff.isPending}
        error={staff.error}
        isEmpty={staff.data?.length === 0}
        empty={tabText('staff.accounts.empty')}
      />
      <ul className="flex flex-col gap-2" aria-label={tabText('staff.accounts.list')}>
        {staff.data?.map((s) => (
          <li key={s.id}>
            <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {s.name}
                  <Badge tone={s.role === 'director' ? 'purple' : 'blue'}>{tabText(`staff.role.${s.role}`)}</Badge>
                  {!s.isActive && <Badge tone="stone">{tabText('staff.accounts.deactivated')}</Badge>}
                </p>
                <p className="break-all text-sm text-stone-600">{s.email}</p>
                <p className="text-sm text-stone-500">
                  {s.lastLoginAt
                    ? tabText('staff.dashboard.lastLogin', { when: formatDateTime(s.lastLoginAt) })
                    : tabText('staff.accounts.neverSignedIn')}
                </p>
              </div>
              {isOnlyActiveDirector(staff.data, s.id) ? (
                <p className="text-sm text-stone-600">{tabText('staff.accounts.onlyDirector')}</p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    aria-label={tabText('staff.accounts.makeName', { name: s.name, role: s.role === 'director' ? 'teacher' : 'director' })}
                    onPress={() => setPending({ staff: s, change: { role: s.role === 'director' ? 'teacher' : 'director' } })}
                  >
                    {tabText('staff.accounts.make', { role: s.role === 'director' ? 'teacher' : 'director' })}
                  </Button>
                  <Button
                    variant="outline"
                    className={s.isActive ? 'text-red-700' : undefined}
                    aria-label={tabText(s.isActive ? 'staff.accounts.deactivateName' : 'staff.accounts.reactivateName', { name: s.name })}
                    onPress={() => setPending({ staff: s, change: { isActive: !s.isActive } })}
                  >
                    {tabText(s.isActive ? 'staff.accounts.deactivate' : 'staff.accounts.reactivate')}
                  </Button>
                  <StaffFactorReset staff={s} />
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      <ConfirmDialog
        cancelLabel={tabText('staff.cancel')}
        closeLabel={tabText('staff.close')}
        isOpen={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={text?.title ?? ''}
        message={text?.message}
        confirmLabel={text?.label ?? ''}
        confirmVariant={pending && 'isActive' in pending.change && !pending.change.isActive ? 'danger' : 'primary'}
        onConfirm={() => pending && update.mutate({ id: pending.staff.id, ...pending.change })}
        isPending={update.isPending}
      />
      <StaffRecords />
    </section>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(staffInviteSchema, { name: '', email: '', role: 'teacher' });
  // Without SMTP the server answers the link: shown once, in place of the form (InvitationLinkDialog).
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);
  const invite = useMutation(
    trpc.staff.invite.mutationOptions({
      onSuccess: (account) => {
        refresh();
        if (account.invitationUrl) return setLink({ name: account.name, url: account.invitationUrl });
        toast(
          account.emailSent
            ? {
                title: tabText('staff.accounts.invitationSent'),
                description: tabText('staff.accounts.invitationSentText', { name: account.name }),
              }
            : {
                title: tabText('staff.accounts.invitationNotSent'),
                description: account.emailError ?? tabText('staff.accounts.emailNotSent'),
                variant: 'destructive',
              },
        );
        onClose();
      },
      onError: (error) => {
        if (!form.showServerErrors(error as ServerError))
          toast({
            title: tabText('staff.accounts.invitationFailed'),
            description: errorMessage(error, tabText('staff.tryAgain')),
            variant: 'destructive',
          });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const data = form.parse();
    if (data) invite.mutate(data);
  }
  if (link) return <InvitationLinkDialog name={link.name} url={link.url} onClose={onClose} />;
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.accounts.invite')}
      description={tabText('staff.accounts.inviteIntro')}
    >
      <Form id={form.formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <TextField
          label={tabText('staff.field.name')}
          name="name"
          value={form.values.name}
          onChange={form.set('name')}
          error={form.errors.name}
          required
        />
        <TextField
          label={tabText('staff.field.email')}
          type="email"
          name="email"
          value={form.values.email}
          onChange={form.set('email')}
          error={form.errors.email}
          required
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.accounts.role')}
          options={roleOptions}
          value={form.values.role}
          onChange={form.set('role')}
          error={form.errors.role}
          required
        />
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={invite.isPending}>
          {tabText(invite.isPending ? 'staff.sending' : 'staff.accounts.sendInvitation')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
