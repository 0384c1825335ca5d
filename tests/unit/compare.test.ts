import { describe, expect, it } from 'vitest';
import { compareCodeUnits, compareNames } from '../../src/shared/compare';

describe('orderings without the browser collation (shared/compare.ts)', () => {
  it('orders ISO dates and 24-hour times as time runs', () => {
    expect(['2027-01-02', '2026-12-31', '2026-02-10', '2026-11-09'].sort(compareCodeUnits)).toEqual([
      '2026-02-10',
      '2026-11-09',
      '2026-12-31',
      '2027-01-02',
    ]);
    expect(['14:00', '09:30', '', '9:00'.padStart(5, '0')].sort(compareCodeUnits)).toEqual(['', '09:00', '09:30', '14:00']);
    expect(compareCodeUnits('2026-11-24', '2026-11-24')).toBe(0);
  });

  it('orders names alphabetically whatever their capitals, and ties exactly', () => {
    expect(['Waves Bye-Bye', 'babbles', 'Holds Head Steady', 'Apple', 'apple', 'Zips a coat'].sort(compareNames)).toEqual([
      'Apple',
      'apple',
      'babbles',
      'Holds Head Steady',
      'Waves Bye-Bye',
      'Zips a coat',
    ]);
    expect(compareNames('Same', 'Same')).toBe(0);
  });
});
