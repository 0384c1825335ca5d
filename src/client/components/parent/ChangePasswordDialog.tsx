import { changePasswordSchema, PARENT_PASSWORD_MIN } from '~/shared/schemas/password-policy';
import { usePortalIntl } from '../../i18n';
import { trpc } from '../../lib/trpc';
import { PasswordChangeDialog } from '../PasswordChangeDialog';

/** Change the password while signed in; the parent's other sessions end (the server does it). In the parent's language. */
export function ChangePasswordDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, callError } = usePortalIntl();
  return (
    <PasswordChangeDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      schema={changePasswordSchema}
      mutation={trpc.parentAuth.changePassword.mutationOptions()}
      hint={t('portal.password.hint', { min: PARENT_PASSWORD_MIN })}
      describeError={callError}
      words={{
        title: t('portal.changePassword'),
        description: t('portal.password.description'),
        current: t('portal.password.current'),
        new: t('portal.password.new'),
        changed: t('portal.password.changed'),
        notChanged: t('portal.password.notChanged'),
        tryAgain: t('portal.submit.tryAgain'),
        saving: t('portal.saving'),
        close: t('portal.close'),
        cancel: t('portal.cancel'),
        show: t('portal.password.show'),
        hide: t('portal.password.hide'),
      }}
    />
  );
}
