import { describe, expect, it } from 'vitest';
import { en } from '../../src/shared/i18n/en';
import { formatLite } from '../../src/shared/i18n/lite';
import { ageWarningText, programAgeFit } from '../../src/shared/program-age';

/**
 * A warning when the program asked for does not fit the child's age on the desired start date, in
 * English: the parent may still apply (the centre talks it through on the call), so this never refuses an
 * application.
 */
function programAgeWarning(program: string, dateOfBirth: string, startDate: string): string | null {
  const misfit = programAgeFit(program, dateOfBirth, startDate);
  return misfit && ageWarningText(misfit, (key, values) => formatLite('en-US', en[key], values));
}

/** docs/product.md §9's program ages, on the desired start date (a warning, never a refusal). */
describe('programAgeWarning', () => {
  it('is quiet when the program fits, bounds included', () => {
    expect(programAgeWarning('infant', '2026-01-01', '2026-03-01')).toBeNull(); // 8 weeks
    expect(programAgeWarning('infant', '2025-01-15', '2026-07-15')).toBeNull(); // 18 months
    expect(programAgeWarning('preschool', '2025-01-15', '2026-07-15')).toBeNull(); // 18 months
    expect(programAgeWarning('preschool', '2022-09-01', '2026-09-01')).toBeNull(); // 4 years
    expect(programAgeWarning('kindergarten', '2022-09-01', '2026-09-01')).toBeNull(); // 4 years
    expect(programAgeWarning('kindergarten', '2021-01-10', '2026-09-01')).toBeNull(); // 5 years 7 months
  });

  it('warns when the child is too young or too old for the program', () => {
    expect(programAgeWarning('kindergarten', '2026-04-04', '2027-01-04')).toMatch(
      /^Kindergarten Prep \(4-5 years\) is for children 4 to 5 years; your child will be 9 months old on the desired start date\./,
    );
    expect(programAgeWarning('infant', '2026-02-20', '2026-03-01')).toMatch(/under 6 weeks old/);
    expect(programAgeWarning('infant', '2024-01-01', '2026-01-01')).toMatch(/24 months|2 years/);
    expect(programAgeWarning('preschool', '2026-01-01', '2026-09-01')).toMatch(/8 months old/);
    expect(programAgeWarning('preschool', '2021-01-01', '2026-01-01')).toMatch(/5 years old/);
    expect(programAgeWarning('kindergarten', '2020-01-01', '2026-01-01')).toMatch(/6 years old/);
  });

  it('says nothing until both dates and the program are there (the schema reports those)', () => {
    expect(programAgeWarning('', '2026-04-04', '2027-01-04')).toBeNull();
    expect(programAgeWarning('kindergarten', '', '2027-01-04')).toBeNull();
    expect(programAgeWarning('kindergarten', '2026-04-04', '2027-02-30')).toBeNull();
    expect(programAgeWarning('kindergarten', '2027-04-04', '2027-01-04')).toBeNull();
  });
});
