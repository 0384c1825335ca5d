import type { PageLanguage } from './paths';

/**
 * The parent reset-password page's words: `/parent-reset-password` English, exactly as the page said
 * them, and `/es/parent-reset-password` Spanish (reset-password-es.ts, loaded with that page's own chunk only).
 * No imports beyond types: each route's chunk carries only its own language.
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
   * The refusals the schema and the server say in English (the parent is not known on this page, so the server
   * answers in English, ADR 047), in this page's language; empty on the English page, which shows them as they are.
   */
  refusals: Readonly<Record<string, string>>;
  /** What a refusal not in `refusals` becomes on a page that is not English (never English there). */
  otherRefusal: string | null;
}

/** A refusal (the schema's or the server's English sentence) as the page's language says it. */
export function refusalIn(words: ResetPasswordWords, message: string): string {
  return words.otherRefusal === null ? message : (words.refusals[message] ?? words.otherRefusal);
}
