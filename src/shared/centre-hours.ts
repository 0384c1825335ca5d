import { type CentreProgram, type DayHours, type Weekday, WEEKDAYS } from './centre-profile';
import type { SiteKey } from './i18n/en';

/**
 * The centre's opening hours and its programs' ages as the home page writes them, from the profile (ADR 090) in the
 * page's words: the shipped centre reads "Monday - Friday: 7:30 AM - 5:30 PM" and "6 weeks to 18 months", word for
 * word as before. `text` is the page's own formatter (the site catalogue, in its language).
 */
type Text = (key: SiteKey, values?: Record<string, string | number>) => string;

/** `17:30` as `5:30 PM` (`5:30 p. m.` in Spanish). */
function clockTime(time: string, text: Text): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const shown = `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`;
  return text(hours < 12 ? 'site.timeAm' : 'site.timePm', { time: shown });
}

/** Consecutive days open the same hours, as one line each: "Monday - Friday: 7:30 AM - 5:30 PM; Saturday: ...". */
export function openingHoursText(hours: Record<Weekday, DayHours | null>, text: Text): string {
  const runs: { first: Weekday; last: Weekday; hours: DayHours }[] = [];
  let openBefore = false;
  for (const day of WEEKDAYS) {
    const today = hours[day];
    const run = runs.at(-1);
    if (today && openBefore && run && run.hours.opens === today.opens && run.hours.closes === today.closes) run.last = day;
    else if (today) runs.push({ first: day, last: day, hours: today });
    openBefore = today !== null;
  }
  if (runs.length === 0) return text('site.hoursNone');
  const line = runs
    .map(({ first, last, hours: h }) =>
      text('site.hours', {
        days:
          first === last
            ? text(`site.day.${first}`)
            : text('site.hoursDays', { first: text(`site.day.${first}`), last: text(`site.day.${last}`) }),
        opens: clockTime(h.opens, text),
        closes: clockTime(h.closes, text),
      }),
    )
    .join('; ');
  // Spanish names its days in lower case: the line starts with a capital.
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** A program that takes children from birth takes them from this age: the centre's youngest (6 weeks). */
const YOUNGEST_WEEKS = 6;

/** A program's ages: months under two years, whole years from two ("6 weeks to 18 months", "4 to 5 years"). */
export function programAgesText(program: Pick<CentreProgram, 'fromMonths' | 'toMonths'>, text: Text): string {
  const inYears = (months: number) => months >= 24;
  const { fromMonths, toMonths } = program;
  if (inYears(fromMonths) && inYears(toMonths))
    return text('home.programs.agesYears', { from: Math.floor(fromMonths / 12), to: Math.floor(toMonths / 12) });
  const age = (months: number) =>
    months === 0
      ? text('home.programs.weeks', { count: YOUNGEST_WEEKS })
      : inYears(months)
        ? text('home.programs.years', { count: Math.floor(months / 12) })
        : text('home.programs.months', { count: months });
  return text('home.programs.ages', { from: age(fromMonths), to: age(toMonths) });
}
