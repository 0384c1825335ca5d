import { useQuery } from '@tanstack/react-query';
import { CalendarDays, FileText, Mail, Megaphone, Upload, Users } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { formatDate, formatTime12 } from '~/client/lib/format';
import { trpc } from '~/client/lib/trpc';
import { categoryLabel, eventCategoryTone } from '../../events/categories';
import { Badge, Card } from '../../ui/Card';
import { ListState } from '../PanelHeader';
import { programText, staffText } from '../staff-words';
import { SetupChecklist } from './overview/SetupChecklist';

/** Overview tab (docs/product.md §2): four counts, the first 5 applications, the next 5 events. */
export default function OverviewTab() {
  // Always fresh: other tabs change these numbers.
  const overview = useQuery({ ...trpc.overview.counts.queryOptions(), staleTime: 0 });
  if (!overview.data) return <ListState isPending={overview.isPending} error={overview.error} isEmpty={false} empty="" />;
  const { attention, counts, applications, events } = overview.data;
  const waiting = [
    { label: staffText('staff.overview.unreadMessages'), value: attention.unreadMessages, tab: 'communication' as const, icon: Mail },
    { label: staffText('staff.overview.newUploads'), value: attention.newUploads, tab: 'communication' as const, icon: Upload },
    { label: staffText('staff.overview.newApplications'), value: attention.newApplications, tab: 'applications' as const, icon: FileText },
  ];

  return (
    <div className="flex flex-col gap-6">
      <h2 className="sr-only">{staffText('staff.tab.overview')}</h2>
      <SetupChecklist />
      <section aria-labelledby="waiting-heading" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
        <h3 id="waiting-heading" className="mb-2 font-semibold text-stone-900">
          {staffText('staff.overview.fromFamilies')}
        </h3>
        <ul className="flex flex-wrap gap-2">
          {waiting.map((w) => (
            <li key={w.label}>
              <Link
                to="."
                search={{ tab: w.tab }}
                className="flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-stone-800 shadow-sm outline-none hover:bg-stone-50 focus-visible:ring-3 focus-visible:ring-brand-500/50"
              >
                <w.icon aria-hidden="true" className="size-4 text-amber-700" />
                {staffText('staff.overview.waiting', { label: w.label })}
                <span className={w.value > 0 ? 'font-bold text-red-700' : ''}>{w.value}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={staffText('staff.overview.totals')}>
        <CountCard
          label={staffText('staff.overview.totalEvents')}
          value={counts.events}
          icon={CalendarDays}
          tone="bg-blue-100 text-blue-800"
        />
        <CountCard
          label={staffText('staff.tab.announcements')}
          value={counts.announcements}
          icon={Megaphone}
          tone="bg-orange-100 text-orange-800"
        />
        <CountCard
          label={staffText('staff.tab.applications')}
          value={counts.applications}
          icon={FileText}
          tone="bg-purple-100 text-purple-800"
        />
        <CountCard
          label={staffText('staff.overview.enrolledChildren')}
          value={counts.enrolledChildren}
          icon={Users}
          tone="bg-green-100 text-green-800"
        />
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <h3 className="mb-3 text-lg font-semibold text-stone-900">{staffText('staff.overview.recentApplications')}</h3>
          {applications.length === 0 ? (
            <p className="text-sm text-stone-500">{staffText('staff.overview.noApplications')}</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {applications.map((a) => (
                <li key={a.id} className="py-2.5">
                  <p className="font-medium text-stone-900">
                    {a.childFirstName} {a.childLastName}
                  </p>
                  <p className="text-sm text-stone-600">
                    {staffText('staff.overview.parent', { name: `${a.parentFirstName} ${a.parentLastName}` })}
                  </p>
                  <p className="text-sm text-stone-600">{programText(a.programRequested)}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card className="p-5">
          <h3 className="mb-3 text-lg font-semibold text-stone-900">{staffText('staff.overview.upcomingEvents')}</h3>
          {events.length === 0 ? (
            <p className="text-sm text-stone-500">{staffText('staff.overview.noEvents')}</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {events.map((e) => (
                <li key={e.id} className="flex items-start justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">{e.title}</p>
                    <p className="text-sm text-stone-600">
                      <time dateTime={e.eventDate}>{formatDate(e.eventDate)}</time>
                      {e.startTime && staffText('staff.overview.atTime', { time: formatTime12(e.startTime) })}
                    </p>
                  </div>
                  <Badge tone={eventCategoryTone(e.category)} className="shrink-0">
                    {categoryLabel(e.category)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

function CountCard({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: number;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
}) {
  return (
    <li>
      <Card className="flex h-full flex-col items-start gap-2 p-4 sm:flex-row sm:items-center sm:gap-3">
        <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-2xl font-bold text-stone-900">{value}</p>
          <p className="text-sm text-stone-600">{label}</p>
        </div>
      </Card>
    </li>
  );
}
