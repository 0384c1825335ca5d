import { useMutation } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { changePasswordSchema, PARENT_PASSWORD_HINT } from '~/shared/schemas/password-policy';
import { usePortalIntl } from '../../i18n';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { type ServerError, useSchemaForm } from '../../lib/use-schema-form';
import { PasswordField } from '../PasswordField';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { Dialog, DIALOG_FOOTER } from '../ui/Dialog';

/** Change the password while signed in; the parent's other sessions end (the server does it). */
export function ChangePasswordDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = usePortalIntl();
  const form = useSchemaForm(changePasswordSchema, { currentPassword: '', newPassword: '' });
  const change = useMutation(
    trpc.parentAuth.changePassword.mutationOptions({
      onSuccess: (result) => {
        toast({ title: t('portal.password.changed'), description: result.message });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (!form.showServerErrors(error as ServerError))
          toast({
            title: t('portal.password.notChanged'),
            description: errorMessage(error, t('portal.submit.tryAgain')),
            variant: 'destructive',
          });
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
      title={t('portal.changePassword')}
      description={t('portal.password.description')}
      closeLabel={t('portal.close')}
    >
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <PasswordField
          label={t('portal.password.current')}
          name="current-password"
          value={form.values.currentPassword}
          onChange={form.set('currentPassword')}
          error={form.errors.currentPassword}
        />
        <PasswordField
          label={t('portal.password.new')}
          name="new-password"
          autoComplete="new-password"
          description={PARENT_PASSWORD_HINT}
          value={form.values.newPassword}
          onChange={form.set('newPassword')}
          error={form.errors.newPassword}
        />
        <div className={cn(DIALOG_FOOTER, 'flex justify-end')}>
          <Button type="submit" isDisabled={change.isPending}>
            {change.isPending ? t('portal.saving') : t('portal.changePassword')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
