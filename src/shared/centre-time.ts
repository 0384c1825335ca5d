/**
 * Calendar arithmetic in the centre's time zone (the profile's `timeZone`, ADR 090). Activities carry a calendar
 * date; notes carry a moment. A "week" is Sunday to Saturday as the centre's wall clock reads it, so a note written
 * at 23:59 on Saturday evening at the centre belongs to that week even though it is already Sunday in UTC.
 *
 * The zone is set from the profile: on the server by src/server/centre/profile.ts when it reads or writes the
 * profile, in the browser from the page's data (`setCentreTimeZone`). Until then it is the default profile's.
 */
export const DEFAULT_CENTRE_TIME_ZONE = 'America/New_York';

let zone: string = DEFAULT_CENTRE_TIME_ZONE;

/** The centre's IANA time zone now. */
export function centreTimeZone(): string {
  return zone;
}

/** Sets the centre's time zone (the profile's); every formatter made for the old one is made again. */
export function setCentreTimeZone(next: string): void {
  if (next === zone) return;
  zone = next;
  lastMinute = Number.NaN;
}

/**
 * A value made for the centre's time zone (a formatter), made on first use and again after the zone changes:
 * `const fmt = zoned((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone }))`, then `fmt().format(d)`.
 */
export function zoned<T>(make: (timeZone: string) => T): () => T {
  let made: T | undefined;
  let madeFor = '';
  return () => {
    if (made === undefined || madeFor !== zone) {
      made = make(zone);
      madeFor = zone;
    }
    return made;
  };
}

// Made on first use, not when the module loads: a formatter for a time zone costs tens of milliseconds to make
// on a phone (measured: ~90 ms for these two with Lighthouse's 4x slower CPU), and most pages need one or none.
const dayFormatter = zoned((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
const partsFormatter = zoned(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** The centre's calendar date (`YYYY-MM-DD`) at a moment. */
export function centreDateOf(moment: Date): string {
  // The date can only change on a whole minute (time-zone offsets are whole minutes): formatted once a minute.
  const minute = Math.floor(moment.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastMinute = minute;
    lastDate = dayFormatter().format(moment);
  }
  return lastDate;
}
let lastMinute = Number.NaN;
let lastDate = '';

/** `YYYY-MM-DD` plus `days` (negative allowed), by the calendar. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Sunday and Saturday of the week that holds `isoDate`. */
export function weekOf(isoDate: string): { start: string; end: string } {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const start = addDays(isoDate, -weekday);
  return { start, end: addDays(start, 6) };
}

/** How far the centre's wall clock is ahead of UTC at `moment`, in ms (negative in the Americas). */
export function centreOffsetAt(moment: Date): number {
  const p = Object.fromEntries(
    partsFormatter()
      .formatToParts(moment)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(moment.getTime() / 1000) * 1000;
}

/** The moment midnight begins `isoDate` in the centre (daylight saving time included). */
export function centreMidnight(isoDate: string): Date {
  const naive = new Date(`${isoDate}T00:00:00Z`).getTime();
  let guess = naive - centreOffsetAt(new Date(naive));
  // Near a DST change the offset at the first guess can differ from the offset at the answer.
  guess = naive - centreOffsetAt(new Date(guess));
  return new Date(guess);
}

/** The moments [from, to) that the calendar dates start..end (inclusive) cover in the centre. */
export function centreRange(start: string, end: string): { from: Date; to: Date } {
  return { from: centreMidnight(start), to: centreMidnight(addDays(end, 1)) };
}

/** The moment the centre's wall clock reads `time` (HH:MM, 24-hour) on `isoDate`: a time typed on a staff form. */
export function centreMoment(isoDate: string, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const naive = Date.parse(`${isoDate}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
  let guess = naive - centreOffsetAt(new Date(naive));
  guess = naive - centreOffsetAt(new Date(guess));
  return new Date(guess);
}

/** The centre's wall-clock time (HH:MM, 24-hour) at a moment: what a time field shows. */
export function centreTimeOf(moment: Date): string {
  const p = Object.fromEntries(
    partsFormatter()
      .formatToParts(moment)
      .map((x) => [x.type, x.value]),
  );
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}
