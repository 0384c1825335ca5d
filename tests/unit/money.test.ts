import { describe, expect, it } from 'vitest';
import { centsToAmount, formatAmount, formatCents, parseCents, sumCents } from '../../src/shared/money';
import { pdfSafe } from '../../src/server/payments/pdf';
import { amountField, taxStatementSchema } from '../../src/shared/schemas/payments';

describe('parseCents', () => {
  it('reads stored amounts into whole cents without floats', () => {
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('0.2')).toBe(20);
    expect(parseCents('1234.5')).toBe(123450);
    expect(parseCents('$1,234.56')).toBe(123456);
    expect(parseCents('.5')).toBe(50);
    expect(parseCents(' 12 ')).toBe(1200);
    expect(parseCents('1.005')).toBe(101);
    expect(parseCents('1.004')).toBe(100);
    expect(parseCents('-3.25')).toBe(-325);
  });

  it('answers null for anything that is not a number', () => {
    for (const v of ['', ' ', 'abc', '1.2.3', 'NaN', 'Infinity', '1e3', '12,34', '$', '.', '0x10', '1 000', null, undefined])
      expect(parseCents(v as string), String(v)).toBeNull();
  });
});

describe('sums and formats', () => {
  it('adds 0.1 and 0.2 to 0.30 exactly and skips words', () => {
    expect(sumCents(['0.1', '0.2'])).toBe(30);
    expect(centsToAmount(sumCents(['0.1', '0.2', 'waived', '']))).toBe('0.30');
    expect(sumCents(Array(1000).fill('0.01'))).toBe(1000);
  });

  it('formats dollars with thousands separators and two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-150)).toBe('-$1.50');
    expect(centsToAmount(100005)).toBe('1000.05');
    expect(formatAmount('12.5')).toBe('$12.50');
    expect(formatAmount('waived')).toBe('$waived');
  });
});

describe('the amount a person types', () => {
  it('stores two decimals and refuses the rest with a clear message', () => {
    expect(amountField.parse('12.5')).toBe('12.50');
    expect(amountField.parse(' $1,250 ')).toBe('1250.00');
    expect(amountField.parse(0.1)).toBe('0.10');
    for (const bad of ['12.345', 'abc', '-1', '1,2', '0', '0.00', '']) expect(amountField.safeParse(bad).success, bad).toBe(false);
  });

  it('takes the tax year as text or a number, four digits only', () => {
    expect(taxStatementSchema.parse({ parentEmail: 'A@B.example', taxYear: 2025 })).toEqual({
      parentEmail: 'a@b.example',
      taxYear: '2025',
    });
    expect(taxStatementSchema.safeParse({ parentEmail: 'a@b.example', taxYear: '20255' }).success).toBe(false);
  });
});

describe('pdfSafe', () => {
  it('keeps Latin-1, strips marks it cannot print, and never drops a character silently', () => {
    expect(pdfSafe('Müller')).toBe('Müller');
    expect(pdfSafe('Nguyễn')).toBe('Nguyen');
    expect(pdfSafe('“Quote” – dash')).toBe('"Quote" - dash');
    expect(pdfSafe('王')).toBe('?');
    expect(pdfSafe('a\r\nb')).toBe('a b');
  });
});
