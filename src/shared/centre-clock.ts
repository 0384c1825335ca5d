import { CENTRE_TIME_ZONE } from './centre-time';

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
