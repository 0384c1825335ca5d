import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES, t } from '../../src/shared/i18n';
import { formatLite } from '../../src/shared/i18n/lite';

/** The messages the pages' scripts format themselves (server/pages/forms.ts gives them to /enrollment and /es/enrollment). */
const CASES = [
  ['enrollment.age.months', { count: 1 }],
  ['enrollment.age.months', { count: 7 }],
  ['enrollment.age.years', { count: 3 }],
  ['enrollment.age.warning', { program: 'P', ages: 'A', age: 'X' }],
  ['error.tooLong', { max: '2000' }],
  ['error.laterRecord', { kind: 'in', child: 'C', date: 'D', time: 'T' }],
  ['events.dayLabel', { date: 'D', count: 0, today: 'yes' }],
  ['events.dayLabel', { date: 'D', count: 1, today: 'no' }],
  ['events.dayLabel', { date: 'D', count: 12, today: 'yes' }],
] as const;

describe('formatLite', () => {
  for (const language of ['en', 'es'] as const) {
    it.each(CASES)(`gives FormatJS's answer in ${language}: %s`, (key, values) => {
      expect(formatLite(LOCALES[language], CATALOGUES[language][key], values)).toBe(t(language, key, values));
    });
  }
});
