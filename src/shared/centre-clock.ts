import { CENTRE_TIME_ZONE } from './centre-time';
import { centre } from './centre';

/**
 * A moment as the centre's wall clock shows it ("7:42 AM"), for attendance: what parents and staff read, in
 * Columbus time whatever the reader's own zone. Made on first use (a formatter costs time to make).
 */
let timeFormat: Intl.DateTimeFormat | undefined;
let clock24: Intl.DateTimeFormat | undefined;

export function centreTimeOf(moment: Date): string {
  timeFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: CENTRE_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
  return timeFormat.format(moment).replace(/\u202f/g, ' ');
}

/** `HH:MM` on a 24-hour clock in the centre (the CSV report and the sign-in sheet). */
export function centreClock24(moment: Date): string {
  clock24 ??= new Intl.DateTimeFormat('en-GB', { timeZone: CENTRE_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return clock24.format(moment);
}

let dayAndClock: Intl.DateTimeFormat | undefined;

/**
 * Whether the centre is open at `moment` by its opening hours (centre.openingHours, Columbus time): a parent is told
 * their child has not arrived yet only then, never at night or at the weekend.
 */
export function centreOpenAt(moment: Date): boolean {
  dayAndClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CENTRE_TIME_ZONE,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(dayAndClock.formatToParts(moment).map((p) => [p.type, p.value]));
  const clock = `${parts.hour}:${parts.minute}`;
  const { days, opens, closes } = centre.openingHours;
  return (days as readonly string[]).includes(parts.weekday ?? '') && clock >= opens && clock < closes;
}
