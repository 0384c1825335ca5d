import { wholeMonthsBetween } from './age-band';
import { PROGRAM_LABELS, PROGRAMS, type Program } from './constants';
import { isValidIsoDate } from './schemas/fields';

/**
 * The ages each program takes (SPEC.md §1 and §9), in whole months on the desired start date: infant 6 weeks to
 * 18 months, preschool 18 months to 4 years, kindergarten prep 4 to 5 years (a child of 5 still fits). Bounds
 * overlap on purpose: a child of exactly 18 months or 4 years fits either neighbour.
 */
const PROGRAM_MONTHS: Record<Program, { from: number; to: number; ages: string }> = {
  infant: { from: 0, to: 18, ages: '6 weeks to 18 months' },
  preschool: { from: 18, to: 48, ages: '19 months to 4 years' },
  kindergarten: { from: 48, to: 71, ages: '4 to 5 years' },
};

const SIX_WEEKS_MS = 42 * 24 * 60 * 60 * 1000;

function ageWords(months: number): string {
  if (months < 24) return months === 1 ? '1 month' : `${months} months`;
  const years = Math.floor(months / 12);
  return `${years} years`;
}

/**
 * A warning when the program asked for does not fit the child's age on the desired start date (issue 34): the
 * parent may still apply (the centre talks it through on the call), so this never refuses an application.
 * Null when it fits, or when a date or the program is not there yet to compare (the schema reports those).
 */
export function programAgeWarning(program: string, dateOfBirth: string, startDate: string): string | null {
  if (!(PROGRAMS as readonly string[]).includes(program) || !isValidIsoDate(dateOfBirth) || !isValidIsoDate(startDate)) return null;
  if (startDate < dateOfBirth) return null;
  const band = PROGRAM_MONTHS[program as Program];
  const months = wholeMonthsBetween(dateOfBirth, startDate);
  const tooYoungForInfants = program === 'infant' && Date.parse(startDate) - Date.parse(dateOfBirth) < SIX_WEEKS_MS;
  if (months >= band.from && months <= band.to && !tooYoungForInfants) return null;
  const age = tooYoungForInfants ? 'under 6 weeks old' : `${ageWords(months)} old`;
  return `${PROGRAM_LABELS[program as Program]} is for children ${band.ages}; your child will be ${age} on the desired start date. You can still apply, and we will talk about the best program when we call.`;
}
