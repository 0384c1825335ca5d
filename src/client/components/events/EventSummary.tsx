import { CalendarDays, Clock } from 'lucide-react';
import { formatDate, formatTime12 } from '../../lib/format';
import { Badge } from '../ui/Card';
import { categoryLabel, eventCategoryTone } from './categories';
import type { PublicEvent } from './queries';

/** "9:00 AM - 11:30 AM", "9:00 AM", or nothing when the event has no time. */
export function eventTimeRange(event: Pick<PublicEvent, 'startTime' | 'endTime'>): string {
  const start = formatTime12(event.startTime);
  const end = formatTime12(event.endTime);
  if (start && end) return `${start} - ${end}`;
  return start || end;
}

/** One event in a compact list: title, date, time and category (home teaser, Upcoming Events card). */
export function EventSummary({ event, headingLevel = 3 }: { event: PublicEvent; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const time = eventTimeRange(event);
  return (
    <article className="flex flex-col gap-1">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="font-semibold text-stone-900">{event.title}</Heading>
        <Badge tone={eventCategoryTone(event.category)}>{categoryLabel(event.category)}</Badge>
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600">
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-4" />
          <time dateTime={event.eventDate}>{formatDate(event.eventDate)}</time>
        </span>
        {time && (
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {time}
          </span>
        )}
      </p>
    </article>
  );
}
