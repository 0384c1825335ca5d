import { t } from '../../src/shared/i18n';
import { errorRef } from '../../src/shared/i18n/error-ids';
import { describe, expect, it } from 'vitest';
import { emailField, INVISIBLE_CHARACTERS_MESSAGE, idField, optionalText, phoneField, requiredText } from '../../src/shared/schemas/fields';

/** A schema's message (a catalogue id, ADR 069) as the English reader reads it. */
const english = (message: string | undefined) => {
  const ref = message === undefined ? null : errorRef(message);
  return ref ? t('en', ref.id, ref.values) : message;
};
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => english(r.error?.issues[0]?.message);

describe('shared text fields', () => {
  const name = requiredText('Name is required', 100);
  const notes = optionalText(2000, { multiline: true });

  it('normalizes to NFC and trims', () => {
    // "Zoë" typed as Z, o, e + combining diaeresis becomes the single precomposed ë.
    expect(name.parse('  Zoe\u0308  ')).toBe('Zo\u00eb');
    expect(name.parse('Zoe\u0308').length).toBe(3);
  });

  it.each([
    ['a NUL', 'Emma\u0000Johnson'],
    ['an escape', 'Emma\u001b[31mJohnson'],
    ['a C1 control', 'Emma\u0085Johnson'],
    ['DEL', 'Emma\u007fJohnson'],
    ['a right-to-left override', 'Emma \u202Enosnhoj'],
    ['a left-to-right embedding', '\u202AEmma'],
    ['an isolate', 'Emma\u2066 Johnson\u2069'],
    ['a right-to-left mark', 'Emma\u200F Johnson'],
    ['a zero-width space', 'Em\u200Bma'],
    ['a zero-width joiner', 'Em\u200Dma'],
    ['a word joiner', 'Em\u2060ma'],
    ['a byte order mark inside', 'Em\uFEFFma'],
    ['a line break', 'Emma\nJohnson'],
    ['a tab', 'Emma\tJohnson'],
    ['a line separator (Zl)', 'Emma\u2028Johnson'],
    ['a paragraph separator (Zp)', 'Emma\u2029Johnson'],
    ['an Arabic letter mark (Cf)', 'Emma\u061CJohnson'],
    ['a tag character (Cf)', 'Emma\u{E0041}Johnson'],
    ['a soft hyphen (Cf)', 'Em\u00ADma'],
    ['a Hangul filler', '\u3164'],
    ['a halfwidth Hangul filler', 'Emma\uFFA0'],
    ['a blank braille pattern', 'Emma\u2800'],
    ['a private-use character (Co)', 'Emma\uE000'],
    ['an unassigned code point (Cn)', 'Emma\u{50000}'],
    ['a lone surrogate', 'Emma\uD800'],
  ])('refuses %s in a one-line field with a clear message', (_label, value) => {
    expect(firstMessage(name.safeParse(value))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
  });

  it('keeps accents, other scripts and apostrophes in names', () => {
    for (const v of ["Seán O'Brien", 'José Núñez', 'Nguyễn Thị Mai', 'محمد علي', '王小明', 'Anne-Marie']) expect(name.parse(v)).toBe(v);
  });

  it('lets multi-line fields keep line breaks, tabs and joiners but not controls or overrides', () => {
    expect(notes.parse('Peanuts\r\n\tand tree nuts')).toBe('Peanuts\r\n\tand tree nuts');
    expect(notes.parse('Family: 👨\u200D👩\u200D👧')).toBe('Family: 👨\u200D👩\u200D👧');
    expect(firstMessage(notes.safeParse('Peanuts\u0000'))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
    expect(firstMessage(notes.safeParse('Give \u202E01 mg'))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
    expect(firstMessage(notes.safeParse('\u2067isolated\u2069'))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
  });

  it('lets multi-line text keep only the format characters a language needs', () => {
    // Persian 'mikhāham' takes a zero-width non-joiner inside the word; mixed-direction text takes marks.
    for (const v of [
      '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645',
      'Ana said \u200F\u0645\u0631\u062D\u0628\u0627\u200F today',
      '\u0661\u061C\u0662',
    ])
      expect(notes.parse(v)).toBe(v);
    for (const v of [
      'Peanuts\u2028and nuts',
      'a \u200D b',
      '\u200Dstart',
      'end\u200C',
      'zero\u200Bwidth',
      'tag\u{E0041}',
      'soft\u00ADhyphen',
      'filler \u3164',
      'private\uE000',
      'bom\uFEFFinside',
    ]) {
      expect(firstMessage(notes.safeParse(v)), JSON.stringify(v)).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
    }
  });

  it('still answers the required and length messages', () => {
    expect(firstMessage(name.safeParse('   '))).toBe('Name is required');
    expect(firstMessage(name.safeParse('x'.repeat(101)))).toBe('Must be at most 100 characters');
    expect(optionalText(10).parse('  ')).toBeNull();
  });

  it('checks e-mails, phones and ids the same way', () => {
    const email = emailField();
    expect(email.parse(' Maria@Example.COM ')).toBe('maria@example.com');
    expect(firstMessage(email.safeParse('maria\u200B@example.com'))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
    expect(firstMessage(email.safeParse('maria@exa\u202Emple.com'))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
    expect(firstMessage(email.safeParse('not an email'))).toBe('Please enter a valid email address');
    expect(firstMessage(emailField('Please enter a valid email address', 'Email is required').safeParse(''))).toBe('Email is required');
    expect(firstMessage(phoneField().safeParse('614-555-0100\u0000'))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
    expect(firstMessage(idField().safeParse('abc\u0000'))).toBe(english(INVISIBLE_CHARACTERS_MESSAGE));
  });
});
