import { staffText } from '~/client/components/admin/staff-words';
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
 * claims more is on screen than is. The item's name: its singular and plural, or a catalogue plural of the count.
 */
export function countLine({ shown, total, loaded }: ListCount, words: [string, string] | ((n: number) => string)): string {
  const noun = typeof words === 'function' ? words : (n: number) => (n === 1 ? words[0] : words[1]);
  if (loaded === undefined || loaded >= shown) return staffText('staff.list.count', { shown, total, noun: noun(total) });
  if (shown < total) return staffText('staff.list.countLoadedOfAll', { loaded, shown, total, noun: noun(shown) });
  return staffText('staff.list.countLoaded', { loaded, shown, noun: noun(shown) });
}
