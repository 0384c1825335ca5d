import { CalendarDays, Clock, type LucideIcon, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDay, formatTimeOfDay, usePageLanguage } from '../../lib/i18n';
import { t } from '../../lib/i18n';
import type { PageLanguage } from '~/shared/i18n/paths';
import { cn } from '../ui/cn';
import type { PublicEvent } from './queries';

/** "9:00 AM - 11:30 AM", "9:00 AM", or nothing when the event has no time. */
function eventTimeRange(event: Pick<PublicEvent, 'startTime' | 'endTime'>, language: PageLanguage): string {
  const start = formatTimeOfDay(language, event.startTime);
  const end = formatTimeOfDay(language, event.endTime);
  if (start && end) return t(language, 'events.timeRange', { start, end });
  return start || end;
}

function MetaItem({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </span>
  );
}

/**
 * The line under an event's title, used wherever an event is shown: the date (with `withDate`), the time, and
 * the location (with `withLocation`). Renders nothing when none of them is there.
 */
export function EventMeta({
  event,
  withDate = false,
  withLocation = false,
  className,
}: {
  event: Pick<PublicEvent, 'eventDate' | 'startTime' | 'endTime' | 'location'>;
  withDate?: boolean;
  withLocation?: boolean;
  className?: string;
}) {
  const language = usePageLanguage();
  const time = eventTimeRange(event, language);
  const location = withLocation && event.location;
  if (!withDate && !time && !location) return null;
  return (
    <p className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600', className)}>
      {withDate && (
        <MetaItem icon={CalendarDays}>
          <time dateTime={event.eventDate}>{formatDay(language, event.eventDate)}</time>
        </MetaItem>
      )}
      {time && <MetaItem icon={Clock}>{time}</MetaItem>}
      {location && <MetaItem icon={MapPin}>{location}</MetaItem>}
    </p>
  );
}
