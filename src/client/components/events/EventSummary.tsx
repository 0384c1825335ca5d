import { Badge } from '../ui/Card';
import { eventCategoryTone, useEventCategoryLabel } from './categories';
import { EventMeta } from './EventMeta';
import type { PublicEvent } from './queries';

/** One event in a compact list: title, date, time and category (home teaser, Upcoming Events card). */
export function EventSummary({ event, headingLevel = 3 }: { event: PublicEvent; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const categoryLabel = useEventCategoryLabel();
  return (
    <article className="flex flex-col gap-1">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="font-semibold text-stone-900">{event.title}</Heading>
        <Badge tone={eventCategoryTone(event.category)}>{categoryLabel(event.category)}</Badge>
      </div>
      <EventMeta event={event} withDate className="items-center" />
    </article>
  );
}
