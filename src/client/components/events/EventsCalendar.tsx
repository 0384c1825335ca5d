import { addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, parseISO, startOfMonth, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type MouseEvent, useEffect } from 'react';
import type { EventsSearch } from '~/shared/page-search';
import { buttonClass } from '../ui/button-class';
import { cn } from '../ui/cn';
import { DAY_EVENTS_ID, eventsHref } from './calendar-links';
import { listenToCalendarKeys } from './calendar-keys';
import { formatLongDay, formatMonth, intlFor, usePageLanguage, useT } from '../../lib/i18n';

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** Sunday to Saturday in Spanish, from the locale's own names ('domingo' ... 'sábado'; 'Do' ... 'Sá'). */
function SPANISH_WEEKDAYS(): (readonly [string, string])[] {
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const long = intlFor('es').formatDate(Date.UTC(1970, 0, 4 + i), { timeZone: 'UTC', weekday: 'long' });
    return [long[0]!.toUpperCase() + long.slice(1, 2), long] as const;
  });
}

export interface EventsCalendarProps {
  /** The month on show, `YYYY-MM`. */
  month: string;
  /** The selected day, `YYYY-MM-DD`. */
  selected: string;
  today: string;
  /** How many events each day (`YYYY-MM-DD`) has. */
  eventCounts: ReadonlyMap<string, number>;
  /**
   * Within the app, a day or month link changes the page's address without a page load. `reveal`: a day was tapped
   * or clicked (not chosen with the keyboard's Enter, whose focus stays in the calendar), so its list, below the
   * calendar on a phone, is to be brought into view, as the day link's `#day-events` does in the document.
   */
  onNavigate?: (search: EventsSearch, how: { reveal: boolean }) => void;
}

let listening = false;
function listenOnce() {
  if (!listening) listenToCalendarKeys(document);
  listening = true;
}

/**
 * A month grid (Su to Sa) built as a table of day links (ADR 018): `/events?date=YYYY-MM-DD` selects a day and the
 * month arrows are links too, so the calendar works before and without any script. What scripts add is plain
 * DOM, the same for the document and the app (calendar-keys.ts): arrow keys move between days (crossing into the
 * next or previous month), Home/End go to the week's ends, Page Up/Down change the month; Enter follows the link.
 * The app listens for them once a calendar is first drawn (the document's own script, events.ts, at once): the
 * pages the app loads first, the dashboards, carry none of it.
 */
export function EventsCalendar({ month, selected, today, eventCounts, onNavigate }: EventsCalendarProps) {
  useEffect(listenOnce, []);
  const first = startOfMonth(parseISO(`${month}-01`));
  const last = endOfMonth(first);
  const language = usePageLanguage();
  const t = useT();
  const monthLabel = language === 'es' ? formatMonth('es', month) : format(first, 'MMMM yyyy');
  const weekdays = language === 'es' ? SPANISH_WEEKDAYS() : WEEKDAYS;
  const dayName = (day: Date) => (language === 'es' ? formatLongDay('es', iso(day)) : format(day, 'MMMM d, yyyy'));
  const captionId = `calendar-${iso(first)}`;

  const days = eachDayOfInterval({ start: startOfWeek(first), end: endOfWeek(last) });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  // A plain click within the app changes the address through the router; anything else (a new tab) is the link's.
  const follow = (search: EventsSearch, day?: boolean) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    // A tap or a click has a detail of 1 or more; the keyboard's Enter is a click of detail 0.
    onNavigate(search, { reveal: !!day && event.detail > 0 });
  };
  const monthLink = (delta: number) => {
    const search = { date: selected, month: format(addMonths(first, delta), 'yyyy-MM') };
    return { href: eventsHref(search, language), onClick: follow(search) };
  };

  return (
    <div data-calendar="">
      <div className="mb-3 flex items-center justify-between gap-2">
        <a
          {...monthLink(-1)}
          data-month-step="-1"
          data-swap="previous-month"
          aria-label={t('events.previousMonth')}
          className={buttonClass('outline', 'sm')}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </a>
        <h2 id={captionId} aria-live="polite" className="text-lg font-bold text-stone-900">
          {monthLabel}
        </h2>
        <a
          {...monthLink(1)}
          data-month-step="1"
          data-swap="next-month"
          aria-label={t('events.nextMonth')}
          className={buttonClass('outline', 'sm')}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </a>
      </div>
      <table className="w-full table-fixed border-collapse text-center">
        <caption className="sr-only">{monthLabel}</caption>
        <thead>
          <tr>
            {weekdays.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-2 text-xs font-semibold text-stone-500 uppercase">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={iso(week[0]!)}>
              {week.map((day) => {
                const key = iso(day);
                if (!isSameMonth(day, first)) return <td key={key} />;
                const count = eventCounts.get(key) ?? 0;
                const isSelected = key === selected;
                const isToday = key === today;
                return (
                  <td key={key} className="p-0 sm:p-0.5">
                    <a
                      href={`${eventsHref({ date: key }, language)}#${DAY_EVENTS_ID}`}
                      onClick={follow({ date: key }, true)}
                      data-day={key}
                      data-swap={key}
                      aria-current={isSelected ? 'date' : undefined}
                      aria-label={t('events.dayLabel', { date: dayName(day), count, today: isToday ? 'yes' : 'no' })}
                      className={cn(
                        'relative flex h-11 w-full cursor-pointer sm:h-14 flex-col items-center justify-center rounded-lg text-sm font-medium outline-none transition-colors',
                        'focus-visible:ring-3 focus-visible:ring-brand-500/60',
                        isSelected ? 'bg-brand-700 text-white' : 'text-stone-800 hover:bg-brand-50',
                        isToday && !isSelected && 'font-bold text-brand-800 ring-2 ring-brand-300',
                      )}
                    >
                      <span aria-hidden="true">{format(day, 'd')}</span>
                      {count > 0 && (
                        <span
                          aria-hidden="true"
                          className={cn('absolute bottom-1.5 size-1.5 rounded-full', isSelected ? 'bg-white' : 'bg-sun-500')}
                        />
                      )}
                    </a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
