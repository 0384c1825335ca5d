import { describe, expect, it } from 'vitest';
import { areaCode, formatPhone, telHref } from '../../src/shared/phone';

describe('formatPhone', () => {
  it('writes a ten-digit number as (614) 555-0123, however it was typed', () => {
    for (const typed of ['6145550123', '614-555-0123', '614.555.0123', '(614)555-0123', '+1 614 555 0123', '1-614-555-0123'])
      expect(formatPhone(typed)).toBe('(614) 555-0123');
  });
  it('leaves anything else as typed: an extension, a short or an international number', () => {
    for (const typed of ['614-555-0123 ext. 4', '555-0123', '+44 20 7946 0958']) expect(formatPhone(typed)).toBe(typed);
  });
  it('links to the digits', () => expect(telHref('(614) 555-0123')).toBe('tel:6145550123'));
});

describe('areaCode', () => {
  it("is a ten-digit number's first three digits, with or without the leading 1, and 555 for anything else", () => {
    expect(areaCode('(614) 555-0142')).toBe('614');
    expect(areaCode('+1 503 555 0110')).toBe('503');
    expect(areaCode('+44 20 7946 0958')).toBe('555');
    expect(areaCode('')).toBe('555');
  });
});
