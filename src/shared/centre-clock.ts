import type { CentreProfile } from './centre-profile';
import { centreOffsetAt, zoned } from './centre-time';

/**
 * A moment as the centre's wall clock shows it ("7:42 AM"), for attendance: what parents and staff read, in
 * the centre's time whatever the reader's own zone. Made on first use (a formatter costs time to make).
 */
const timeFormat = zoned((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }));
const clock24 = zoned((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));

export function centreTimeOf(moment: Date): string {
  return timeFormat()
    .format(moment)
    .replace(/\u202f/g, ' ');
}

/** `HH:MM` on a 24-hour clock in the centre (the CSV report and the sign-in sheet). */
export function centreClock24(moment: Date): string {
  return clock24().format(moment);
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * Whether the centre is open at `moment` by its opening hours (the profile's, on the centre's clock): a parent is
 * told their child has not arrived yet only then, never at night or at the weekend. `offset`: the centre's clock's
 * lead on UTC at that moment in ms, when the caller has it (a page's state, lib/centre-today.ts): no time-zone
 * formatter is then made, whose first costs a slow phone's CPU more than hydrating the dashboard (ADR 076, ADR 117).
 */
export function centreOpenAt(moment: Date, hours: CentreProfile['hours'], offset = centreOffsetAt(moment)): boolean {
  const wall = new Date(moment.getTime() + offset);
  const day = hours[WEEKDAYS[wall.getUTCDay()]!];
  const clock = `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
  return Boolean(day) && clock >= day!.opens && clock < day!.closes;
}
