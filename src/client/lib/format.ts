/*
 * Written out rather than with date-fns: these are on every public page (the home page's events), and date-fns'
 * format and parseISO cost ~9 KB compressed of the first load. tests/unit/format.test.ts checks them against
 * date-fns, which the calendar and the staff screens still use.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An ISO 8601 date or moment, as date-fns' parseISO reads the forms this app meets: a calendar date
 * `YYYY-MM-DD` is that day at midnight here (not in UTC, as `new Date()` would have it); a time without a zone
 * is local; `Z` or an offset is that moment. Anything else is an invalid date.
 */
export function parseIsoDate(value: string): Date {
  const m = ISO.exec(value.trim());
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms] as const;
  if (fields[1] > 11 || fields[2] < 1 || fields[2] > 31 || fields[3] > 24 || fields[4] > 59 || fields[5] > 59) return new Date(Number.NaN);
  if (!zone) {
    const local = new Date(...fields);
    // 31 February and the like roll over in Date; date-fns calls them invalid.
    return local.getDate() === fields[2] ? local : new Date(Number.NaN);
  }
  const utc = Date.UTC(...fields);
  if (zone.toUpperCase() === 'Z') return new Date(utc);
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return new Date(utc - sign * offset * 60_000);
}

const toDate = (value: string | Date) => (typeof value === 'string' ? parseIsoDate(value) : value);
const dayText = (date: Date) => `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${date.getFullYear()}`;

/** 'MMM dd, yyyy' (docs/product.md §9) for a calendar date `YYYY-MM-DD` or a moment. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dayText(date);
}

/** 'MMM dd, yyyy h:mm a' for a moment. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const h = date.getHours();
  return `${dayText(date)} ${h % 12 === 0 ? 12 : h % 12}:${pad(date.getMinutes())} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** `14:30` → `2:30 PM`. */
export function formatTime12(value: string | null | undefined): string {
  if (!value) return '';
  const [h, m] = value.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return value;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Cuts text to `max` characters, adding an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** '1 activity', '3 activities', '0 notes'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
