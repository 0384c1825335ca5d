/**
 * Orderings for the pages' lists that do not use the browser's collation (ICU). The first `localeCompare` or
 * `Intl.Collator` of a page makes the browser load ICU's collation data: on `/milestones` that was 18 ms of a
 * desktop's CPU inside the hydration of the page (four times that on Lighthouse's phone), to sort a few dozen
 * English names. The server and the browser order alike with these, so a server-rendered page hydrates unchanged.
 */

/** By UTF-16 code units, as `<` compares: exact for the ISO dates (2026-11-24) and 24-hour times (09:30) stored. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Names as an English reader orders them, capitals or not ('apple' before 'Banana'); then exactly, so ties are stable. */
export function compareNames(a: string, b: string): number {
  return compareCodeUnits(a.toLowerCase(), b.toLowerCase()) || compareCodeUnits(a, b);
}
