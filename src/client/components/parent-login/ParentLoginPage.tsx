import { Eye, EyeOff, Heart, Info, Phone } from 'lucide-react';
import { centre, telHref } from '~/shared/centre';
import { PARENT_NOTICES, type ParentNotice } from '../../lib/parent-session';
import { DocumentTextField, errorId } from '../enrollment/DocumentFields';
import { cn } from '../ui/cn';
import { inputClass } from '../ui/Field';
import { buttonClass } from '../ui/button-class';
import { Card } from '../ui/Card';

/** What the server renders /parent-login with (SPEC.md §2 Parent login). */
export interface ParentLoginView {
  notice?: ParentNotice | null;
  email?: string;
  errors?: { email?: string; password?: string };
  /** The sign-in was refused: SPEC.md §8 'Login Failed' with the server's sentence. */
  failure?: string | null;
  /** 'Forgot your password?' is open (?forgot=1, or after a reset request). */
  forgotOpen?: boolean;
  resetEmail?: string;
  resetError?: string | null;
  /** The reset request was taken: the same sentence whether or not the e-mail has an account. */
  resetDone?: string | null;
}

export function ParentLoginPage({ view }: { view: ParentLoginView }) {
  const { notice, email = '', errors = {}, failure, forgotOpen, resetEmail, resetError, resetDone } = view;
  const firstInvalid = errors.email ? 'email' : errors.password ? 'password' : null;
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
        {failure && (
          <div
            id="login-failure"
            role="alert"
            tabIndex={-1}
            className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 outline-none"
          >
            <p className="font-bold">Login Failed</p>
            <p className="text-sm">{failure}</p>
          </div>
        )}
        <form id="parent-login-form" method="post" action="/parent-login" noValidate className="flex flex-col gap-4">
          <DocumentTextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            error={errors.email}
            focus={firstInvalid === 'email'}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="password" className="text-sm font-medium text-stone-800">
              Password
            </label>
            <div className="relative">
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                aria-required
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errorId('password')}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- after a refused sign-in the page comes back with focus on the field to correct, as a form's first error takes it
                autoFocus={firstInvalid === 'password' || (Boolean(failure) && !firstInvalid) || undefined}
                className={cn(inputClass, 'pr-12 aria-[invalid=true]:border-red-500')}
              />
              {/* Works only with the page's script, so it is rendered hidden and the script shows it. */}
              <button
                type="button"
                id="password-toggle"
                hidden
                aria-label="Show password"
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 outline-none hover:text-stone-900 focus-visible:ring-3 focus-visible:ring-brand-500/50"
              >
                <span data-shown-when="hidden">
                  <Eye aria-hidden="true" className="size-5" />
                </span>
                <span data-shown-when="visible" hidden>
                  <EyeOff aria-hidden="true" className="size-5" />
                </span>
              </button>
            </div>
            <p id={errorId('password')} data-field-error="" className="text-sm font-medium text-red-700 empty:hidden">
              {errors.password ?? ''}
            </p>
          </div>
          <button type="submit" className={buttonClass('primary', 'lg')}>
            Sign In
          </button>
        </form>
        {/* Without a script the button asks for the page with the panel open (?forgot=1); the script opens it in place. */}
        <form method="get" action="/parent-login" className="mt-2">
          <button
            type="submit"
            name="forgot"
            value="1"
            id="forgot-toggle"
            aria-expanded={Boolean(forgotOpen)}
            aria-controls="reset-panel"
            className={buttonClass('ghost', 'md', 'w-full')}
          >
            Forgot your password?
          </button>
        </form>
        {/* Closed, the panel is empty and its form waits in a template: a second e-mail field, even hidden, would
            share the sign-in's words for anything that reads the page by its labels. */}
        <div id="reset-panel" hidden={!forgotOpen}>
          {forgotOpen && <ResetPassword email={resetEmail ?? email} error={resetError} done={resetDone} />}
        </div>
        {!forgotOpen && (
          <template id="reset-template">
            <ResetPassword email="" />
          </template>
        )}
        <p className="mt-4 flex items-start gap-2 text-sm text-stone-600">
          <Phone aria-hidden="true" className="mt-3.5 size-4 shrink-0" />
          <span>
            Need help signing in? Contact the office at {/* 44 px tall: a parent at pickup taps it on a phone. */}
            <a className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline" href={telHref(centre.phones[0])}>
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

/** 'Forgot your password?': asks for the e-mail, or says the request was taken (the same words for any e-mail). */
function ResetPassword({ email, error, done }: { email: string; error?: string | null; done?: string | null }) {
  if (done) {
    return (
      <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
        {done}
      </p>
    );
  }
  return (
    <form
      id="reset-form"
      method="post"
      action="/parent-login"
      noValidate
      aria-label="Reset your password"
      className="mt-3 flex flex-col gap-3 rounded-lg border border-stone-200 p-4"
    >
      <input type="hidden" name="intent" value="reset" />
      <p className="text-sm text-stone-700">Enter your e-mail and we will send you a link to choose a new password.</p>
      {/* Its own name: the browser keeps it apart from the sign-in's e-mail. */}
      <DocumentTextField
        name="reset-email"
        label="Your email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={error}
        focus={Boolean(error)}
      />
      <button type="submit" className={buttonClass('secondary', 'md')}>
        Send reset link
      </button>
    </form>
  );
}
