import { staffChangePasswordSchema, STAFF_PASSWORD_MIN } from '~/shared/schemas/password-policy';
import { trpc } from '~/client/lib/trpc';
import { PasswordChangeDialog } from '../PasswordChangeDialog';

/** Any staff member's own password; their other sessions end, this one stays. */
function OwnPasswordDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <PasswordChangeDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      schema={staffChangePasswordSchema}
      mutation={trpc.adminAuth.changePassword.mutationOptions()}
      hint={`At least ${STAFF_PASSWORD_MIN} characters, and not a common password.`}
      withCancel
    />
  );
}

export default OwnPasswordDialog;
