import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { STAFF_PASSWORD_MIN, staffPasswordField } from '~/shared/schemas/password-policy';
import { IncompleteLink, NewPasswordForm, NewPasswordPage, tokenFromHash } from '~/client/components/NewPasswordPage';
import { staffPasswordToggle, staffText } from '../../components/admin/staff-words';
import { clearStoredAdmin } from '../../lib/admin-session';
import { pageHead } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set on the way from /admin/set-password to /admin/login: the e-mail the sign-in form is filled in with. */
    signInEmail?: string;
  }
}

export const Route = createFileRoute('/admin/set-password')({
  head: pageHead('Choose Your Password'),
  component: SetPasswordPage,
});

/** A staff invitation's or reset link's page: choose the password, then sign in with it. */
function SetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const save = useMutation(
    trpc.adminAuth.setPassword.mutationOptions({
      onSuccess: (result) => {
        clearStoredAdmin();
        toast({ title: staffText('staff.setPassword.saved'), description: staffText(result.notice.id, result.notice.values) });
        // The sign-in form opens with the account's e-mail filled in (in the history entry's state, not the address).
        void navigate({ to: '/admin/login', state: result.email ? { signInEmail: result.email } : {} });
      },
      onError: (error) =>
        toast({
          title: staffText('staff.setPassword.notSaved'),
          description: errorMessage(error, staffText('staff.tryAgain')),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <NewPasswordPage title={staffText('staff.setPassword.title')}>
      {token ? (
        <NewPasswordForm
          field={staffPasswordField()}
          intro={staffText('staff.setPassword.intro')}
          hint={staffText('staff.password.hint', { min: STAFF_PASSWORD_MIN })}
          submitLabel={staffText('staff.setPassword.save')}
          isPending={save.isPending}
          onValid={(password) => save.mutate({ token, password })}
          words={{
            newPassword: staffText('staff.password.new'),
            repeat: staffText('staff.password.repeat'),
            mismatch: staffText('staff.password.mismatch'),
            saving: staffText('staff.password.saving'),
            ...staffPasswordToggle(),
          }}
        />
      ) : (
        <IncompleteLink
          signInHref="/admin/login"
          text={staffText('staff.setPassword.incomplete')}
          goToSignIn={staffText('staff.setPassword.goToSignIn')}
        />
      )}
    </NewPasswordPage>
  );
}
