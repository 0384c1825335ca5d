import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { CalendarDays, CalendarRange, Megaphone, ScrollText } from 'lucide-react';
import { useMemo } from 'react';
import type { EventsSearch } from '~/shared/page-search';
import { AnnouncementItem } from './AnnouncementItem';
import { DAY_EVENTS_ID } from './calendar-links';
import { EventDetails } from './EventDetails';
import { EventsCalendar } from './EventsCalendar';
import { EventSummary } from './EventSummary';
import { PriorityIcon } from './PriorityIcon';
import { announcementsQuery, currentAnnouncements, eventsQuery, upcomingEvents } from './queries';
import { Card } from '../ui/Card';
import { bringIntoView } from '../../lib/bring-into-view';
import { useCentreToday } from '../../lib/centre-today';
import { truncate } from '../../lib/format';
import { formatDay, usePageLanguage, useT } from '../../lib/i18n';
import { SubscribeToCalendar } from './SubscribeToCalendar';

/** docs/product.md §9: upcoming events at most 5; announcement preview 3 items cut to 100 characters. */
const UPCOMING_LIMIT = 5;
const PREVIEW_LIMIT = 3;
const PREVIEW_CHARS = 100;

/** `/events` and its Spanish twin `/es/events`: the same page, in the address's language. */
export function EventsPage() {
  const t = useT();
  const language = usePageLanguage();
  const { data: events } = useSuspenseQuery(eventsQuery());
  const { data: announcements } = useSuspenseQuery(announcementsQuery());
  // The centre's day, not the visitor's: the same on the server that renders the page and in any browser.
  const today = useCentreToday();
  const search = useSearch({ strict: false }) as EventsSearch;
  const navigate = useNavigate();
  const path = language === 'es' ? '/es/events' : '/events';
  const selected = search.date ?? today;
  const month = search.month ?? selected.slice(0, 7);

  const eventCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.eventDate, (counts.get(e.eventDate) ?? 0) + 1);
    return counts;
  }, [events]);
  const dayEvents = events.filter((e) => e.eventDate === selected);
  const upcoming = upcomingEvents(events, today, UPCOMING_LIMIT);
  const preview = currentAnnouncements(announcements).slice(0, PREVIEW_LIMIT);

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">{t('events.title')}</h1>
        <p className="mt-3 text-stone-700">{t('events.lead')}</p>
        <SubscribeToCalendar />
      </header>

      {/*
        Phones and tablets: one column, calendar first, then the day, the upcoming events, the Announcements card
        (the product's preview, the same on every width) and every announcement.
        Desktops: the main column holds the calendar, the day and the full list one under the other (no hole
        beside a taller sidebar); the sidebar with the upcoming events and the preview spans all three rows,
        and its extra height, if any, goes to the last row.
      */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_auto_1fr]">
        {/* Narrow padding on a phone leaves each of the seven day buttons more than 44 px wide. */}
        <Card className="p-3 sm:p-6 lg:col-span-2">
          <EventsCalendar
            month={month}
            selected={selected}
            today={today}
            eventCounts={eventCounts}
            // Within the app, the reader stays where they are on the page (a link's default would scroll to its top),
            // but a day tapped on a phone shows its list, below the calendar, as the document's #day-events does.
            onNavigate={(next, { reveal }) =>
              void navigate({ to: path, search: next, resetScroll: false }).then(() => {
                if (reveal) bringIntoView(document.getElementById(DAY_EVENTS_ID));
              })
            }
          />
        </Card>
        <Card className="p-4 sm:p-6 lg:col-span-2">
          <section id={DAY_EVENTS_ID} aria-labelledby="day-heading" aria-live="polite" className="scroll-mt-24">
            <h2 id="day-heading" className="flex items-center gap-2 text-xl font-bold text-stone-900">
              <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
              {t('events.dayHeading', { date: formatDay(language, selected) })}
            </h2>
            {dayEvents.length === 0 ? (
              <p className="mt-4 text-sm text-stone-600">{t('events.noneOnDay')}</p>
            ) : (
              <ul className="mt-4 flex flex-col gap-3">
                {dayEvents.map((e) => (
                  <li key={e.id}>
                    <EventDetails event={e} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </Card>

        <div className="flex flex-col gap-6 lg:col-start-3 lg:row-span-3 lg:row-start-1 lg:self-start">
          <Card className="p-4 sm:p-6">
            <section aria-labelledby="upcoming-heading">
              <h2 id="upcoming-heading" className="flex items-center gap-2 text-xl font-bold text-stone-900">
                <CalendarRange aria-hidden="true" className="size-5 text-brand-700" />
                {t('events.upcoming')}
              </h2>
              {upcoming.length === 0 ? (
                <p className="mt-4 text-sm text-stone-600">{t('events.noUpcoming')}</p>
              ) : (
                <ul className="mt-4 flex flex-col divide-y divide-stone-200">
                  {upcoming.map((e) => (
                    <li key={e.id} className="py-3 first:pt-0 last:pb-0">
                      <EventSummary event={e} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </Card>
          <Card className="p-4 sm:p-6">
            <section aria-labelledby="preview-heading">
              <h2 id="preview-heading" className="flex items-center gap-2 text-xl font-bold text-stone-900">
                <Megaphone aria-hidden="true" className="size-5 text-brand-700" />
                {t('events.announcements')}
              </h2>
              {preview.length === 0 ? (
                <p className="mt-4 text-sm text-stone-600">{t('events.noCurrent')}</p>
              ) : (
                <ul className="mt-4 flex flex-col divide-y divide-stone-200">
                  {preview.map((a) => (
                    <li key={a.id} className="py-3 first:pt-0 last:pb-0">
                      <h3 className="flex items-center gap-2 font-semibold text-stone-900">
                        <PriorityIcon priority={a.priority} className="size-4 shrink-0" />
                        {a.title}
                      </h3>
                      <p className="mt-1 text-sm text-stone-700">{truncate(a.content, PREVIEW_CHARS)}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </Card>
        </div>

        <Card className="p-4 sm:p-6 lg:col-span-2 lg:self-start">
          <section aria-labelledby="all-announcements-heading">
            <h2 id="all-announcements-heading" className="flex items-center gap-2 text-xl font-bold text-stone-900">
              <ScrollText aria-hidden="true" className="size-5 text-brand-700" />
              {t('events.all')}
            </h2>
            {announcements.length === 0 ? (
              <p className="mt-4 text-sm text-stone-600">{t('events.noAnnouncements')}</p>
            ) : (
              <ul className="mt-4 flex flex-col divide-y divide-stone-200">
                {announcements.map((a) => (
                  <li key={a.id} className="py-4 first:pt-0 last:pb-0">
                    <AnnouncementItem announcement={a} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </Card>
      </div>
    </main>
  );
}
