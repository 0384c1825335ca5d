/**
 * Money in whole cents. Amounts are stored as text (docs/product.md §3 payment_receipts.amount), so every sum parses
 * each amount into an integer number of cents first: 0.1 + 0.2 is 30 cents, never 0.30000000000000004.
 */

const STORED_AMOUNT = /^(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/;

/**
 * The cents of a stored amount, or null when it is not a number (docs/product.md §5: sums ignore non-numeric
 * amounts). Understands what older records may hold: a `$` sign, thousands commas, more than two decimals
 * (rounded half up to the cent). Never goes through a float.
 */
export function parseCents(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const match = STORED_AMOUNT.exec(value.trim());
  if (!match) return null;
  const [, minus, wholeRaw, fraction] = match;
  if (wholeRaw === undefined && fraction === undefined) return null;
  const whole = (wholeRaw ?? '0').replace(/,/g, '');
  // Beyond this a sum would lose integer precision; no receipt of a childcare centre is that large.
  if (whole.length > 12) return null;
  const digits = (fraction ?? '').padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return minus ? -cents : cents;
}

/** The sum of the numeric amounts, in cents; non-numeric ones are left out. */
export function sumCents(amounts: Iterable<string | null | undefined>): number {
  let total = 0;
  for (const amount of amounts) total += parseCents(amount) ?? 0;
  return total;
}

/** `123456` → `1234.56`: how an amount is stored and sent. */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `123456` → `$1,234.56` (docs/product.md §9: USD). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** A stored amount for display: `$1,234.50`, or the text as stored (with a `$`) when it is not a number. */
export function formatAmount(value: string): string {
  const cents = parseCents(value);
  return cents === null ? `$${value}` : formatCents(cents);
}

/**
 * `"1080.00"` → `108000`: an amount as it travels (a string with two decimals) in integer cents, rounded half up
 * past the cent; null when it is not a number. The inverse of `centsToAmount`.
 */
export function amountToCents(amount: string): number | null {
  return parseCents(amount);
}
