import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Form } from 'react-aria-components';
import { newPasswordField, PARENT_PASSWORD_HINT } from '../../shared/schemas/password-policy';
import { PasswordField } from '../components/PasswordField';
import { Button, LinkButton } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { pageHead } from '../lib/page-title';
import { clearParentSession } from '../lib/parent-session';
import { toast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';

export const Route = createFileRoute('/parent-reset-password')({
  head: pageHead('Choose a New Password'),
  component: ResetPasswordPage,
});

/** The token rides in the link's fragment (#token=…), which browsers never send to a server. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

function ResetPasswordPage() {
  const [token] = useState(tokenFromHash);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
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

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = newPasswordField.safeParse(password);
    const next = {
      password: checked.success ? undefined : checked.error.issues[0]?.message,
      confirm: password === confirm ? undefined : 'The two passwords are not the same',
    };
    setErrors(next);
    if (!next.password && !next.confirm) reset.mutate({ token, password });
  }

  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-bold text-stone-900">Choose a New Password</h1>
      </div>
      <Card className="p-6">
        {token && (check.isIdle || check.isPending) ? (
          <p role="status" className="text-stone-700">
            Checking your link...
          </p>
        ) : token && check.data?.valid ? (
          <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
            <p className="text-sm text-stone-700">
              At least 10 characters. You will be signed out everywhere and can then sign in with the new password.
            </p>
            <PasswordField
              label="New password"
              name="new-password"
              autoComplete="new-password"
              description={PARENT_PASSWORD_HINT}
              value={password}
              onChange={setPassword}
              error={errors.password}
            />
            <PasswordField
              label="Repeat the new password"
              name="confirm-password"
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
              error={errors.confirm}
            />
            <Button type="submit" size="lg" isDisabled={reset.isPending}>
              {reset.isPending ? 'Saving...' : 'Save new password'}
            </Button>
          </Form>
        ) : token ? (
          <div className="flex flex-col gap-4">
            <p role="alert" className="text-stone-700">
              {check.data?.message ??
                errorMessage(check.error, 'This link could not be checked. Please open the link from the e-mail again.')}
            </p>
            <LinkButton href="/parent-login">Go to sign in</LinkButton>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-stone-700">
              This link is not complete. Please open the link from the e-mail again, or ask for a new one on the sign-in page.
            </p>
            <LinkButton href="/parent-login">Go to sign in</LinkButton>
          </div>
        )}
      </Card>
    </main>
  );
}
