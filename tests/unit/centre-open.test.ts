import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTRE_PROFILE } from '../../src/shared/centre';
import { centreOpenAt } from '../../src/shared/centre-clock';

const hours = DEFAULT_CENTRE_PROFILE.hours;

describe('centreOpenAt: the centre by its opening hours, in Columbus time', () => {
  it('is open on a weekday from 7:30 AM until 5:30 PM, whatever the reader’s own zone', () => {
    expect(centreOpenAt(new Date('2026-11-25T15:00:00Z'), hours)).toBe(true); // Wednesday 10:00 AM EST
    expect(centreOpenAt(new Date('2026-11-25T12:30:00Z'), hours)).toBe(true); // 7:30 AM
    expect(centreOpenAt(new Date('2026-11-25T12:29:00Z'), hours)).toBe(false); // 7:29 AM
    expect(centreOpenAt(new Date('2026-11-25T22:29:00Z'), hours)).toBe(true); // 5:29 PM
    expect(centreOpenAt(new Date('2026-11-25T22:30:00Z'), hours)).toBe(false); // 5:30 PM
    expect(centreOpenAt(new Date('2026-07-15T11:30:00Z'), hours)).toBe(true); // 7:30 AM EDT in summer
  });

  it('is closed at night and at the weekend', () => {
    expect(centreOpenAt(new Date('2026-11-28T04:00:00Z'), hours)).toBe(false); // Friday 11 PM in Columbus, Saturday in UTC
    expect(centreOpenAt(new Date('2026-11-28T17:00:00Z'), hours)).toBe(false); // Saturday noon
    expect(centreOpenAt(new Date('2026-11-29T17:00:00Z'), hours)).toBe(false); // Sunday noon
  });
});
