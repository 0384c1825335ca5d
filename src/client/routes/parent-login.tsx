import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Heart, Info, Phone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { centre, telHref } from '../../shared/centre';
import { forgotPasswordSchema, loginSchema } from '../../shared/schemas/auth';
import { PasswordField } from '../components/PasswordField';
import { Button } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { SubmitButton } from '../components/ui/SubmitButton';
import { TextField } from '../components/ui/Field';
import { publicPageHead } from '../lib/page-title';
import { PARENT_NOTICES, storeParentSession } from '../lib/parent-session';
import { toast } from '../lib/toast';
import { errorMessage, queryClient, trpc } from '../lib/trpc';
import { useSchemaForm } from '../lib/use-schema-form';

const NOTICES = ['session-ended', 'password-changed'] as const;

/**
 * `?notice=`: a code from the address, never its words; anything else is ignored. A plain function, not a zod
 * schema: the route definitions are loaded by every page, and zod is not needed on the home page.
 */
function loginNoticeSearch(search: Record<string, unknown>): { notice?: (typeof NOTICES)[number] } {
  const notice = NOTICES.find((n) => n === search.notice);
  return { notice };
}

export const Route = createFileRoute('/parent-login')({
  head: publicPageHead('/parent-login'),
  // `notice`: why the sign-in page is shown again (the session ended, the password was changed).
  validateSearch: loginNoticeSearch,
  component: ParentLoginPage,
});

function ParentLoginPage() {
  const navigate = useNavigate();
  const { notice } = Route.useSearch();
  const [forgotOpen, setForgotOpen] = useState(false);
  // formRef: what is typed before React has the server-drawn page is taken into the form's state.
  const { values, set, errors, parse, formRef } = useSchemaForm(loginSchema, { email: '', password: '' });
  const login = useMutation(
    trpc.parentAuth.login.mutationOptions({
      onSuccess: ({ token, parent }) => {
        queryClient.clear();
        storeParentSession(token, parent);
        toast({ title: 'Welcome back!', description: `Hello, ${parent.firstName || 'Parent'}! Here is how your child is doing.` });
        void navigate({ to: '/parent-dashboard' });
      },
      onError: (error) => toast({ title: 'Login Failed', description: errorMessage(error, 'Login failed'), variant: 'destructive' }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const data = parse();
    if (data) login.mutate(data);
  }

  return (
    <main className="mx-auto flex min-h-[75vh] max-w-md flex-col justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <Heart aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-bold text-stone-900">Parent Portal</h1>
        <p className="text-stone-600">Follow your child's day, development and milestones.</p>
      </div>
      {notice && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {PARENT_NOTICES[notice]}
        </p>
      )}
      <Card className="p-6">
        <h2 className="mb-4 text-xl font-bold text-stone-900">Sign In</h2>
        {/* Drawn on the server: Sign In is disabled until React has the page (SubmitButton), so neither it nor Enter
            sends the form before then. method="post" all the same: were it ever sent, the password would go in a
            body the server never reads (app.ts answers with the page again), not into the address. */}
        <Form ref={formRef} method="post" onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
          <TextField label="Email" type="email" name="email" autoComplete="username" value={values.email} onChange={set('email')} error={errors.email} required />
          <PasswordField value={values.password} onChange={set('password')} error={errors.password} />
          <noscript>
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">The Parent Portal needs JavaScript. Please turn it on to sign in.</p>
          </noscript>
          <SubmitButton size="lg" isDisabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </SubmitButton>
        </Form>
        <Button variant="ghost" className="mt-2 w-full" onPress={() => setForgotOpen((o) => !o)} aria-expanded={forgotOpen}>
          Forgot your password?
        </Button>
        {forgotOpen && <ForgotPassword initialEmail={values.email} />}
        <p className="mt-4 flex items-start gap-2 text-sm text-stone-600">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Need help signing in? Contact the office at{' '}
            <a className="font-semibold text-brand-800 underline" href={telHref(centre.phones[0])}>
              {centre.phones[0]}
            </a>
            .
          </span>
        </p>
      </Card>
      <Card className="flex items-start gap-3 bg-brand-50 p-4">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-800" />
        <div>
          <h2 className="font-semibold text-stone-900">New Parent?</h2>
          <p className="text-sm text-stone-700">Your Parent Portal login is given to you by the centre when your child is enrolled.</p>
        </div>
      </Card>
    </main>
  );
}

/** 'Forgot your password?': asks for the e-mail and says the same thing whether or not it has an account. */
function ForgotPassword({ initialEmail }: { initialEmail: string }) {
  const { values, set, errors, parse } = useSchemaForm(forgotPasswordSchema, { email: initialEmail });
  const request = useMutation(
    trpc.parentAuth.forgotPassword.mutationOptions({
      onError: (error) => toast({ title: 'Request Failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const data = parse();
    if (data) request.mutate(data);
  }
  if (request.data) {
    return (
      <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
        {request.data.message}
      </p>
    );
  }
  return (
    <Form method="post" onSubmit={submit} validationBehavior="aria" aria-label="Reset your password" className="mt-3 flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      <p className="text-sm text-stone-700">Enter your e-mail and we will send you a link to choose a new password.</p>
      <TextField label="Your email" type="email" name="reset-email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} required />
      <Button type="submit" variant="secondary" isDisabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </Form>
  );
}
