import { changePasswordSchema, PARENT_PASSWORD_HINT } from '~/shared/schemas/password-policy';
import { trpc } from '../../lib/trpc';
import { PasswordChangeDialog } from '../PasswordChangeDialog';

/** Change the password while signed in; the parent's other sessions end (the server does it). */
export function ChangePasswordDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <PasswordChangeDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      schema={changePasswordSchema}
      mutation={trpc.parentAuth.changePassword.mutationOptions()}
      hint={PARENT_PASSWORD_HINT}
    />
  );
}
