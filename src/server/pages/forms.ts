import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CATALOGUES, LOCALES, t } from '../../shared/i18n';
import { errorRef } from '../../shared/i18n/error-ids';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { loginWords } from '../../shared/i18n/login';
import type { LoginKey } from '../../shared/i18n/login-en';
import { languageOfPath, type PageLanguage } from '../../shared/i18n/paths';
import { messagesWithPrefix } from '../../shared/i18n/registry';
import { centre, publicCentre } from '../centre/profile';
import type { PublicCentre } from '../../shared/centre-profile';
import { ageWarningText, programAgeFit } from '../../shared/program-age';
import { dashboardAfterSignIn, parentDashboardSearch } from '../../shared/parent-dashboard-search';
import { EMPTY_ENROLLMENT, enrollmentSchema } from '../../shared/schemas/enrollment';
import { fieldMessages } from '../../shared/schemas/fields';
import { csrfGuard } from '../auth/csrf';
import { clientError } from '../client-errors';
import { type AppDeps, createContext } from '../context';
import { logger } from '../logger';
import { createCaller } from '../routers/_app';
import type { Limiters } from '../services/rate-limit';
import { DOCUMENT_PAGES, withOwnScript } from './document-script';
import { entryFiles } from './preload';
import { headTags, jsonForHtml, withPageLanguage } from './seo';
import type { EnrollmentView, ParentLoginView } from '../../client/form-pages';

/**
 * /enrollment and /parent-login as documents (ADR 037): rendered by the server for each request, their forms posted
 * here and answered with the same procedures the API calls (createCaller), so the same schema, messages, rate
 * limits and session cookie apply whichever way a family sends them. The page's own script (client/pages/)
 * sends the same forms to the JSON API instead when it has loaded; this is the path for before and without it.
 */

/** What dist/ssr/entry-server.js exports for these pages (client/form-pages.tsx). */
interface FormPagesModule {
  renderEnrollmentPage(view: EnrollmentView): Promise<string>;
  renderParentLoginPage(view: ParentLoginView): Promise<string>;
  /** Sets the centre the render shows (its own copy of shared/page-centre.ts, ADR 090). */
  setPageCentre?(centre: PublicCentre): void;
}

type FormPath = '/enrollment' | '/es/enrollment' | '/parent-login' | '/es/parent-login';

/** A form page's body is a few KB of text: far more than any honest form, far less than the API's limit. */
export const FORM_BODY_LIMIT = 64 * 1024;

const NOTICES = new Set(['session-ended', 'password-changed']);

/**
 * The refusals each page's script can meet, by id (ADR 069): its schema's, the server's answers to its form, a failed
 * call's. tests/unit/error-ids.test.ts checks every message the schemas give these forms is listed.
 */
const CALL_ERRORS: readonly ErrorKey[] = [
  'error.server',
  'error.network',
  'error.other',
  'error.notAnObject',
  'error.unreadable',
  'error.invalidJson',
  'error.requestTooLarge',
  'error.tooManyAttempts',
  'error.crossSite',
  'error.jsonOnly',
];
export const ENROLLMENT_PAGE_ERRORS: readonly ErrorKey[] = [
  ...CALL_ERRORS,
  'error.invisible',
  'error.tooLong',
  'error.email',
  'error.phone',
  'error.date',
  'error.option',
  'error.parentFirstName',
  'error.parentLastName',
  'error.parentAddress',
  'error.parentCity',
  'error.state',
  'error.zip',
  'error.childFirstName',
  'error.childLastName',
  'error.childDateOfBirth',
  'error.childAge',
  'error.selectProgram',
  'error.startDate',
  'error.startInPast',
  'error.emergencyContactName',
  'error.selectRelationship',
  'error.language',
  'error.birthInFuture',
  'error.birthTooEarly',
  'error.notAccepted',
  'error.tooManyApplications',
];
export const LOGIN_PAGE_ERRORS: readonly ErrorKey[] = [
  ...CALL_ERRORS,
  'error.invisible',
  'error.email',
  'error.passwordRequired',
  'error.passwordTooLong',
  'error.invalidLogin',
  'error.accountClosed',
  'error.throttled',
  'error.accountBusy',
  'error.signInBusy',
  'error.resetBusy',
];
/** The sign-in page's script's own words (toasts, buttons), by key. */
const LOGIN_SCRIPT_WORDS: readonly LoginKey[] = [
  'login.toast.region',
  'login.toast.close',
  'login.signingIn',
  'login.sending',
  'login.welcome',
  'login.welcomeText',
  'login.parent',
  'login.requestFailed',
  'login.failed',
  'login.loginFailed',
  'login.tryAgain',
  'login.showPassword',
  'login.hidePassword',
  'login.resetRequested',
];

