import { Clock, MapPin } from 'lucide-react';
import { Badge } from '../ui/Card';
import { categoryLabel, eventCategoryTone } from './categories';
import { eventTimeRange } from './EventSummary';
import type { PublicEvent } from './queries';

/** One event of the selected day: title, description, 12-hour times and category. */
export function EventDetails({ event }: { event: PublicEvent }) {
  const time = eventTimeRange(event);
  return (
    <article className="rounded-xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-stone-900">{event.title}</h3>
        <Badge tone={eventCategoryTone(event.category)}>{categoryLabel(event.category)}</Badge>
      </div>
      {event.description && <p className="mt-2 text-sm whitespace-pre-line text-stone-700">{event.description}</p>}
      {(time || event.location) && (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600">
          {time && (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              {time}
            </span>
          )}
          {event.location && (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              {event.location}
            </span>
          )}
        </p>
      )}
    </article>
  );
}
