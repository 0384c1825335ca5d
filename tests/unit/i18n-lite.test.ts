/**
 * lite.ts's contract (ADR 070): for every message it is given, the small formatter writes what FormatJS writes. It is
 * given the site's messages (the public pages' scripts: /enrollment's form, the navigation bar, the not-found page,
 * registry.ts siteText), the sign-in page's (its script's welcome) and the portal's (the timeline's words on the
 * server, shared/timeline-text.ts) and the staff screens' (admin/staff-words.ts). So each of those messages is formatted here with both, in both languages, with
 * every choice of each plural and select it holds, and must come out the same.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { AREAS, CATALOGUES, type Language, LOCALES, t } from '../../src/shared/i18n';
import { makeIntl } from '../../src/shared/i18n/formatter';
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

type Value = string | number;

/** Each argument of a message and the values worth trying: every count a plural tells apart, every select's choice. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, Set<Value>>()): Map<string, Set<Value>> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    const values = into.get(el.value) ?? new Set<Value>();
    into.set(el.value, values);
    if (el.type === TYPE.plural) for (const n of [0, 1, 2, 5, 12, 1234]) values.add(n);
    else if (el.type === TYPE.select) for (const choice of [...Object.keys(el.options), 'unknown-choice']) values.add(choice);
    else values.add(`<${el.value} & "x">`);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) argumentsOf(o.value, into);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

/** The values to try a message with: the first of each argument, then each other value of one argument at a time. */
function valueSets(message: string): Record<string, Value>[] {
  const args = argumentsOf(parse(message));
  const base = Object.fromEntries([...args].map(([name, values]) => [name, [...values][0]!]));
  return [base, ...[...args].flatMap(([name, values]) => [...values].map((value) => ({ ...base, [name]: value })))];
}

/** The catalogues lite.ts is given, by area and language (the staff area is English-only). */
const LITE_CATALOGUES: [string, Language, Record<string, string>][] = [
  ...(['site', 'login', 'resetPassword', 'portal'] as const).flatMap((area) =>
    (['en', 'es'] as const).map((language): [string, Language, Record<string, string>] => [area, language, AREAS[area][language]]),
  ),
  ['staff', 'en', AREAS.staff.en],
];

describe("formatLite, every message of the catalogues it is given, against FormatJS's answer", () => {
  for (const [area, language, catalogue] of LITE_CATALOGUES) {
    it(`${area}, ${language}`, () => {
      const intl = makeIntl(language, catalogue);
      const differences: string[] = [];
      for (const [key, message] of Object.entries(catalogue))
        for (const values of valueSets(message)) {
          const formatjs = intl.formatMessage({ id: key }, values);
          const lite = formatLite(LOCALES[language], message, values);
          if (lite !== formatjs)
            differences.push(`${key} ${JSON.stringify(values)}: ${JSON.stringify(lite)} ≠ ${JSON.stringify(formatjs)}`);
        }
      expect(differences).toEqual([]);
    });
  }
});
