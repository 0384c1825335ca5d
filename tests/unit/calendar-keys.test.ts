import { describe, expect, it } from 'vitest';
import { dayForKey, moveDay } from '../../src/client/components/events/calendar-keys';
import { eventsSearch, milestonesSearch, searchString, validDay } from '../../src/shared/page-search';

describe("the calendar's keys (components/events/calendar-keys.ts)", () => {
  it('moves by days and weeks across months and years, and to the week ends (Sunday to Saturday)', () => {
    expect(dayForKey('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(dayForKey('2026-01-01', 'ArrowLeft')).toBe('2025-12-31');
    expect(dayForKey('2026-11-28', 'ArrowDown')).toBe('2026-12-05');
    expect(dayForKey('2026-03-03', 'ArrowUp')).toBe('2026-02-24');
    // 25 November 2026 is a Wednesday.
    expect(dayForKey('2026-11-25', 'Home')).toBe('2026-11-22');
    expect(dayForKey('2026-11-25', 'End')).toBe('2026-11-28');
    expect(dayForKey('2026-11-25', 'Enter')).toBeNull();
  });

  it('Page Up and Down keep the day of the month, or the month’s last day when it has fewer', () => {
    expect(dayForKey('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(dayForKey('2028-03-31', 'PageUp')).toBe('2028-02-29');
    expect(dayForKey('2026-12-15', 'PageDown')).toBe('2027-01-15');
    expect(moveDay('2026-05-31', { months: 1 })).toBe('2026-06-30');
  });
});

describe("the public pages' addresses (shared/page-search.ts)", () => {
  it('keeps only days that exist, in range, written in full', () => {
    expect(validDay('2028-02-29')).toBe('2028-02-29');
    for (const bad of [
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-1-01',
      '1999-12-31',
      '2100-01-01',
      ' 2026-01-01',
      20260101,
      ['2026-01-01'],
    ])
      expect(validDay(bad), String(bad)).toBeUndefined();
  });

  it('drops what is not valid, and writes what is in a fixed order', () => {
    expect(eventsSearch({ month: '2026-12', date: '2026-11-03', utm: 'x' })).toEqual({ date: '2026-11-03', month: '2026-12' });
    expect(eventsSearch({ date: '2026-11-31', month: '2026-00' })).toEqual({});
    expect(milestonesSearch({ age: 'all', category: 'Language', tab: 'milestones' })).toEqual({});
    expect(searchString(milestonesSearch({ tab: 'recent', category: 'social', age: '1-2years' }))).toBe(
      'age=1-2years&category=social&tab=recent',
    );
  });
});
