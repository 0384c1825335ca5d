import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseIsoDate } from '../../src/client/lib/format';

/** lib/format.ts is written out to keep date-fns off the first load: it must say what date-fns says. */
const VALUES = [
  '2026-11-23',
  '2026-01-05',
  '2024-02-29',
  '2026-12-31T23:59:59.999Z',
  '2026-11-23T00:00:00.000Z',
  '2026-07-04T12:30:00Z',
  '2026-07-04T00:05:00',
  '2026-07-04 13:45:10',
  '2026-03-08T02:30:00-05:00',
  '2026-03-08T02:30:00+0530',
  '2026-03-08T02:30:00.5+01',
];

describe('format', () => {
  it.each(VALUES)('reads %s as parseISO does', (value) => {
    expect(parseIsoDate(value).getTime()).toBe(parseISO(value).getTime());
    expect(formatDate(value)).toBe(format(parseISO(value), 'MMM dd, yyyy'));
    expect(formatDateTime(value)).toBe(format(parseISO(value), 'MMM dd, yyyy h:mm a'));
  });

  it.each(['', 'yesterday', '2026-13-01', '2026-02-30', '2026-11-23T25:00:00Z', '23/11/2026'])('gives nothing for %j', (value) => {
    expect(Number.isNaN(parseIsoDate(value).getTime())).toBe(true);
    expect(formatDate(value)).toBe('');
    expect(formatDateTime(value)).toBe('');
  });

  it('formats Date objects as date-fns does, at every hour of a day', () => {
    for (let h = 0; h < 24; h++) {
      const d = new Date(2026, 10, 23, h, h * 2, 0);
      expect(formatDateTime(d)).toBe(format(d, 'MMM dd, yyyy h:mm a'));
    }
    expect(formatDate(null)).toBe('');
  });
});
