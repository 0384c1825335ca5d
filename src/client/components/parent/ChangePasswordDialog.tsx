import { useMutation } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { changePasswordSchema, PARENT_PASSWORD_HINT } from '~/shared/schemas/password-policy';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { type ServerError, useSchemaForm } from '../../lib/use-schema-form';
import { PasswordField } from '../PasswordField';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { Dialog, DIALOG_FOOTER } from '../ui/Dialog';

/** Change the password while signed in; the parent's other sessions end (the server does it). */
export function ChangePasswordDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useSchemaForm(changePasswordSchema, { currentPassword: '', newPassword: '' });
  const change = useMutation(
    trpc.parentAuth.changePassword.mutationOptions({
      onSuccess: (result) => {
        toast({ title: 'Password Changed', description: result.message });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (!form.showServerErrors(error as ServerError))
          toast({ title: 'Password Not Changed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const data = form.parse();
    if (data) change.mutate(data);
  }
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="You stay signed in here; your other devices are signed out."
    >
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <PasswordField
          label="Current password"
          name="current-password"
          value={form.values.currentPassword}
          onChange={form.set('currentPassword')}
          error={form.errors.currentPassword}
        />
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          description={PARENT_PASSWORD_HINT}
          value={form.values.newPassword}
          onChange={form.set('newPassword')}
          error={form.errors.newPassword}
        />
        <div className={cn(DIALOG_FOOTER, 'flex justify-end')}>
          <Button type="submit" isDisabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
