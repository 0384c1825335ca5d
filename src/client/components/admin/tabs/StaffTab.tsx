import { useMutation, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { isOnlyActiveDirector, STAFF_ROLE_LABELS, STAFF_ROLES, staffInviteSchema, type StaffRoleId } from '~/shared/schemas/staff';
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
import { StaffRecords } from './compliance/StaffRecords';

type Staff = { id: string; name: string; email: string; role: StaffRoleId; isActive: boolean; lastLoginAt: Date | null };
/** A change waiting for its confirmation. */
type Pending = { staff: Staff; change: { role: StaffRoleId } | { isActive: boolean } };

const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }));

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
          title: 'Staff Updated',
          description: `${account.name} is now ${account.isActive ? STAFF_ROLE_LABELS[account.role].toLowerCase() : 'deactivated'}.`,
        });
        setPending(null);
        refresh();
      },
      onError: (error) =>
        toast({ title: 'Staff Not Updated', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );

  const confirmText = (p: Pending) =>
    'role' in p.change
      ? {
          title: 'Change Role',
          label: `Make ${STAFF_ROLE_LABELS[p.change.role].toLowerCase()}`,
          message: `Make ${p.staff.name} a ${STAFF_ROLE_LABELS[p.change.role].toLowerCase()}? It applies at their next click.`,
        }
      : p.change.isActive
        ? { title: 'Reactivate Staff', label: 'Reactivate', message: `Let ${p.staff.name} sign in again with their password?` }
        : {
            title: 'Deactivate Staff',
            label: 'Deactivate',
            message: `Deactivate ${p.staff.name}? They are signed out everywhere at once and cannot sign in until reactivated.`,
          };

  const text = pending && confirmText(pending);
  return (
    <section aria-labelledby="staff-heading">
      <PanelHeader
        id="staff-heading"
        title="Staff"
        count={staff.data?.length}
        description="Directors can do everything; teachers record the children's day and talk with families."
        action={
          <Button onPress={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Invite Staff
          </Button>
        }
      />
      <ListState isPending={staff.isPending} error={staff.error} isEmpty={staff.data?.length === 0} empty="No staff accounts yet." />
      <ul className="flex flex-col gap-2" aria-label="Staff accounts">
        {staff.data?.map((s) => (
          <li key={s.id}>
            <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {s.name}
                  <Badge tone={s.role === 'director' ? 'purple' : 'blue'}>{STAFF_ROLE_LABELS[s.role]}</Badge>
                  {!s.isActive && <Badge tone="stone">Deactivated</Badge>}
                </p>
                <p className="break-all text-sm text-stone-600">{s.email}</p>
                <p className="text-sm text-stone-500">
                  {s.lastLoginAt ? `Last login: ${formatDateTime(s.lastLoginAt)}` : 'Has not signed in yet'}
                </p>
              </div>
              {isOnlyActiveDirector(staff.data, s.id) ? (
                <p className="text-sm text-stone-600">
                  The only active director: make someone else a director first to change this account.
                </p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    aria-label={`Make ${s.name} ${s.role === 'director' ? 'a teacher' : 'a director'}`}
                    onPress={() => setPending({ staff: s, change: { role: s.role === 'director' ? 'teacher' : 'director' } })}
                  >
                    {s.role === 'director' ? 'Make teacher' : 'Make director'}
                  </Button>
                  <Button
                    variant="outline"
                    className={s.isActive ? 'text-red-700' : undefined}
                    aria-label={`${s.isActive ? 'Deactivate' : 'Reactivate'} ${s.name}`}
                    onPress={() => setPending({ staff: s, change: { isActive: !s.isActive } })}
                  >
                    {s.isActive ? 'Deactivate' : 'Reactivate'}
                  </Button>
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={text?.title ?? ''}
        message={text?.message}
        confirmLabel={text?.label}
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
                title: 'Invitation Sent',
                description: `${account.name} was e-mailed a link to choose a password. It works once, within 7 days.`,
              }
            : { title: 'Invitation Not Sent', description: account.emailError ?? 'The e-mail could not be sent.', variant: 'destructive' },
        );
        onClose();
      },
      onError: (error) => {
        if (!form.showServerErrors(error as ServerError))
          toast({ title: 'Invitation Failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
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
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Invite Staff"
      description="They get an e-mail with a link to choose their password."
    >
      <Form id={form.formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <TextField label="Name" name="name" value={form.values.name} onChange={form.set('name')} error={form.errors.name} required />
        <TextField
          label="Email"
          type="email"
          name="email"
          value={form.values.email}
          onChange={form.set('email')}
          error={form.errors.email}
          required
        />
        <Select label="Role" options={roleOptions} value={form.values.role} onChange={form.set('role')} error={form.errors.role} required />
        <DialogActions onCancel={onClose} isDisabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
