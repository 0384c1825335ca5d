/**
 * The incident report's deadlines (src/shared/licensing-notice.ts) at every boundary: the licensing notice's 24 hours,
 * 48 when the 24 end on a Saturday, a Sunday or an Ohio state holiday (observed days included); the parent's copy due
 * the same centre day; and the holidays computed per year.
 */
import { describe, expect, it } from 'vitest';
import {
  acknowledgementStatus,
  isDayOff,
  licensingDeadline,
  licensingNoticeStatus,
  needsLicensingNotice,
  ohioHolidays,
} from '../../src/shared/licensing-notice';

const at = (s: string) => new Date(s);
const HOUR = 3_600_000;

describe('Ohio state holidays, computed per year', () => {
  it('2026: the Monday holidays, Thanksgiving and the fixed days, with 4 July observed on Friday 3 July', () => {
    const days = ohioHolidays(2026);
    for (const d of [
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-07-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ])
      expect(days.has(d), d).toBe(true);
    expect(days.size).toBe(12);
    expect(days.has('2026-11-25')).toBe(false);
    expect(days.has('2026-11-27')).toBe(false);
  });

  it('2027: Christmas on a Saturday is observed on Friday 24 December, and New Year 2028 (a Saturday) on 31 December', () => {
    const days = ohioHolidays(2027);
    expect(days.has('2027-12-24')).toBe(true);
    expect(days.has('2027-12-31')).toBe(true);
    // Juneteenth 2027 is a Saturday (observed Friday 18), 4 July a Sunday (observed Monday 5).
    expect(days.has('2027-06-18')).toBe(true);
    expect(days.has('2027-07-05')).toBe(true);
    // Memorial Day is the last Monday of May: 31 May 2027.
    expect(days.has('2027-05-31')).toBe(true);
    expect(days.has('2027-05-24')).toBe(false);
  });

  it('a day off is a Saturday, a Sunday or a holiday; an ordinary weekday is not', () => {
    expect(isDayOff('2026-11-21')).toBe(true); // Saturday
    expect(isDayOff('2026-11-22')).toBe(true); // Sunday
    expect(isDayOff('2026-11-26')).toBe(true); // Thanksgiving
    expect(isDayOff('2026-11-23')).toBe(false);
    expect(isDayOff('2026-11-27')).toBe(false); // the Friday after Thanksgiving is not a state holiday
  });
});

describe('the licensing notice deadline', () => {
  it('is 24 hours on a weekday: Tuesday 10:00 to Wednesday 10:00', () => {
    const t = at('2026-11-17T15:00:00Z'); // Tuesday 10:00 in Columbus
    expect(licensingDeadline(t)).toEqual(new Date(t.getTime() + 24 * HOUR));
  });

  it('Thursday 23:59 ends its 24 hours on Friday (24 h); Friday 00:00 ends them on Saturday (48 h)', () => {
    const thursday = at('2026-11-20T04:59:00Z'); // Thursday 19 November, 23:59 EST
    expect(licensingDeadline(thursday)).toEqual(new Date(thursday.getTime() + 24 * HOUR));
    const friday = at('2026-11-20T05:00:00Z'); // Friday 20 November, 00:00 EST
    expect(licensingDeadline(friday)).toEqual(new Date(friday.getTime() + 48 * HOUR));
  });

  it('over a weekend: Friday 10:00 is due Sunday 10:00; Saturday is due Monday (48 h); Sunday 10:00 is due Monday 10:00 (24 h)', () => {
    const friday = at('2026-11-20T15:00:00Z');
    expect(licensingDeadline(friday).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    const saturday = at('2026-11-21T15:00:00Z');
    expect(licensingDeadline(saturday).toISOString()).toBe('2026-11-23T15:00:00.000Z');
    const sunday = at('2026-11-22T15:00:00Z');
    expect(licensingDeadline(sunday).toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });

  it('over a holiday: the day before Thanksgiving is due 48 h later; the Tuesday before it 24 h', () => {
    const wednesday = at('2026-11-25T15:00:00Z');
    expect(licensingDeadline(wednesday).toISOString()).toBe('2026-11-27T15:00:00.000Z');
    const tuesday = at('2026-11-24T15:00:00Z');
    expect(licensingDeadline(tuesday).toISOString()).toBe('2026-11-25T15:00:00.000Z');
  });

  it('an observed holiday counts: Thursday 2 July 2026 is due 48 h later (4 July is observed on Friday 3 July)', () => {
    const thursday = at('2026-07-02T14:00:00Z');
    expect(licensingDeadline(thursday).toISOString()).toBe('2026-07-04T14:00:00.000Z');
  });

  it('the status: due-soon up to the deadline itself, overdue one millisecond after, ok once the office was told', () => {
    const t = at('2026-11-17T15:00:00Z');
    const deadline = licensingDeadline(t);
    expect(licensingNoticeStatus(t, null, t)).toBe('due-soon');
    expect(licensingNoticeStatus(t, null, deadline)).toBe('due-soon');
    expect(licensingNoticeStatus(t, null, new Date(deadline.getTime() + 1))).toBe('overdue');
    expect(licensingNoticeStatus(t, at('2026-11-19T00:00:00Z'), new Date(deadline.getTime() + 1))).toBe('ok');
  });

  it('is needed for a serious incident of any kind and for every unusual event, not for an ordinary one', () => {
    expect(needsLicensingNotice({ kind: 'injury', serious: true })).toBe(true);
    expect(needsLicensingNotice({ kind: 'unusual-event', serious: false })).toBe(true);
    expect(needsLicensingNotice({ kind: 'head-bump', serious: false })).toBe(false);
  });
});

describe("the parent's copy", () => {
  it('is due the same centre day: due-soon until 23:59, overdue from midnight, ok once given', () => {
    const t = at('2026-11-17T15:00:00Z'); // Tuesday 10:00
    expect(acknowledgementStatus(t, null, at('2026-11-18T04:59:59Z'))).toBe('due-soon'); // 23:59:59 Tuesday
    expect(acknowledgementStatus(t, null, at('2026-11-18T05:00:00Z'))).toBe('overdue'); // 00:00 Wednesday
    expect(acknowledgementStatus(t, at('2026-11-17T22:00:00Z'), at('2026-11-20T00:00:00Z'))).toBe('ok');
  });
});
