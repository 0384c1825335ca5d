import { staffChangePasswordSchema, STAFF_PASSWORD_MIN } from '~/shared/schemas/password-policy';
import { trpc } from '~/client/lib/trpc';
import { PasswordChangeDialog } from '../PasswordChangeDialog';
import { staffPasswordToggle, staffText } from './staff-words';

/** Any staff member's own password; their other sessions end, this one stays. */
function OwnPasswordDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <PasswordChangeDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      schema={staffChangePasswordSchema}
      mutation={trpc.adminAuth.changePassword.mutationOptions()}
      hint={staffText('staff.password.hint', { min: STAFF_PASSWORD_MIN })}
      withCancel
      words={{
        title: staffText('staff.password.title'),
        description: staffText('staff.password.description'),
        current: staffText('staff.password.current'),
        new: staffText('staff.password.new'),
        changed: staffText('staff.password.changed'),
        notChanged: staffText('staff.password.notChanged'),
        tryAgain: staffText('staff.tryAgain'),
        saving: staffText('staff.password.saving'),
        close: staffText('staff.password.close'),
        cancel: staffText('staff.cancel'),
        ...staffPasswordToggle(),
      }}
    />
  );
}

export default OwnPasswordDialog;