/**
 * What a form page's script says, as a data block (never executed: the CSP stays strict), in the page's language:
 * its own words by key, and the refusals it can meet by id, which it formats with the small formatter (lite.ts).
 */
function pageMessagesBlock(language: PageLanguage, messages: Record<string, string>, errors: readonly ErrorKey[]): string {
  const data = {
    language,
    locale: LOCALES[language],
    phone: centre.phones[0],
    messages,
    errors: Object.fromEntries(errors.map((id) => [id, CATALOGUES[language][id]])),
  };
  return `<script type="application/json" id="page-messages">${jsonForHtml(data)}</script>`;
}

/** A refusal's messages (a schema's ids, or sentences the server already said) in `language`. */
function sayAll(language: PageLanguage, errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const ref = errorRef(message);
    out[field] = ref ? t(language, ref.id, ref.values) : message;
  }
  return out;
}

/** What a 500 says on a form page. */
const serverFailure = (language: PageLanguage) => t(language, 'error.server', { phone: centre.phones[0] });

const pick = <K extends string>(words: Record<K, string>, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, words[k]]));

export function formPages(deps: AppDeps, limits: Limiters, { clientDir, ssrDir }: { clientDir: string; ssrDir: string }) {
  const origin = deps.config.publicUrl.replace(/\/+$/, '');
  const entry = resolve(ssrDir, 'entry-server.js');
  let loaded: Promise<FormPagesModule | null> | null = null;
  const load = () =>
    (loaded ??= existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<Partial<FormPagesModule>>).then(
          (m) => {
            // A server render without these pages is a broken build, said loudly rather than served as something else.
            if (typeof m.renderEnrollmentPage !== 'function' || typeof m.renderParentLoginPage !== 'function') {
              logger.error(
                'the server render has no form pages (renderEnrollmentPage, renderParentLoginPage): rebuild with `npm run build`',
              );
              return null;
            }
            return m as FormPagesModule;
          },
          (err: unknown) => {
            logger.error({ err }, 'the server render could not be loaded; the form pages cannot be rendered');
            return null;
          },
        )
      : Promise.resolve(null));

  const templates = new Map<string, string | null>();
  /**
   * index.html with the page's head and its own script in place of the app's (pages/document-script.ts withOwnScript).
   * The file is read once; the head is written per request (it names the centre as its profile has it now).
   */
  function template(path: FormPath): string | null {
    if (!templates.has(path)) {
      const file = resolve(clientDir, 'index.html');
      const html = existsSync(file) ? withPageLanguage(readFileSync(file, 'utf8'), path) : null;
      const files = entryFiles(clientDir, DOCUMENT_PAGES.get(path) ?? '');
      if (html && !files.length) logger.error({ path }, 'the client build has no script for this form page: rebuild with `npm run build`');
      templates.set(path, html && withOwnScript(html, files));
    }
    return templates.get(path)?.replace('<!--app-head-->', () => headTags(path, origin)) ?? null;
  }

  async function send(c: HonoContext, path: FormPath, status: number, render: (m: FormPagesModule) => Promise<string>, cache = 'no-store') {
    const [m, page] = [await load(), template(path)];
    if (!m || !page) return c.text('The site is not built. Run `npm run build`.', 503);
    m.setPageCentre?.(publicCentre());
    const html = await render(m);
    c.header('Cache-Control', cache);
    c.header('Content-Language', languageOfPath(path));
    // The form pages' scripts take their words from the page: the catalogue's, in the page's language.
    const language = languageOfPath(path);
    const messages = path.endsWith('/parent-login')
      ? pageMessagesBlock(language, pick(loginWords(language), LOGIN_SCRIPT_WORDS), LOGIN_PAGE_ERRORS)
      : pageMessagesBlock(language, messagesWithPrefix(language, 'enrollment.'), ENROLLMENT_PAGE_ERRORS);
    return c.html(
      page.replace('<div id="root"></div>', () => `<div id="root">${html}</div>${messages}`),
      status as 200,
    );
  }

  /** The request's tRPC caller, as the API builds it: same context, same limits, same session. */
  function callerFor(c: HonoContext) {
    const resHeaders = new Headers();
    return { caller: createCaller(createContext(deps, limits, c, resHeaders)), resHeaders };
  }

  /** The form's fields as strings, only those named (a repeated name keeps its last value). */
  async function readForm(c: HonoContext): Promise<Record<string, string> | null> {
    const type = c.req.header('content-type') ?? '';
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
    const body = await c.req.parseBody({ all: false });
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
    return out;
  }

  const app = new Hono();
  const guard = csrfGuard(deps.config.publicUrl);
  const limit = bodyLimit({ maxSize: FORM_BODY_LIMIT, onError: (c) => c.text('The form is too large.', 413, { Connection: 'close' }) });
  const unreadable = (c: HonoContext) => c.text('The form could not be read. Please send it from the page.', 415, { Connection: 'close' });

  for (const path of ['/enrollment', '/es/enrollment'] as const) {
    const language = languageOfPath(path);

    app.get(path, (c) =>
      // ?submitted: where a form the browser sent itself lands (post, redirect, get), so a reload sends nothing again.
      send(
        c,
        path,
        200,
        (m) => m.renderEnrollmentPage({ submitted: c.req.query('submitted') !== undefined, values: {}, errors: {}, language }),
        'no-cache',
      ),
    );

    app.post(path, guard, limit, async (c) => {
      const form = await readForm(c);
      if (!form) return unreadable(c);
      const values = Object.fromEntries(Object.keys(EMPTY_ENROLLMENT).map((k) => [k, form[k] ?? ''])) as Record<
        keyof typeof EMPTY_ENROLLMENT,
        string
      >;
      // The application's language is the page it was sent from, whatever the form said.
      values.language = language;
      const accepted = form.applyAnyway === 'yes';
      const fit = programAgeFit(values.programRequested, values.childDateOfBirth, values.startDate);
      const warning = fit && ageWarningText(fit, (key, v) => t(language, key, v));
      const refuse = (status: number, errors: Record<string, string>, formError: string | null = null) =>
        send(c, path, status, (m) =>
          m.renderEnrollmentPage({
            submitted: false,
            values,
            errors: sayAll(language, errors),
            formError,
            ageWarning: warning,
            ageWarningAccepted: accepted,
            language,
          }),
        );
      if (warning && !accepted) {
        // Asked first, with every other message the schema has, so the family answers everything in one go.
        const checked = enrollmentSchema.safeParse(values);
        return refuse(checked.success ? 200 : 400, checked.success ? {} : fieldMessages(checked.error));
      }
      const { caller, resHeaders } = callerFor(c);
      try {
        await caller.enrollment.submit(values);
      } catch (err) {
        resHeaders.forEach((value, key) => c.header(key, value));
        if (!(err instanceof TRPCError)) throw err;
        const status = getHTTPStatusCodeFromError(err);
        if (status >= 500) {
          logger.error({ err }, 'an enrollment sent by the form failed');
          return refuse(500, {}, serverFailure(language));
        }
        // Said in the page's language: the server answers with the id, and says it in the language asked.
        const { message, fieldErrors } = clientError(err, language);
        return refuse(status, fieldErrors ?? {}, fieldErrors ? null : message);
      }
      c.header('Cache-Control', 'no-store');
      return c.redirect(`${path}?submitted`, 303);
    });
  }

  for (const path of ['/parent-login', '/es/parent-login'] as const) {
    const language = languageOfPath(path);

    app.get(path, async (c) => {
      // ?redirect={tab}: the dashboard's tab asked for before signing in, where the parent lands after.
      const redirect = parentDashboardSearch({ tab: c.req.query('redirect') }).tab;
      // Someone already signed in is sent on to their dashboard.
      const { caller, resHeaders } = callerFor(c);
      const me = await caller.parentAuth.me().catch(() => null);
      resHeaders.forEach((value, key) => c.header(key, value));
      if (me) return c.redirect(dashboardAfterSignIn(redirect), 303);
      const notice = c.req.query('notice');
      return send(
        c,
        path,
        200,
        (m) =>
          m.renderParentLoginPage({
            language,
            notice: notice && NOTICES.has(notice) ? (notice as ParentLoginView['notice']) : null,
            forgotOpen: c.req.query('forgot') !== undefined,
            redirect,
          }),
        'no-cache',
      );
    });

    app.post(path, guard, limit, async (c) => {
      const form = await readForm(c);
      if (!form) return unreadable(c);
      const { caller, resHeaders } = callerFor(c);
      const email = form.email ?? '';
      const redirect = parentDashboardSearch({ tab: form.redirect }).tab;
      const page = (status: number, view: ParentLoginView) => {
        resHeaders.forEach((value, key) => key.toLowerCase() !== 'set-cookie' && c.header(key, value));
        return send(c, path, status, (m) => m.renderParentLoginPage({ ...view, language, redirect }));
      };
      if (form.intent === 'reset') {
        const resetEmail = form['reset-email'] ?? '';
        try {
          await caller.parentAuth.forgotPassword({ email: resetEmail });
          return page(200, { email, forgotOpen: true, resetEmail, resetDone: loginWords(language)['login.resetRequested'] });
        } catch (err) {
          if (!(err instanceof TRPCError) || getHTTPStatusCodeFromError(err) >= 500) throw err;
          const { message, fieldErrors } = clientError(err, language);
          return page(getHTTPStatusCodeFromError(err), {
            email,
            forgotOpen: true,
            resetEmail,
            resetError: fieldErrors?.email ?? message,
          });
        }
      }
      try {
        await caller.parentAuth.login({ email, password: form.password ?? '' });
      } catch (err) {
        if (!(err instanceof TRPCError)) throw err;
        const status = getHTTPStatusCodeFromError(err);
        if (status >= 500) {
          logger.error({ err }, 'a parent sign-in sent by the form failed');
          return page(500, { email, failure: serverFailure(language) });
        }
        const { message, fieldErrors } = clientError(err, language);
        // The schema's messages at their fields; any other refusal (wrong password, closed account, too many
        // attempts) as docs/product.md §8's 'Login Failed' with the server's sentence.
        if (fieldErrors) return page(status, { email, errors: fieldErrors });
        // Refused credentials are said at the password too (only the banner said it), which takes focus.
        return page(status, { email, failure: message, errors: status === 401 ? { password: message } : undefined });
      }
      // The session cookie exactly as the API sets it (parents/sign-in.ts); the token is never in the page.
      for (const cookie of resHeaders.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      c.header('Cache-Control', 'no-store');
      return c.redirect(dashboardAfterSignIn(redirect), 303);
    });
  }

  return app;
}
