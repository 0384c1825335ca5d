/**
 * The parent sign-in's words (shared/i18n/login-en.ts): the English is what the page, its script, the
 * sign-in schema and the server say, exactly, so that /parent-login is unchanged and /es/parent-login can map each
 * English refusal to its Spanish (shared/i18n/login.ts).
 */
import { describe, expect, it } from 'vitest';
import { NETWORK_MESSAGE, SERVER_MESSAGE } from '../../src/client/lib/plain-error';
import { PARENT_NOTICES } from '../../src/client/lib/parent-session';
import { THROTTLED_MESSAGE } from '../../src/server/auth/login-throttle';
import { SERVER_FAILURE } from '../../src/server/client-errors';
import { RESET_BUSY, RESET_REQUESTED } from '../../src/server/parents/passwords';
import { ACCOUNT_CLOSED, INVALID_PARENT_LOGIN } from '../../src/server/parents/sign-in';
import { loginRefusal, loginWords, scriptWords } from '../../src/shared/i18n/login';
import { loginEn } from '../../src/shared/i18n/login-en';
import { loginEs } from '../../src/shared/i18n/login-es';
import { forgotPasswordSchema, loginSchema } from '../../src/shared/schemas/auth';
import { fieldMessages } from '../../src/shared/schemas/fields';

describe('the sign-in words', () => {
  const en = loginWords('en');

  it('say in English exactly what the schema, the server and the page say', () => {
    const refused = fieldMessages(loginSchema.safeParse({ email: 'nope', password: '' }).error!);
    expect(refused.email).toBe(en['login.error.email']);
    expect(refused.password).toBe(en['login.error.passwordRequired']);
    expect(fieldMessages(loginSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(201) }).error!).password).toBe(
      en['login.error.passwordTooLong'],
    );
    expect(fieldMessages(forgotPasswordSchema.safeParse({ email: '' }).error!).email).toBe(en['login.error.email']);
    expect(en['login.error.invalid']).toBe(INVALID_PARENT_LOGIN);
    expect(en['login.error.closed']).toBe(ACCOUNT_CLOSED);
    expect(en['login.error.throttled']).toBe(THROTTLED_MESSAGE);
    expect(en['login.error.resetBusy']).toBe(RESET_BUSY);
    expect(en['login.error.resetRequested']).toBe(RESET_REQUESTED);
    expect(en['login.error.network']).toBe(NETWORK_MESSAGE);
    expect(en['login.error.server']).toBe(SERVER_MESSAGE);
    expect(en['login.error.serverForm']).toBe('Something went wrong on our side. Please try again in a moment, or call us.');
    expect(SERVER_FAILURE).toMatch(/^Something went wrong on our side/);
    expect(en['login.notice.sessionEnded']).toBe(PARENT_NOTICES['session-ended']);
    expect(en['login.notice.passwordChanged']).toBe(PARENT_NOTICES['password-changed']);
    // The sign-in's head, as shared/public-pages.ts wrote it before the server took it over.
    expect(en['login.meta.title']).toBe('Parent Portal');
    expect(en['login.meta.description']).toBe(
      "Parents of Little Buckeyes Learning Center: sign in to follow your child's day, development and milestones, message the centre and see your payments.",
    );
  });

  it('are all written in Spanish, and a refusal the table does not know is Spanish too', () => {
    for (const key of Object.keys(loginEn) as (keyof typeof loginEn)[])
      expect({ key, same: loginEs[key] === loginEn[key] }).toEqual({ key, same: false });
    expect(loginRefusal('es', INVALID_PARENT_LOGIN)).toBe(loginEs['login.error.invalid']);
    expect(loginRefusal('es', 'Some sentence nobody wrote down')).toBe(loginEs['login.error.other']);
    expect(loginRefusal('en', INVALID_PARENT_LOGIN)).toBe(INVALID_PARENT_LOGIN);
    expect(scriptWords('en')).toBeNull();
    expect(scriptWords('es')!['Signing in...']).toBe(loginEs['login.signingIn']);
  });
});
