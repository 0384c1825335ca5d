import { useMutation } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate, useRouterState } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { loginSchema } from '~/shared/schemas/auth';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { TextField } from '../../components/ui/Field';
import { loginSearch } from '../../components/admin/admin-tabs';
import { StaffForgotPassword } from '../../components/admin/StaffForgotPassword';
import { PasskeySignInButton, StaffSecondStep } from '../../components/admin/StaffSecondStep';
import { staffPasswordToggle, staffText } from '../../components/admin/staff-words';
import { clearStoredAdmin, getStoredAdmin, storeAdmin } from '../../lib/admin-session';
import { SESSION_ENDED_MESSAGE } from '../../lib/session-ended';
import { toast } from '../../lib/toast';
import { errorMessage, queryClient, trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { pageHead } from '../../lib/page-title';

export const Route = createFileRoute('/admin/login')({
  head: pageHead('Admin Login'),
  validateSearch: loginSearch,
  /**
   * Someone already signed in (Back from the dashboard, a bookmark) goes to the dashboard instead of the form.
   * The server decides: the stored record only says whether asking is worth it; a session that ended clears it.
   */
  beforeLoad: async ({ search }) => {
    if (!getStoredAdmin()) return;
    const me = await queryClient.fetchQuery({ ...trpc.adminAuth.me.queryOptions(), staleTime: 0 }).catch(() => null);
    if (!me) {
      clearStoredAdmin();
      return;
    }
    throw redirect({ to: '/admin', search: search.redirect ? { tab: search.redirect } : {}, replace: true });
  },
  component: AdminLoginPage,
});

function AdminLoginPage() {
  const navigate = useNavigate();
  const { redirect } = Route.useSearch();
  const sessionEnded = useRouterState({ select: (s) => s.location.state.sessionEnded === true });
  // Just after choosing a password (/admin/set-password): the account's e-mail is filled in.
  const signInEmail = useRouterState({ select: (s) => s.location.state.signInEmail });
  const { values, set, errors, parse, showErrors, showServerErrors, formId } = useSchemaForm(loginSchema, {
    email: typeof signInEmail === 'string' ? signInEmail : '',
    password: '',
  });
  const [forgotOpen, setForgotOpen] = useState(false);
  // The password was right and a second factor follows (ADR 102): the ways this account can finish.
  const [methods, setMethods] = useState<string[] | null>(null);
  function signedIn(admin: Parameters<typeof storeAdmin>[0]) {
    storeAdmin(admin);
    toast({ title: staffText('staff.login.success'), description: staffText('staff.login.welcome') });
    // In place of the form: Back from the dashboard does not return to a sign-in form.
    void navigate({ to: '/admin', search: redirect ? { tab: redirect } : {}, replace: true });
  }
  const login = useMutation(
    trpc.adminAuth.login.mutationOptions({
      onSuccess: (result) => {
        if ('mfaRequired' in result) setMethods(result.methods);
        else signedIn(result.admin);
      },
      onError: (error) => {
        const message = errorMessage(error, staffText('staff.login.invalid'));
        // Refused credentials are said at the password too (aria-invalid, its message), which takes focus, lost with
        // the disabled button; any other refusal leaves focus on the password to try again.
        if (!showServerErrors(error)) {
          if (error.data?.httpStatus === 401) showErrors({ password: message });
          else document.querySelector('main')?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
        }
        toast({ title: staffText('staff.login.failed'), description: message, variant: 'destructive' });
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const data = parse();
    if (data) login.mutate(data);
  }

  return (
    <main className="flex min-h-[75vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-sm p-6">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Lock aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold">{staffText('staff.login.title')}</h1>
          <p className="text-sm text-stone-600">{staffText('staff.login.intro')}</p>
        </div>
        {sessionEnded && (
          <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {SESSION_ENDED_MESSAGE}
          </p>
        )}
        {methods ? (
          <StaffSecondStep methods={methods} onSignedIn={signedIn} />
        ) : (
          <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
            <TextField
              label={staffText('staff.login.email')}
              type="email"
              name="email"
              autoComplete="username"
              value={values.email}
              onChange={set('email')}
              error={errors.email}
              required
            />
            <PasswordField
              label={staffText('staff.login.password')}
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              toggleLabels={staffPasswordToggle()}
            />
            <Button type="submit" size="lg" isDisabled={login.isPending}>
              {staffText(login.isPending ? 'staff.login.signingIn' : 'staff.login.signIn')}
            </Button>
          </Form>
        )}
        <PasskeySignInButton onSignedIn={signedIn} />
        <Button variant="ghost" className="mt-2 w-full" onPress={() => setForgotOpen((o) => !o)} aria-expanded={forgotOpen}>
          {staffText('staff.login.forgot')}
        </Button>
        {forgotOpen && <StaffForgotPassword initialEmail={values.email} />}
      </Card>
    </main>
  );
}
