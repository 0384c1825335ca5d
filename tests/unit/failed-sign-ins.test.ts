import { describe, expect, it } from 'vitest';
import {
  createFailedSignIns,
  failedStaffSignIn as failed,
  HourlyTally,
  LISTED_PER_HOUR,
  UNKNOWN_HOURS,
} from '../../src/server/auth/failed-sign-ins';

const HOUR = 60 * 60 * 1000;

describe('failed sign-ins for e-mails with no account are counted by the hour, for a day', () => {
  it('counts the last day only, and hands back an hour when it ends', () => {
    const tally = new HourlyTally();
    const start = 1_000 * HOUR;
    expect(tally.add(start)).toBeNull();
    expect(tally.add(start + 1)).toBeNull();
    expect(tally.add(start + HOUR)).toEqual({ hour: 1_000, count: 2 });
    expect(tally.total(start + HOUR)).toBe(3);
    // Two days of a failure every ten minutes: only the last day's are counted.
    for (let t = start + 2 * HOUR; t < start + 50 * HOUR; t += 10 * 60 * 1000) tally.add(t);
    expect(tally.total(start + 50 * HOUR - 1)).toBe(UNKNOWN_HOURS * 6);
    expect(tally.total(start + 100 * HOUR)).toBe(0);
  });

  it('a real account gets its rows; an unknown e-mail never does', () => {
    const state = createFailedSignIns();
    const now = new Date('2026-11-28T10:00:00Z');
    for (let i = 0; i < LISTED_PER_HOUR; i++) expect(failed(state, 'id-1', now)).toEqual({});
    expect(failed(state, 'id-1', now)).toBeNull();
    expect(failed(state, null, now)).toBeNull();
  });
});
