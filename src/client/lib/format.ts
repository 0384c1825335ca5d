import { format, parseISO } from 'date-fns';

/** 'MMM dd, yyyy' (SPEC.md §9) for a calendar date `YYYY-MM-DD` or a moment. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM dd, yyyy');
}

/** 'MMM dd, yyyy h:mm a' for a moment. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM dd, yyyy h:mm a');
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

/** Today's date in the visitor's time zone as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** Cuts text to `max` characters, adding an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** '1 activity', '3 activities', '0 notes'. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
