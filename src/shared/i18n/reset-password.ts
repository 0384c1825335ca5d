import { formatErrorLite } from './error-ids';
import type { ErrorKey } from './errors-en';
import { formatLite } from './lite';
import type { PageLanguage } from './paths';
import type { ResetPasswordKey } from './reset-password-en';

/**
 * The parent reset-password page's words: `/parent-reset-password` English, exactly as the page said
 * them, and `/es/parent-reset-password` Spanish, made from the catalogue (reset-password-en.ts, reset-password-es.ts,
 * the `resetPassword` area) by `resetPasswordWords`. No catalogue imported here: each route's chunk carries only
 * its own language (client/components/parent-reset/words-en.ts, words-es.ts).
 */
export interface ResetPasswordWords {
  language: PageLanguage;
  /** The heading and the tab's title. */
  title: string;
  checking: string;
  intro: string;
  hint: string;
  newPassword: string;
  repeat: string;
  mismatch: string;
  save: string;
  saving: string;
  show: string;
  hide: string;
  /** The toast's title when the new password was refused, and its text when the refusal said nothing. */
  notChanged: string;
  tryAgain: string;
  /** The link could not be checked (and the refusal said nothing). */
  notChecked: string;
  goToSignIn: string;
  incomplete: string;
  /**
   * The refusals the schema and the server can say on this page, by id (ADR 069), in this page's language: the
   * catalogue's (errors-*.ts).
   */
  refusals: Readonly<Record<string, string>>;
  /** What a refusal not in `refusals` becomes on a page that is not English (never English there). */
  otherRefusal: string | null;
}

/** The ids of the refusals this page can meet: the link's, the new password's rules, the general limit. */
export const RESET_PAGE_REFUSALS = [
  'error.resetLinkUsed',
  'error.resetLinkInvalid',
  'error.passwordTooShort',
  'error.passwordTooCommon',
  'error.passwordTooLong',
  'error.passwordRequired',
  'error.tooManyAttempts',
] as const;

/** The page's locale: its plurals and numbers (FormatJS's LOCALES, without loading FormatJS). */
const localeOf = (language: PageLanguage) => (language === 'es' ? 'es-US' : 'en-US');

/**
 * The page's words in `language`, from that language's catalogue and refusals (errors-*.ts), formatted with the
 * small formatter (lite.ts; the page's chunk has no FormatJS): `min` is the least number of characters of a
 * parent's password. The English page shows a refusal it has no words for as the server said it, in English; a
 * page in another language says `resetPassword.otherRefusal` instead, never English.
 */
export function resetPasswordWords(
  language: PageLanguage,
  catalogue: Readonly<Record<ResetPasswordKey, string>>,
  errors: Readonly<Record<ErrorKey, string>>,
  values: { min: number },
): ResetPasswordWords {
  const say = (key: ResetPasswordKey) => formatLite(localeOf(language), catalogue[key], values);
  return {
    language,
    title: say('resetPassword.title'),
    checking: say('resetPassword.checking'),
    intro: say('resetPassword.intro'),
    hint: say('resetPassword.hint'),
    newPassword: say('resetPassword.newPassword'),
    repeat: say('resetPassword.repeat'),
    mismatch: say('resetPassword.mismatch'),
    save: say('resetPassword.save'),
    saving: say('resetPassword.saving'),
    show: say('resetPassword.show'),
    hide: say('resetPassword.hide'),
    notChanged: say('resetPassword.notChanged'),
    tryAgain: say('resetPassword.tryAgain'),
    notChecked: say('resetPassword.notChecked'),
    goToSignIn: say('resetPassword.goToSignIn'),
    incomplete: say('resetPassword.incomplete'),
    refusals: Object.fromEntries(RESET_PAGE_REFUSALS.map((id) => [id, errors[id]])),
    otherRefusal: language === 'en' ? null : say('resetPassword.otherRefusal'),
  };
}

/** A refusal (the schema's id, or the one the server answered) as the page's language says it. */
export function refusalIn(words: ResetPasswordWords, message: string): string {
  return formatErrorLite(words.refusals, localeOf(words.language), message, words.otherRefusal ?? undefined);
}
