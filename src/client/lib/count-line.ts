/** A list's figures for the line under its title. */
export interface ListCount {
  /** How many items the filters let through. */
  shown: number;
  /** How many there are in all. */
  total: number;
  /** For a list read a page at a time: how many of the `shown` ones are on screen so far. */
  loaded?: number;
}

/**
 * "3 of 5 applications"; while a paged list is only partly loaded, "Showing 20 of 45 applications" (and the
 * whole count when the filters hide some: "Showing 20 of 30 applications (45 in all)"), never a figure that
 * claims more is on screen than is.
 */
export function countLine({ shown, total, loaded }: ListCount, [one, many]: [string, string]): string {
  const noun = (n: number) => (n === 1 ? one : many);
  if (loaded === undefined || loaded >= shown) return `${shown} of ${total} ${noun(total)}`;
  return `Showing ${loaded} of ${shown} ${noun(shown)}${shown < total ? ` (${total} in all)` : ''}`;
}
