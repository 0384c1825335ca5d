/** The time source, injected so tests can move time (session expiry, "today" on the events page). */
export interface Clock {
  now(): Date;
  /** Waits `ms` (the login slow-down). A fake clock moves forward instead, so tests never wait. */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date() };

/** Today's calendar date in the centre's time zone (Columbus, Ohio), as `YYYY-MM-DD`. */
export function centreToday(clock: Clock): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(clock.now());
}
