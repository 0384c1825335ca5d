import { describe, expect, it } from 'vitest';
import { countLine } from '../../src/client/lib/count-line';

const noun: [string, string] = ['application', 'applications'];

describe('countLine: the figures under a list title', () => {
  it('says how many the filters show of how many in all', () => {
    expect(countLine({ shown: 3, total: 5 }, noun)).toBe('3 of 5 applications');
    expect(countLine({ shown: 1, total: 1 }, noun)).toBe('1 of 1 application');
    expect(countLine({ shown: 0, total: 0 }, noun)).toBe('0 of 0 applications');
  });

  it('never claims more is on screen than a paged list has loaded', () => {
    expect(countLine({ shown: 45, total: 45, loaded: 20 }, noun)).toBe('Showing 20 of 45 applications');
    expect(countLine({ shown: 30, total: 45, loaded: 20 }, noun)).toBe('Showing 20 of 30 applications (45 in all)');
    // Every page loaded: the plain figures again.
    expect(countLine({ shown: 45, total: 45, loaded: 45 }, noun)).toBe('45 of 45 applications');
    expect(countLine({ shown: 5, total: 45, loaded: 5 }, noun)).toBe('5 of 45 applications');
  });
});
