import { AGE_RANGES, type AgeRange, MILESTONE_CATEGORIES, type MilestoneCategory } from './constants';

/**
 * What the public pages' addresses may say (ADR 018): the day and month `/events` shows, the filters and tab of
 * `/milestones`. The same functions validate the address for the route in the browser and for the server that
 * renders the page, so a link works the same with or without scripts. Anything else (a day that does not exist,
 * an unknown filter, a number where a date belongs) is left out: the page shows its default for that part.
 */

/** Calendar days from this year to this year (inclusive) are accepted: enough for any centre's calendar. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `YYYY-MM-DD` of a day that exists (no 30 February), or undefined. */
export function validDay(value: unknown): string | undefined {
  const s = text(value);
  const m = s === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? s : undefined;
}

/** `YYYY-MM` of a month in range, or undefined. */
export function validMonth(value: unknown): string | undefined {
  const s = text(value);
  const m = s === undefined ? null : /^(\d{4})-(\d{2})$/.exec(s);
  if (!m) return undefined;
  const [year, month] = [Number(m[1]), Number(m[2])];
  return year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12 ? s : undefined;
}

/** `/events?date=YYYY-MM-DD&month=YYYY-MM`: the day selected (default today) and the month shown (default the day's). */
export type EventsSearch = {
  date?: string;
  month?: string;
};

export function eventsSearch(raw: Record<string, unknown>): EventsSearch {
  const date = validDay(raw.date);
  const month = validMonth(raw.month);
  return { ...(date && { date }), ...(month && { month }) };
}

/** The tabs of `/milestones` as the address names them; the first (Available Milestones) is the default, never written. */
export const MILESTONE_TABS = ['milestones', 'achievements', 'recent'] as const;
export type MilestoneTab = (typeof MILESTONE_TABS)[number];

/** `/milestones?age=…&category=…&tab=…`: no `age` or `category` is all of them; no `tab` is the first. */
export type MilestonesSearch = {
  age?: AgeRange;
  category?: MilestoneCategory;
  tab?: Exclude<MilestoneTab, 'milestones'>;
};

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

export function milestonesSearch(raw: Record<string, unknown>): MilestonesSearch {
  const age = oneOf(AGE_RANGES, raw.age);
  const category = oneOf(MILESTONE_CATEGORIES, raw.category);
  const tab = oneOf(['achievements', 'recent'] as const, raw.tab);
  return { ...(age && { age }), ...(category && { category }), ...(tab && { tab }) };
}

/**
 * The pages whose render depends on their address, each with its validation. The server renders such a page from
 * the validated search only (`searchString`), so two addresses that mean the same page are rendered alike.
 */
export const PAGE_SEARCH: Readonly<Record<string, (raw: Record<string, unknown>) => Record<string, string | undefined>>> = {
  '/events': eventsSearch,
  '/milestones': milestonesSearch,
  '/es/events': eventsSearch,
  '/es/milestones': milestonesSearch,
};

/** A validated search as a query string, its keys in a fixed order ('' when it is the page's default). */
export function searchString(search: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(search).sort()) {
    const value = search[key];
    if (value !== undefined) params.set(key, value);
  }
  return params.toString();
}
