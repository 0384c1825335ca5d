import { centreDateOf } from '../shared/centre-time';

/** The time source, injected so tests can move time (session expiry, "today" on the events page). */
export interface Clock {
  now(): Date;
  /** Waits `ms` (the login slow-down). A fake clock moves forward instead, so tests never wait. */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date() };

/** Today's calendar date in the centre's time zone (Columbus, Ohio), as `YYYY-MM-DD`. */
export function centreToday(clock: Clock): string {
  return centreDateOf(clock.now());
}
