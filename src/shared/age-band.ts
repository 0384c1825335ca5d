import type { AgeRange } from './constants';

/**
 * Whole months lived between `dateOfBirth` and `today` (both `YYYY-MM-DD`), as people count a baby's age: a
 * month is complete on the day of the month the child was born, or on the last day of a shorter month (a
 * child born on 31 January is one month old on 28 February, or 29 in a leap year).
 */
export function wholeMonthsBetween(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let months = (ty - by) * 12 + (tm - bm);
  const lastDayOfThisMonth = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const monthlyBirthday = Math.min(bd, lastDayOfThisMonth);
  if (td < monthlyBirthday) months--;
  return Math.max(0, months);
}

/**
 * The milestone age band of docs/product.md §4: up to 6 whole months is 0-6months, up to 12 is 6-12months, up to 24
 * is 1-2years, up to 48 is 3-4years, older is 4-5years ("up to" includes the bound).
 */
export function ageBand(dateOfBirth: string, today: string): AgeRange {
  const months = wholeMonthsBetween(dateOfBirth, today);
  if (months <= 6) return '0-6months';
  if (months <= 12) return '6-12months';
  if (months <= 24) return '1-2years';
  if (months <= 48) return '3-4years';
  return '4-5years';
}
