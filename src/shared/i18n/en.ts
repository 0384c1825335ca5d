/**
 * The English catalogue: every message of the Spanish-capable pages, e-mails and PDFs, as SPEC.md writes it.
 * Messages are ICU MessageFormat (FormatJS, ADR 040): `{count, plural, one {# child} other {# children}}`,
 * `{when, date, medium}`, `{amount, number, ::currency/USD}`. Keys are grouped by where they show, dot-separated.
 */
export const en = {
  'language.en': 'English',
  'language.es': 'Español',
  'language.switch': 'Language',
} as const;

export type MessageKey = keyof typeof en;
