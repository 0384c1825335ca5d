import type { CentreProfile } from './centre-profile';
import { zoned } from './centre-time';

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

const dayAndClock = zoned(
  (timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

/**
 * Whether the centre is open at `moment` by its opening hours (the profile's, on the centre's clock): a parent is
 * told their child has not arrived yet only then, never at night or at the weekend.
 */
export function centreOpenAt(moment: Date, hours: CentreProfile['hours']): boolean {
  const parts = Object.fromEntries(
    dayAndClock()
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  const clock = `${parts.hour}:${parts.minute}`;
  const day = hours[(parts.weekday ?? '').toLowerCase() as keyof CentreProfile['hours']];
  return Boolean(day) && clock >= day!.opens && clock < day!.closes;
}
