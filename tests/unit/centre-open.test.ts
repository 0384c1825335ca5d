import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTRE_PROFILE } from '../../src/shared/centre';
import { centreOpenAt } from '../../src/shared/centre-clock';
import { centreOffsetAt } from '../../src/shared/centre-time';

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

  it("reads the centre's clock from its offset as a time-zone formatter reads it, every quarter hour of three weeks", () => {
    const clock = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const byFormatter = (moment: Date) => {
      const p = Object.fromEntries(clock.formatToParts(moment).map((x) => [x.type, x.value]));
      const day = hours[p.weekday!.toLowerCase() as keyof typeof hours];
      const time = `${p.hour}:${p.minute}`;
      return Boolean(day) && time >= day!.opens && time < day!.closes;
    };
    // A winter week, a summer week and the week the clocks go forward (8 March 2026).
    for (const start of ['2026-11-22T00:00:00Z', '2026-07-12T00:00:00Z', '2026-03-07T00:00:00Z']) {
      for (let i = 0; i < 4 * 24 * 8; i++) {
        const moment = new Date(Date.parse(start) + i * 15 * 60_000);
        expect(centreOpenAt(moment, hours, centreOffsetAt(moment)), moment.toISOString()).toBe(byFormatter(moment));
      }
    }
    // The offset a page was rendered with: 7:29 and 7:30 AM on a Wednesday in Columbus (UTC-5 in November).
    expect(centreOpenAt(new Date('2026-11-25T12:29:00Z'), hours, -5 * 3_600_000)).toBe(false);
    expect(centreOpenAt(new Date('2026-11-25T12:30:00Z'), hours, -5 * 3_600_000)).toBe(true);
  });
});
