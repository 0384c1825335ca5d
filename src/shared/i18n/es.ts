import type { MessageKey } from './en';

/**
 * The Spanish catalogue, written by a person who reads Spanish (never machine-translated placeholders). The type
 * makes a missing or extra key a build error; tests/unit/i18n-catalogues.test.ts checks the placeholders match.
 */
export const es = {
  'language.en': 'English',
  'language.es': 'Español',
  'language.switch': 'Idioma',
} as const satisfies Record<MessageKey, string>;
