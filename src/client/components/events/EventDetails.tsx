import { Badge } from '../ui/Card';
import { eventCategoryTone, useEventCategoryLabel } from './categories';
import { EventMeta } from './EventMeta';
import type { PublicEvent } from './queries';

/** One event of the selected day: title, description, 12-hour times and category. */
export function EventDetails({ event }: { event: PublicEvent }) {
  const categoryLabel = useEventCategoryLabel();
  return (
    <article className="rounded-xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-stone-900">{event.title}</h3>
        <Badge tone={eventCategoryTone(event.category)}>{categoryLabel(event.category)}</Badge>
      </div>
      {event.description && <p className="mt-2 text-sm whitespace-pre-line text-stone-700">{event.description}</p>}
      <EventMeta event={event} withLocation className="mt-2" />
    </article>
  );
}
