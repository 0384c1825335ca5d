import { wholeMonthsBetween } from './age-band';
import { PROGRAMS, type Program } from './constants';
import { isValidIsoDate } from './schemas/fields';

/**
 * The ages each program takes (docs/product.md §1 and §9), in whole months on the desired start date: infant 6 weeks to
 * 18 months, preschool 18 months to 4 years, kindergarten prep 4 to 5 years (a child of 5 still fits). Bounds
 * overlap on purpose: a child of exactly 18 months or 4 years fits either neighbour.
 */
const PROGRAM_MONTHS: Record<Program, { from: number; to: number; ages: string }> = {
  infant: { from: 0, to: 18, ages: '6 weeks to 18 months' },
  preschool: { from: 18, to: 48, ages: '19 months to 4 years' },
  kindergarten: { from: 48, to: 71, ages: '4 to 5 years' },
};

const SIX_WEEKS_MS = 42 * 24 * 60 * 60 * 1000;

/** Why the program does not fit: the program asked for, and the child's age then (whole months), or under 6 weeks. */
export interface AgeMisfit {
  program: Program;
  months: number;
  underSixWeeks: boolean;
}

/**
 * The misfit when the program asked for does not fit the child's age on the desired start date, or
 * null when it fits, or when a date or the program is not there yet to compare (the schema reports those).
 */
export function programAgeFit(program: string, dateOfBirth: string, startDate: string): AgeMisfit | null {
  if (!(PROGRAMS as readonly string[]).includes(program) || !isValidIsoDate(dateOfBirth) || !isValidIsoDate(startDate)) return null;
  if (startDate < dateOfBirth) return null;
  const band = PROGRAM_MONTHS[program as Program];
  const months = wholeMonthsBetween(dateOfBirth, startDate);
  const underSixWeeks = program === 'infant' && Date.parse(startDate) - Date.parse(dateOfBirth) < SIX_WEEKS_MS;
  if (months >= band.from && months <= band.to && !underSixWeeks) return null;
  return { program: program as Program, months, underSixWeeks };
}

/** A catalogue formatter: `t(language, key, values)` on the server, the page's own copy in its script. */
export type WarningFormat = (
  key:
    | 'enrollment.age.warning'
    | 'enrollment.age.underSixWeeks'
    | 'enrollment.age.months'
    | 'enrollment.age.years'
    | `enrollment.age.band.${Program}`
    | `enrollment.program.${Program}`,
  values?: Record<string, string | number>,
) => string;

/** The warning's words from the catalogue (enrollment.age.*), in the formatter's language. */
export function ageWarningText(misfit: AgeMisfit, format: WarningFormat): string {
  const { program, months, underSixWeeks } = misfit;
  const age = underSixWeeks
    ? format('enrollment.age.underSixWeeks')
    : months < 24
      ? format('enrollment.age.months', { count: months })
      : format('enrollment.age.years', { count: Math.floor(months / 12) });
  return format('enrollment.age.warning', {
    program: format(`enrollment.program.${program}`),
    ages: format(`enrollment.age.band.${program}`),
    age,
  });
}
