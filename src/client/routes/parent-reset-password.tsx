import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { newPasswordField, PARENT_PASSWORD_HINT } from '../../shared/schemas/password-policy';
import { IncompleteLink, NewPasswordForm, NewPasswordPage, tokenFromHash } from '../components/NewPasswordPage';
import { LinkButton } from '../components/ui/Button';
import { pageHead } from '../lib/page-title';
import { clearParentSession } from '../lib/parent-session';
import { toast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';

export const Route = createFileRoute('/parent-reset-password')({
  head: pageHead('Choose a New Password'),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const [token] = useState(tokenFromHash);
  // The link is checked as the page opens, so a used or expired one is said before a password is typed twice.
  const check = useMutation(trpc.parentAuth.checkResetLink.mutationOptions());
  useEffect(() => {
    if (token) check.mutate({ token });
  }, [token]);
  const reset = useMutation(
    trpc.parentAuth.resetPassword.mutationOptions({
      onSuccess: () => {
        clearParentSession();
        // The sign-in is a document of its own (ADR 037): a full page load.
        window.location.assign('/parent-login?notice=password-changed');
      },
      onError: (error) =>
        toast({ title: 'Password Not Changed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );

  return (
    <NewPasswordPage title="Choose a New Password">
      {token && (check.isIdle || check.isPending) ? (
        <p role="status" className="text-stone-700">
          Checking your link...
        </p>
      ) : token && check.data?.valid ? (
        <NewPasswordForm
          field={newPasswordField}
          intro="At least 10 characters. You will be signed out everywhere and can then sign in with the new password."
          hint={PARENT_PASSWORD_HINT}
          submitLabel="Save new password"
          isPending={reset.isPending}
          onValid={(password) => reset.mutate({ token, password })}
        />
      ) : token ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-stone-700">
            {check.data?.message ??
              errorMessage(check.error, 'This link could not be checked. Please open the link from the e-mail again.')}
          </p>
          <LinkButton href="/parent-login">Go to sign in</LinkButton>
        </div>
      ) : (
        <IncompleteLink signInHref="/parent-login" />
      )}
    </NewPasswordPage>
  );
}
