import type { ReactNode } from 'react';
import { Eye, EyeOff, Heart, Info, Phone } from 'lucide-react';
import { pageCentre } from '~/shared/page-centre';
import { telHref } from '~/shared/centre-profile';
import { loginWords } from '~/shared/i18n/login';
import type { LoginKey } from '~/shared/i18n/login-en';
import { type PageLanguage, pathIn } from '~/shared/i18n/paths';
import type { ParentDashboardSearch } from '~/shared/parent-dashboard-search';
import type { ParentNotice } from '../../lib/parent-session';
import { DocumentTextField, errorId } from '../enrollment/DocumentFields';
import { cn } from '../ui/cn';
import { inputClass } from '../ui/Field';
import { buttonClass } from '../ui/button-class';
import { Card } from '../ui/Card';

/** What the server renders /parent-login with (docs/product.md §2 Parent login), and /es/parent-login. */
export interface ParentLoginView {
  /** The page's language, its address's (ADR 045): English unless said. */
  language?: PageLanguage;
  notice?: ParentNotice | null;
  email?: string;
  errors?: { email?: string; password?: string };
  /** The sign-in was refused: docs/product.md §8 'Login Failed' with the server's sentence. */
  failure?: string | null;
  /** 'Forgot your password?' is open (?forgot=1, or after a reset request). */
  forgotOpen?: boolean;
  resetEmail?: string;
  resetError?: string | null;
  /** The reset request was taken: the same sentence whether or not the e-mail has an account. */
  resetDone?: string | null;
  /** The dashboard's tab asked for before signing in (?redirect=, a known tab only): where the parent lands after. */
  redirect?: ParentDashboardSearch['tab'];
}

const NOTICES: Record<ParentNotice, LoginKey> = {
  'session-ended': 'login.notice.sessionEnded',
  'password-changed': 'login.notice.passwordChanged',
};

export function ParentLoginPage({ view }: { view: ParentLoginView }) {
  const centre = pageCentre();
  const { notice, email = '', errors = {}, failure, forgotOpen, resetEmail, resetError, resetDone, language = 'en', redirect } = view;
  const keepTab = redirect && <input type="hidden" name="redirect" value={redirect} />;
  const w = loginWords(language);
  const action = pathIn(language, '/parent-login');
  const firstInvalid = errors.email ? 'email' : errors.password ? 'password' : null;
  return (
    <main className="mx-auto flex min-h-[75vh] max-w-md flex-col justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <Heart aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-bold text-stone-900">{w['login.title']}</h1>
        <p className="text-stone-600">{w['login.lead']}</p>
      </div>
      {notice && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {w[NOTICES[notice]]}
        </p>
      )}
      <Card className="p-6">
        <h2 className="mb-4 text-xl font-bold text-stone-900">{w['login.signIn']}</h2>
        {failure && (
          <div
            id="login-failure"
            role="alert"
            tabIndex={-1}
            className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 outline-none"
          >
            <p className="font-bold">{w['login.failed']}</p>
            <p className="text-sm">{failure}</p>
          </div>
        )}
        <form id="parent-login-form" method="post" action={action} noValidate className="flex flex-col gap-4">
          {keepTab}
          <DocumentTextField
            name="email"
            label={w['login.email']}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            error={errors.email}
            focus={firstInvalid === 'email'}
          />
          <div className="flex flex-col gap-1">
            {/* Required, as the e-mail: its asterisk, beside the label rather than in it (the label's text stays the
                field's name alone, as "Show password" is named apart from it). */}
            <div className="text-sm font-medium text-stone-800">
              <label htmlFor="password">{w['login.password']}</label>
              <span aria-hidden="true" className="text-red-600">
                {' '}
                *
              </span>
            </div>
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
                aria-label={w['login.showPassword']}
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
            {w['login.signIn']}
          </button>
        </form>
        {/* Without a script the button asks for the page with the panel open (?forgot=1); the script opens it in place. */}
        <form method="get" action={action} className="mt-2">
          {keepTab}
          <button
            type="submit"
            name="forgot"
            value="1"
            id="forgot-toggle"
            aria-expanded={Boolean(forgotOpen)}
            aria-controls="reset-panel"
            className={buttonClass('ghost', 'md', 'w-full')}
          >
            {w['login.forgot']}
          </button>
        </form>
        {/* Closed, the panel is empty and its form waits in a template: a second e-mail field, even hidden, would
            share the sign-in's words for anything that reads the page by its labels. */}
        <div id="reset-panel" hidden={!forgotOpen}>
          {forgotOpen && (
            <ResetPassword w={w} action={action} email={resetEmail ?? email} error={resetError} done={resetDone} keep={keepTab} />
          )}
        </div>
        {!forgotOpen && (
          <template id="reset-template">
            <ResetPassword w={w} action={action} email="" keep={keepTab} />
          </template>
        )}
        <p className="mt-4 flex items-start gap-2 text-sm text-stone-600">
          <Phone aria-hidden="true" className="mt-3.5 size-4 shrink-0" />
          <span>
            {w['login.help']} {/* 44 px tall: a parent at pickup taps it on a phone; the full stop stays beside it. */}
            <span className="whitespace-nowrap">
              <a className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline" href={telHref(centre.phone)}>
                {centre.phone}
              </a>
              .
            </span>
          </span>
        </p>
      </Card>
      <Card className="flex items-start gap-3 bg-brand-50 p-4">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-800" />
        <div>
          <h2 className="font-semibold text-stone-900">{w['login.newParent']}</h2>
          <p className="text-sm text-stone-700">{w['login.newParentText']}</p>
        </div>
      </Card>
    </main>
  );
}

/** 'Forgot your password?': asks for the e-mail, or says the request was taken (the same words for any e-mail). */
function ResetPassword({
  w,
  action,
  email,
  error,
  done,
  keep,
}: {
  w: Record<LoginKey, string>;
  action: string;
  email: string;
  error?: string | null;
  done?: string | null;
  /** The tab to land on after signing in, kept through the reset request. */
  keep?: ReactNode;
}) {
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
      action={action}
      noValidate
      aria-label={w['login.resetLabel']}
      className="mt-3 flex flex-col gap-3 rounded-lg border border-stone-200 p-4"
    >
      <input type="hidden" name="intent" value="reset" />
      {keep}
      <p className="text-sm text-stone-700">{w['login.resetIntro']}</p>
      {/* Its own name: the browser keeps it apart from the sign-in's e-mail. */}
      <DocumentTextField
        name="reset-email"
        label={w['login.resetEmail']}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={error}
        focus={Boolean(error)}
      />
      <button type="submit" className={buttonClass('secondary', 'md')}>
        {w['login.resetSend']}
      </button>
    </form>
  );
}
