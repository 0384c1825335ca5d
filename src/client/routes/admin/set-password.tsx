import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { STAFF_PASSWORD_MIN, staffPasswordField } from '~/shared/schemas/password-policy';
import { PasswordField } from '../../components/PasswordField';
import { Button, LinkButton } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { clearStoredAdmin } from '../../lib/admin-session';
import { pageHead } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';

export const Route = createFileRoute('/admin/set-password')({
  head: pageHead('Choose Your Password'),
  component: SetPasswordPage,
});

/** The token rides in the link's fragment (#token=…), which browsers never send to a server. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** A staff invitation's or reset link's page (issue 31): choose the password, then sign in with it. */
function SetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const save = useMutation(
    trpc.adminAuth.setPassword.mutationOptions({
      onSuccess: (result) => {
        clearStoredAdmin();
        toast({ title: 'Password Saved', description: result.message });
        void navigate({ to: '/admin/login' });
      },
      onError: (error) =>
        toast({ title: 'Password Not Saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = staffPasswordField().safeParse(password);
    const next = {
      password: checked.success ? undefined : checked.error.issues[0]?.message,
      confirm: password === confirm ? undefined : 'The two passwords are not the same',
    };
    setErrors(next);
    if (!next.password && !next.confirm) save.mutate({ token, password });
  }

  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-bold text-stone-900">Choose Your Password</h1>
      </div>
      <Card className="p-6">
        {token ? (
          <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
            <p className="text-sm text-stone-700">
              For your staff account. You will be signed out everywhere and can then sign in with it.
            </p>
            <PasswordField
              label="New password"
              name="new-password"
              autoComplete="new-password"
              description={`At least ${STAFF_PASSWORD_MIN} characters, and not a common password.`}
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
            <Button type="submit" size="lg" isDisabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save password'}
            </Button>
          </Form>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-stone-700">
              This link is not complete. Please open the link from the e-mail again, or ask for a new one on the sign-in page.
            </p>
            <LinkButton href="/admin/login">Go to sign in</LinkButton>
          </div>
        )}
      </Card>
    </main>
  );
}
