/**
 * /parent-login's own script (ADR 037). The server renders the sign-in and answers it when the browser posts it
 * (the session cookie, then the dashboard); with this script the sign-in goes through docs/product.md §7's JSON call
 * instead, so the token and parent record are kept in browser storage as docs/product.md §4 says, with §8's toasts.
 * It also checks a field as it is left, shows the password on request, and opens 'Forgot your password?' in place.
 */
import '../lib/zod-config';
import { listenForDocumentBehaviour } from '../lib/document-behaviour';
import { type StoredParent, storeParentSession } from '../lib/parent-session';
import { leaveToastForNextPage } from '../lib/toast-handoff';
import { forgotPasswordSchema, loginSchema } from '../../shared/schemas/auth';
import { fieldMessages } from '../../shared/schemas/fields';
import { formatLite } from '../../shared/i18n/lite';
import {
  answerFieldErrors,
  control,
  failureMessage,
  postJson,
  readPageWords,
  sayErrors,
  setFieldError,
  showErrors,
  values,
} from './form-fields';
import { setToastLabels, toast } from './toast';

const LOGIN_FIELDS = ['email', 'password'] as const;

/**
 * What this script says, in the page's language: its own words by key and the refusals it can meet by id, which the
 * server writes into the page from the catalogue (server/pages/forms.ts, ADR 069). Without them (an old page from
 * the cache) the English written here.
 */
const page = readPageWords();
const say = (key: string, fallback: string): string => page.messages[key] ?? fallback;
setToastLabels({ region: say('login.toast.region', 'Notifications'), close: say('login.toast.close', 'Close') });

function signIn(form: HTMLFormElement): void {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = submit.textContent;
  let busy = false;
  const edited = new Set<string>();
  const password = control(form, 'password') as HTMLInputElement;
  const messages = () => {
    const result = loginSchema.safeParse(values(form, LOGIN_FIELDS));
    return result.success ? {} : sayErrors(page, fieldMessages(result.error));
  };
  form.addEventListener('input', (e) => {
    const name = (e.target as HTMLInputElement).name;
    edited.add(name);
    if (control(form, name)?.getAttribute('aria-invalid') === 'true') setFieldError(form, name, messages()[name]);
  });
  form.addEventListener('focusout', (e) => {
    const name = (e.target as HTMLInputElement).name;
    if ((LOGIN_FIELDS as readonly string[]).includes(name) && edited.has(name)) setFieldError(form, name, messages()[name]);
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy) return;
    const errors = messages();
    if (showErrors(form, LOGIN_FIELDS, errors)) return;
    busy = true;
    submit.disabled = true;
    submit.textContent = say('login.signingIn', 'Signing in...');
    const answer = await postJson('/api/parent/login', values(form, LOGIN_FIELDS));
    if (answer && answer.status === 200 && typeof answer.body.token === 'string') {
      const parent = answer.body.parent as StoredParent;
      storeParentSession(answer.body.token, parent);
      // Shown by the dashboard, the next page (a full page load: the dashboard is the app).
      leaveToastForNextPage({
        title: say('login.welcome', 'Welcome back!'),
        description: formatLite(page.locale, say('login.welcomeText', 'Hello, {name}! Here is how your child is doing.'), {
          name: parent.firstName || say('login.parent', 'Parent'),
        }),
      });
      // At the tab asked for before signing in, which the server wrote in the form (a known tab only). Always
      // the dashboard's path: the dashboard itself ignores a tab it does not know.
      const tab = control(form, 'redirect')?.value;
      window.location.assign(tab ? `/parent-dashboard?tab=${encodeURIComponent(tab)}` : '/parent-dashboard');
      return;
    }
    busy = false;
    submit.disabled = false;
    submit.textContent = label;
    // The refusal is read out by the toast's live region; focus, lost with the disabled button, goes to the field
    // to correct: the first one refused, else the password.
    const failure = failureMessage(page, answer, say('login.loginFailed', 'Login failed'));
    const fieldErrors = answerFieldErrors(page, answer);
    if (!(fieldErrors && showErrors(form, LOGIN_FIELDS, fieldErrors))) {
      // Refused credentials are said at the password too (aria-invalid, its message slot), not only by the toast.
      if (answer?.status === 401) showErrors(form, LOGIN_FIELDS, { password: failure });
      else password.focus();
    }
    toast({ title: say('login.failed', 'Login Failed'), description: failure, variant: 'destructive' });
  });

  const toggle = document.getElementById('password-toggle');
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      const show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-label', show ? say('login.hidePassword', 'Hide password') : say('login.showPassword', 'Show password'));
      for (const icon of toggle.querySelectorAll<HTMLElement>('[data-shown-when]'))
        icon.toggleAttribute('hidden', icon.dataset.shownWhen !== (show ? 'visible' : 'hidden'));
    });
  }
}

/** 'Forgot your password?': opened in place; the request goes to the product's JSON path, with the same answer for any e-mail. */
function forgotPassword(signInForm: HTMLFormElement | null): void {
  const button = document.getElementById('forgot-toggle');
  const panel = document.getElementById('reset-panel');
  if (!button || !panel) return;
  const template = document.getElementById('reset-template');
  button.addEventListener('click', (e) => {
    e.preventDefault();
    const open = panel.hidden;
    // The form comes from its template the first time (the server renders it only when the panel is open).
    if (open && !panel.firstElementChild && template instanceof HTMLTemplateElement) {
      panel.append(template.content.cloneNode(true));
      enhanceReset(panel);
    }
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    const field = panel.querySelector<HTMLInputElement>('input[name="reset-email"]');
    if (open && field) {
      if (!field.value && signInForm) field.value = control(signInForm, 'email')?.value ?? '';
      field.focus();
    }
  });
  enhanceReset(panel);
}

function enhanceReset(panel: HTMLElement): void {
  const form = panel.querySelector('#reset-form');
  if (!(form instanceof HTMLFormElement) || form.dataset.enhanced) return;
  form.dataset.enhanced = 'true';
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = submit.textContent;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (submit.disabled) return;
    const email = control(form, 'reset-email')?.value ?? '';
    const result = forgotPasswordSchema.safeParse({ email });
    if (showErrors(form, ['email'], result.success ? {} : sayErrors(page, fieldMessages(result.error)), { email: 'reset-email' })) return;
    submit.disabled = true;
    submit.textContent = say('login.sending', 'Sending...');
    const answer = await postJson('/api/parent/forgot-password', { email });
    submit.disabled = false;
    submit.textContent = label;
    if (answer && answer.status === 200 && typeof answer.body.message === 'string') {
      const done = document.createElement('p');
      done.setAttribute('role', 'status');
      done.className = 'mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900';
      done.textContent = say('login.resetRequested', answer.body.message);
      // The form goes, with the focused button: focus goes to the answer, which is read out.
      done.tabIndex = -1;
      panel.replaceChildren(done);
      done.focus();
      return;
    }
    control(form, 'reset-email')?.focus();
    toast({
      title: say('login.requestFailed', 'Request Failed'),
      description: failureMessage(page, answer, say('login.tryAgain', 'Please try again.')),
      variant: 'destructive',
    });
  });
}

const form = document.getElementById('parent-login-form');
if (form instanceof HTMLFormElement) signIn(form);
forgotPassword(form instanceof HTMLFormElement ? form : null);
listenForDocumentBehaviour();
// The page answers taps now (browser tests wait for this after each page load: tests/e2e/fixtures.ts).
document.documentElement.dataset.appReady = 'true';
