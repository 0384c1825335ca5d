/**
 * Staff-to-child ratio tables, one per licensing state, as data (ADR 090): the centre's profile names its state
 * (`licensingState`) and the server's day view, the clock-out check and the monthly report read that state's table
 * through `ratioTableFor`. A state without a table here has no ratio check at all, and the Attendance tab says so,
 * rather than applying another state's numbers. Ohio's table ships; another state's is one more entry of
 * RATIO_TABLES, with its source cited beside it.
 *
 * Ohio's source: Ohio Administrative Code 5101:2-12-18 "Staff/child ratios and group size requirements for child care
 * centers", Appendix A (single age group ratios):
 *   infants under 12 months 1:5; 12 to under 18 months 1:6; 18 to under 30 months 1:7;
 *   30 to under 36 months 1:8; three years 1:12; four and five years (not school age) 1:14; school age 1:18.
 * A range's lower bound belongs to it ("12–18 months" starts on the day the child turns 12 months).
 * The rule applied in a room of mixed ages is the one the centre
 * follows (tests/unit/ratios.test.ts): the youngest present child's ratio for
 * every child present. School age is taken as six years and older: the record does not say who is in kindergarten.
 */
export interface RatioBand {
  id: string;
  /** The band's first month of age (inclusive); it lasts until the next band's. */
  fromMonths: number;
  /** Children per staff member. */
  children: number;
  label: string;
}

export const OHIO_RATIOS: readonly RatioBand[] = [
  { id: 'infant', fromMonths: 0, children: 5, label: 'under 12 months' },
  { id: 'young_toddler', fromMonths: 12, children: 6, label: '12 to 18 months' },
  { id: 'older_toddler', fromMonths: 18, children: 7, label: '18 to 30 months' },
  { id: 'older_toddler_30', fromMonths: 30, children: 8, label: '30 to 36 months' },
  { id: 'preschool_3', fromMonths: 36, children: 12, label: '3 years' },
  { id: 'preschool_4_5', fromMonths: 48, children: 14, label: '4 and 5 years' },
  { id: 'school_age', fromMonths: 72, children: 18, label: 'school age' },
];

export interface RatioTable {
  /** Two-letter state the table is the law of. */
  state: string;
  /** The regulation the numbers are taken from. */
  source: string;
  bands: readonly RatioBand[];
}

/** The tables this product knows, by two-letter state. */
export const RATIO_TABLES: Readonly<Record<string, RatioTable>> = {
  OH: {
    state: 'OH',
    source: 'Ohio Administrative Code 5101:2-12-18, Appendix A',
    bands: OHIO_RATIOS,
  },
};

/** The ratio table of a licensing state, or null when this product has none for it (no ratio is checked then). */
export function ratioTableFor(state: string): RatioTable | null {
  return Object.hasOwn(RATIO_TABLES, state) ? RATIO_TABLES[state]! : null;
}

/** Whole months from the date of birth to `onDate` (both `YYYY-MM-DD`), as a birthday counts them. */
export function ageInMonths(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  let months = (y - by) * 12 + (m - bm);
  // Not yet the day of the month: the month is not complete. A child born on the 31st completes a month on the
  // last day of a shorter month.
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d < Math.min(bd, lastDay)) months -= 1;
  return Math.max(0, months);
}

/** The band of `table` (Ohio's by default) of a child of this age in months. */
export function ratioBandFor(months: number, table: readonly RatioBand[] = OHIO_RATIOS): RatioBand {
  let band = table[0]!;
  for (const b of table) if (months >= b.fromMonths) band = b;
  return band;
}

/** Children per staff member for a child of this age. */
export function childrenPerStaff(months: number, table: readonly RatioBand[] = OHIO_RATIOS): number {
  return ratioBandFor(months, table).children;
}

/**
 * Staff a room needs for the children present (their ages in months): the youngest present child's ratio
 * applies to all of them. No child, no staff required.
 */
export function staffRequired(agesInMonths: readonly number[], table: readonly RatioBand[]): number {
  if (agesInMonths.length === 0) return 0;
  const youngest = Math.min(...agesInMonths);
  return Math.ceil(agesInMonths.length / childrenPerStaff(youngest, table));
}
