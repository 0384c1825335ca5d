import { describe, expect, it } from 'vitest';
import { ageBand, wholeMonthsBetween } from '../../src/shared/age-band';
import { centreMidnight, centreRange, weekOf } from '../../src/shared/centre-time';

describe('the child age band of docs/product.md §4 (whole calendar months)', () => {
  it.each([
    ['2026-01-15', '2026-07-14', 5, '0-6months'],
    ['2026-01-15', '2026-07-15', 6, '0-6months'],
    ['2026-01-15', '2026-08-14', 6, '0-6months'],
    ['2026-01-15', '2026-08-15', 7, '6-12months'],
    ['2025-01-15', '2026-01-15', 12, '6-12months'],
    ['2025-01-15', '2026-02-14', 12, '6-12months'],
    ['2025-01-15', '2026-02-15', 13, '1-2years'],
    ['2024-01-15', '2026-01-15', 24, '1-2years'],
    ['2024-01-15', '2026-02-15', 25, '3-4years'],
    ['2022-01-15', '2026-01-15', 48, '3-4years'],
    ['2022-01-15', '2026-02-14', 48, '3-4years'],
    ['2022-01-15', '2026-02-15', 49, '4-5years'],
    ['2026-11-21', '2026-11-21', 0, '0-6months'],
  ])('born %s, on %s: %i months, %s', (dob, today, months, band) => {
    expect(wholeMonthsBetween(dob, today)).toBe(months);
    expect(ageBand(dob, today)).toBe(band);
  });

  it('a birthday on the 31st: the month is complete on the last day of a shorter month', () => {
    expect(wholeMonthsBetween('2026-01-31', '2026-02-27')).toBe(0);
    expect(wholeMonthsBetween('2026-01-31', '2026-02-28')).toBe(1);
    expect(wholeMonthsBetween('2024-01-31', '2024-02-29')).toBe(1); // leap year
    expect(wholeMonthsBetween('2026-01-31', '2026-04-29')).toBe(2);
    expect(wholeMonthsBetween('2026-01-31', '2026-04-30')).toBe(3);
    expect(wholeMonthsBetween('2026-01-31', '2026-07-30')).toBe(5);
    expect(wholeMonthsBetween('2026-01-31', '2026-07-31')).toBe(6);
    expect(ageBand('2026-01-31', '2026-08-30')).toBe('0-6months');
    expect(ageBand('2026-01-31', '2026-08-31')).toBe('6-12months');
    expect(ageBand('2025-08-31', '2026-02-28')).toBe('0-6months'); // 6 months on the last day of February
    expect(ageBand('2025-08-31', '2026-03-30')).toBe('0-6months');
    expect(ageBand('2025-08-31', '2026-03-31')).toBe('6-12months');
  });
});

describe('centre weeks', () => {
  it('run Sunday to Saturday', () => {
    expect(weekOf('2026-11-21')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(weekOf('2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(weekOf('2026-11-15')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
    expect(weekOf('2027-01-01')).toEqual({ start: '2026-12-27', end: '2027-01-02' });
  });

  it('begin at midnight in Columbus, daylight saving time included', () => {
    expect(centreMidnight('2026-11-22').toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(centreMidnight('2026-07-12').toISOString()).toBe('2026-07-12T04:00:00.000Z');
    // The days the clocks change.
    expect(centreMidnight('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(centreMidnight('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(centreMidnight('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(centreMidnight('2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(centreRange('2026-11-15', '2026-11-21')).toEqual({
      from: new Date('2026-11-15T05:00:00Z'),
      to: new Date('2026-11-22T05:00:00Z'),
    });
  });
});
