import { Link } from '@tanstack/react-router';
import { CalendarClock } from 'lucide-react';
import { formatDate } from '~/client/lib/format';
import { staffText } from './staff-words';

export type LaterStarter = { childId: string; childName: string; startDate: string };

/**
 * The children enrolled ahead of their first day, above the Attendance tab's and the Daily sheets' lists (ADR 081):
 * how many, who and when; a director gets a link to each child's record to change the date, a teacher is told who can.
 */
export function StartingLater({ children, mayEdit }: { children: LaterStarter[]; mayEdit: boolean }) {
  if (children.length === 0) return null;
  return (
    <section
      aria-labelledby="starting-later-heading"
      className="flex flex-col gap-1 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      <h3 id="starting-later-heading" className="flex items-center gap-2 font-semibold">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        {staffText('staff.startingLater.title', { count: children.length })}
      </h3>
      <ul className="flex flex-col gap-1">
        {children.map((c) => (
          <li key={c.childId} className="flex flex-wrap items-center gap-x-3">
            <span>{staffText('staff.startingLater.child', { name: c.childName, day: formatDate(c.startDate) })}</span>
            {mayEdit && (
              // The Enrolled tab with the child's edit dialog open (ChildrenTab reads `child`).
              <Link
                to="."
                search={{ tab: 'children', child: c.childId }}
                className="inline-flex min-h-11 items-center font-medium text-sky-900 underline underline-offset-2 outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50 md:min-h-0"
              >
                {staffText('staff.startingLater.change')}
                <span className="sr-only"> {staffText('staff.startingLater.changeFor', { name: c.childName })}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      {!mayEdit && <p className="text-sky-900">{staffText('staff.startingLater.askDirector')}</p>}
    </section>
  );
}
