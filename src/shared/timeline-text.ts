import { CENTRE_TIME_ZONE } from './centre-time';
import { AMOUNT_LABELS, DIAPER_LABELS, MEAL_LABELS, TOILET_LABELS } from './schemas/daily-entries';
import type { TimelineBody } from './timeline';

/**
 * The words of one timeline item (issue 32), the same in the parent's Today tab, the staff's room screen and the
 * end-of-day e-mail. Times are the centre's wall clock (Columbus), whatever the reader's device says.
 */
let timeFormat: Intl.DateTimeFormat | undefined;
export function centreTime(moment: Date | string): string {
  timeFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: CENTRE_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
  return timeFormat.format(new Date(moment));
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? (m ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
}

export const KIND_LABELS: Record<TimelineBody['kind'], string> = {
  meal: 'Meal',
  bottle: 'Bottle',
  nap: 'Nap',
  diaper: 'Diaper',
  toilet: 'Toilet',
  mood: 'Mood',
  note: 'Note',
  photo: 'Photo',
  check_in: 'Checked in',
  check_out: 'Checked out',
};

/** A heading ('Lunch', 'Nap', 'Diaper') and the detail ('Ate most: pasta', '12:30 PM to 2:00 PM (1 h 30 min)'). */
export function describeItem(item: TimelineBody): { title: string; detail: string } {
  switch (item.kind) {
    case 'meal': {
      const { meal, amount, food } = item.details;
      return { title: MEAL_LABELS[meal], detail: `Ate ${AMOUNT_LABELS[amount].toLowerCase()}${food ? `: ${food}` : ''}` };
    }
    case 'bottle':
      return { title: 'Bottle', detail: `${item.details.ounces} oz` };
    case 'nap': {
      const { start, end } = item.details;
      if (!end) return { title: 'Nap', detail: `Asleep since ${centreTime(start)}` };
      return {
        title: 'Nap',
        detail: `${centreTime(start)} to ${centreTime(end)} (${duration(new Date(end).getTime() - new Date(start).getTime())})`,
      };
    }
    case 'diaper':
      return { title: 'Diaper', detail: DIAPER_LABELS[item.details.type] };
    case 'toilet':
      return { title: 'Toilet', detail: TOILET_LABELS[item.details.result] };
    case 'mood':
      return { title: 'Mood', detail: item.details.mood };
    case 'note':
      return { title: 'Note', detail: item.details.text };
    case 'photo':
      return { title: 'Photo', detail: item.details.caption ?? 'A photo of the day' };
    case 'check_in':
    case 'check_out': {
      const { by, override } = item.details;
      const title = item.kind === 'check_in' ? 'Checked in' : 'Checked out';
      return { title, detail: `${title} by ${by}${override ? ' (override recorded by staff)' : ''}` };
    }
  }
}
