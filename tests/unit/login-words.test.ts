/**
 * The parent sign-in's words (shared/i18n/login-en.ts) and refusals (errors-en.ts, by id, ADR 069): the English is
 * what the page, its script, the sign-in schema and the server say, exactly, so that /parent-login is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { NETWORK_MESSAGE, SERVER_MESSAGE } from '../../src/client/lib/plain-error';
import { PARENT_NOTICES } from '../../src/client/lib/parent-session';
import { THROTTLED_MESSAGE } from '../../src/server/auth/login-throttle';
import { t } from '../../src/shared/i18n';
import { errorRef } from '../../src/shared/i18n/error-ids';
import { RESET_BUSY, RESET_REQUESTED } from '../../src/server/parents/passwords';
import { ACCOUNT_CLOSED, INVALID_PARENT_LOGIN } from '../../src/server/parents/sign-in';
import { loginText, loginWords } from '../../src/shared/i18n/login';
import { loginEn } from '../../src/shared/i18n/login-en';
import { loginEs } from '../../src/shared/i18n/login-es';
import { forgotPasswordSchema, loginSchema } from '../../src/shared/schemas/auth';
import { fieldMessages } from '../../src/shared/schemas/fields';

describe('the sign-in words', () => {
  const en = loginWords('en');

  it('say in English exactly what the schema, the server and the page say', () => {
    const english = (message: string | undefined) => {
      const ref = errorRef(message ?? '');
      return ref ? t('en', ref.id, { phone: '(614) 555-0142', ...ref.values }) : message;
    };
    const refused = fieldMessages(loginSchema.safeParse({ email: 'nope', password: '' }).error!);
    expect(english(refused.email)).toBe('Please enter a valid email address');
    expect(english(refused.password)).toBe('Password is required');
    expect(english(fieldMessages(loginSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(201) }).error!).password)).toBe(
      'Password is too long',
    );
    expect(english(fieldMessages(forgotPasswordSchema.safeParse({ email: '' }).error!).email)).toBe('Please enter a valid email address');
    expect(english(INVALID_PARENT_LOGIN)).toBe('Invalid email or password');
    expect(english(ACCOUNT_CLOSED)).toBe(
      'This Parent Portal account is closed. Please call the office at (614) 555-0142 if you think this is a mistake.',
    );
    expect(english(THROTTLED_MESSAGE)).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(english(RESET_BUSY)).toBe('Too many password reset requests right now. Please try again in a few minutes, or call the office.');
    expect(en['login.resetRequested']).toBe(RESET_REQUESTED);
    expect(NETWORK_MESSAGE).toMatch(/^We could not reach the centre\. Please check your internet connection and try again, or call us at /);
    expect(SERVER_MESSAGE).toMatch(/^Something went wrong on our side\. Please try again in a moment, or call us at /);
    expect(en['login.notice.sessionEnded']).toBe(PARENT_NOTICES['session-ended']);
    expect(en['login.notice.passwordChanged']).toBe(PARENT_NOTICES['password-changed']);
    // The sign-in's head, as shared/public-pages.ts wrote it before the server took it over.
    expect(en['login.meta.title']).toBe('Parent Portal');
    expect(en['login.meta.description']).toBe(
      "Parents of Little Buckeyes Learning Center: sign in to follow your child's day, development and milestones, message the centre and see your payments.",
    );
  });

  it('are all written in Spanish', () => {
    for (const key of Object.keys(loginEn) as (keyof typeof loginEn)[])
      expect({ key, same: loginEs[key] === loginEn[key] }).toEqual({ key, same: false });
  });

  it('are formatted as FormatJS formats them, the office phone and the centre filled in; the script fills the name itself', () => {
    const values = { phone: '(614) 555-0142', centre: 'Little Buckeyes Learning Center' };
    for (const language of ['en', 'es'] as const) {
      const words = loginWords(language);
      for (const key of Object.keys(loginEn) as (keyof typeof loginEn)[]) {
        if (key === 'login.welcomeText') continue;
        expect({ key, text: words[key] }).toEqual({ key, text: t(language, key, values) });
      }
      expect(words['login.welcomeText']).toBe((language === 'es' ? loginEs : loginEn)['login.welcomeText']);
      expect(words['login.welcomeText']).toContain('{name}');
    }
    // The formatter, not a text replaced once: a placeholder said twice is filled twice, and both values in one message.
    expect(loginText('en', 'Call {phone}, or {phone} after hours.')).toBe('Call (614) 555-0142, or (614) 555-0142 after hours.');
    expect(loginText('es', '{centre}: {phone}')).toBe('Little Buckeyes Learning Center: (614) 555-0142');
  });
});
