import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Megaphone } from 'lucide-react';
import { useCentreToday } from '../../lib/centre-today';
import { truncate } from '../../lib/format';
import { EventSummary } from '../events/EventSummary';
import { PriorityIcon, usePriorityLabel } from '../events/PriorityIcon';
import { useLocalHref, useT } from '../../lib/i18n';
import { announcementsQuery, currentAnnouncements, eventsQuery, upcomingEvents } from '../events/queries';
import { priorityTone } from '../events/categories';
import { LinkButton } from '../ui/LinkButton';
import { Badge, Card } from '../ui/Card';
import { LoadFailed } from '../ui/LoadFailed';
import { MomentDay } from '../ui/MomentDay';

/** docs/product.md §9: events dated today or later, at most 3; public announcements newest first, at most 3. */
const TEASER_LIMIT = 3;

export function EventsTeaserSection() {
  // The centre's day, not the visitor's: the same on the server that renders the page and in any browser.
  const today = useCentreToday();
  const t = useT();
  const href = useLocalHref();
  const priorityLabel = usePriorityLabel();
  const events = useQuery(eventsQuery());
  const announcements = useQuery(announcementsQuery());
  const upcoming = upcomingEvents(events.data ?? [], today, TEASER_LIMIT);
  const latest = currentAnnouncements(announcements.data ?? []).slice(0, TEASER_LIMIT);

  return (
    <section aria-labelledby="news-heading" className="bg-stone-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="news-heading" className="text-center text-3xl font-bold text-stone-900">
          {t('home.news.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-stone-600">{t('home.news.lead')}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <Card className="p-6">
            <h3 className="flex items-center gap-2 text-xl font-bold text-stone-900">
              <CalendarDays aria-hidden="true" className="size-5 text-brand-700" />
              {t('home.news.upcoming')}
            </h3>
            {events.isPending ? (
              <p className="mt-4 text-sm text-stone-600">{t('home.news.loadingEvents')}</p>
            ) : events.isError ? (
              <LoadFailed
                className="mt-4"
                message={t('home.news.eventsFailed')}
                onRetry={() => void events.refetch()}
                isRetrying={events.isFetching}
              />
            ) : upcoming.length === 0 ? (
              <p className="mt-4 text-sm text-stone-600">{t('home.news.noUpcoming')}</p>
            ) : (
              <ul className="mt-4 flex flex-col divide-y divide-stone-200">
                {upcoming.map((e) => (
                  <li key={e.id} className="py-3 first:pt-0 last:pb-0">
                    <EventSummary event={e} headingLevel={4} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-6">
            <h3 className="flex items-center gap-2 text-xl font-bold text-stone-900">
              <Megaphone aria-hidden="true" className="size-5 text-brand-700" />
              {t('home.news.important')}
            </h3>
            {announcements.isPending ? (
              <p className="mt-4 text-sm text-stone-600">{t('home.news.loadingAnnouncements')}</p>
            ) : announcements.isError ? (
              <LoadFailed
                className="mt-4"
                message={t('home.news.announcementsFailed')}
                onRetry={() => void announcements.refetch()}
                isRetrying={announcements.isFetching}
              />
            ) : latest.length === 0 ? (
              <p className="mt-4 text-sm text-stone-600">{t('home.news.noImportant')}</p>
            ) : (
              <ul className="mt-4 flex flex-col divide-y divide-stone-200">
                {latest.map((a) => (
                  <li key={a.id} className="py-3 first:pt-0 last:pb-0">
                    <article>
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h4 className="flex items-center gap-2 font-semibold text-stone-900">
                          <PriorityIcon priority={a.priority} className="size-4 shrink-0" />
                          {a.title}
                        </h4>
                        <Badge tone={priorityTone(a.priority)}>{priorityLabel(a.priority)}</Badge>
                      </div>
                      <p className="mt-1 text-sm text-stone-700">{truncate(a.content, 140)}</p>
                      <p className="mt-1 text-xs text-stone-500">
                        {t('events.posted')} <MomentDay value={a.createdAt} />
                      </p>
                    </article>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <div className="mt-8 flex justify-center">
          <LinkButton href={href('/events')} variant="outline" size="lg" className="py-3 text-center">
            {t('home.news.viewAll')}
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
