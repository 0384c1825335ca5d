import { describe, expect, it } from 'vitest';
import { discountCents, isMonday, monthPeriod, prorateCents, weekPeriod, weekdaysBetween } from '../../src/shared/billing/proration';

/** The rule of ADR 100 at its boundaries: weekdays enrolled over weekdays billable, half up, whole when enrolled throughout. */
describe('tuition proration', () => {
  it('counts the weekdays of a month, February included', () => {
    expect(weekdaysBetween('2026-11-01', '2026-11-30')).toBe(21);
    expect(weekdaysBetween('2026-02-01', '2026-02-28')).toBe(20);
    expect(weekdaysBetween('2028-02-01', '2028-02-29')).toBe(21);
    expect(monthPeriod('2028-02')).toEqual({ kind: 'monthly', start: '2028-02-01', end: '2028-02-29' });
    expect(weekdaysBetween('2026-11-30', '2026-11-01')).toBe(0);
  });

  it('bills the whole amount for a whole period and nothing when no weekday is enrolled', () => {
    const nov = monthPeriod('2026-11');
    expect(prorateCents(108000, nov, '2025-09-01', null)).toBe(108000);
    expect(prorateCents(108000, nov, '2026-11-01', '2026-11-30')).toBe(108000);
    // Starting on the 31st of a month that has one: March 31st 2026 is a Tuesday, the one weekday of 22.
    expect(prorateCents(108000, monthPeriod('2026-03'), '2026-03-31', null)).toBe(4909);
    // Starting on the 31st of January 2026, a Saturday: no weekday left in the month.
    expect(prorateCents(108000, monthPeriod('2026-01'), '2026-01-31', null)).toBe(0);
    expect(prorateCents(108000, nov, '2026-12-01', null)).toBe(0);
  });

  it('prorates a start and a leave in February, half up', () => {
    const feb = monthPeriod('2026-02');
    // Feb 16 to 28 2026: 10 of 20 weekdays.
    expect(prorateCents(108001, feb, '2026-02-16', null)).toBe(54001);
    // 9 of 21 weekdays of November 2026: 46285.71… cents.
    expect(prorateCents(108000, monthPeriod('2026-11'), '2026-11-18', null)).toBe(46286);
    // Leaving on Feb 27th 2028 (a Sunday) in a leap February: 19 of 21 weekdays.
    expect(prorateCents(100000, monthPeriod('2028-02'), '2028-01-01', '2028-02-27')).toBe(90476);
  });

  it('prorates a weekly plan for a child who leaves mid-week', () => {
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-24')).toBe(false);
    const week = weekPeriod('2026-11-23');
    expect(week).toEqual({ kind: 'weekly', start: '2026-11-23', end: '2026-11-29' });
    // Leaves on Wednesday: 3 of 5 weekdays.
    expect(prorateCents(25000, week, '2026-01-05', '2026-11-25')).toBe(15000);
    // Leaves on Friday: the whole week.
    expect(prorateCents(25000, week, '2026-01-05', '2026-11-27')).toBe(25000);
    // Starts on Thursday: 2 of 5, 33.33 → 3333 half up from 3333.2.
    expect(prorateCents(8333, week, '2026-11-26', null)).toBe(3333);
  });

  it('takes a discount as a whole percent of the line, half up', () => {
    expect(discountCents(108000, 10)).toBe(10800);
    expect(discountCents(46286, 10)).toBe(4629);
    expect(discountCents(46285, 10)).toBe(4629);
    expect(discountCents(46284, 10)).toBe(4628);
    expect(discountCents(12345, 100)).toBe(12345);
    expect(discountCents(12345, 0)).toBe(0);
  });
});
