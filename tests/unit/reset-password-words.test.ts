/**
 * The parent reset-password page's words come from the catalogue (ADR 070): the `resetPassword` area, in English
 * and Spanish, under the catalogue tests (key parity, every key used: catalogue-keys.test.ts; the small formatter
 * against FormatJS: i18n-lite.test.ts). The English page says exactly what it always said.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resetPasswordWordsEn } from '../../src/client/components/parent-reset/words-en';
import { resetPasswordWordsEs } from '../../src/client/components/parent-reset/words-es';
import { AREAS, t } from '../../src/shared/i18n';
import { errorsEn } from '../../src/shared/i18n/errors-en';
import { errorsEs } from '../../src/shared/i18n/errors-es';
import { RESET_PAGE_REFUSALS } from '../../src/shared/i18n/reset-password';
import { resetPasswordEn } from '../../src/shared/i18n/reset-password-en';
import { resetPasswordEs } from '../../src/shared/i18n/reset-password-es';
import { PARENT_PASSWORD_HINT, PARENT_PASSWORD_MIN } from '../../src/shared/schemas/password-policy';

describe("the reset-password page's words", () => {
  it('are a catalogue area of their own, in both languages', () => {
    expect(AREAS.resetPassword).toEqual({ en: resetPasswordEn, es: resetPasswordEs });
  });

  it('say in English what the page has always said', () => {
    expect(resetPasswordWordsEn).toEqual({
      language: 'en',
      title: 'Choose a New Password',
      checking: 'Checking your link...',
      intro: 'At least 10 characters. You will be signed out everywhere and can then sign in with the new password.',
      hint: PARENT_PASSWORD_HINT,
      newPassword: 'New password',
      repeat: 'Repeat the new password',
      mismatch: 'The two passwords are not the same',
      save: 'Save new password',
      saving: 'Saving...',
      show: 'Show password',
      hide: 'Hide password',
      notChanged: 'Password Not Changed',
      tryAgain: 'Please try again.',
      notChecked: 'This link could not be checked. Please open the link from the e-mail again.',
      goToSignIn: 'Go to sign in',
      incomplete: 'This link is not complete. Please open the link from the e-mail again, or ask for a new one on the sign-in page.',
      refusals: Object.fromEntries(RESET_PAGE_REFUSALS.map((id) => [id, errorsEn[id]])),
      otherRefusal: null,
    });
  });

  it('are written as FormatJS writes the catalogue, in each language, with the password policy’s minimum', () => {
    const pairs = [
      ['en', resetPasswordWordsEn],
      ['es', resetPasswordWordsEs],
    ] as const;
    for (const [language, words] of pairs) {
      const say = (key: keyof typeof resetPasswordEn) => t(language, key, { min: PARENT_PASSWORD_MIN });
      expect(words.title).toBe(say('resetPassword.title'));
      expect(words.intro).toBe(say('resetPassword.intro'));
      expect(words.hint).toBe(say('resetPassword.hint'));
      expect(words.incomplete).toBe(say('resetPassword.incomplete'));
      expect(words.intro).toContain(String(PARENT_PASSWORD_MIN));
    }
    expect(resetPasswordWordsEs.otherRefusal).toBe(t('es', 'resetPassword.otherRefusal'));
    expect(resetPasswordWordsEs.refusals).toEqual(Object.fromEntries(RESET_PAGE_REFUSALS.map((id) => [id, errorsEs[id]])));
  });

  it("the routes' titles, written out for the first load, are the catalogue's", () => {
    const route = (path: string) => readFileSync(resolve(import.meta.dirname, '../../src/client/routes', path), 'utf8');
    expect(route('parent-reset-password.tsx')).toContain(`pageHead('${resetPasswordEn['resetPassword.title']}')`);
    expect(route('es/parent-reset-password.tsx')).toContain(`pageHead('${resetPasswordEs['resetPassword.title']}', 'es')`);
  });
});
