import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import { trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { INLINE_TARGET } from '~/client/components/ui/button-class';
import { cn } from '~/client/components/ui/cn';
import type { AdminTabId } from '~/client/components/admin/admin-tabs';
import { type StaffKey } from '~/shared/i18n/staff-en';
import { staffText } from '~/client/components/admin/staff-words';

type ItemId = 'rooms' | 'childrenInRooms' | 'startDates' | 'consent' | 'pickups' | 'staff' | 'smtp';

/** Each item's words and the tab where it is done (none for e-mail: SMTP_URL is set on the server). */
const ITEMS: Record<ItemId, { label: StaffKey; tab: AdminTabId | null }> = {
  rooms: { label: 'staff.setup.rooms', tab: 'classrooms' },
  childrenInRooms: { label: 'staff.setup.childrenInRooms', tab: 'children' },
  startDates: { label: 'staff.setup.startDates', tab: 'children' },
  consent: { label: 'staff.setup.consent', tab: 'children' },
  pickups: { label: 'staff.setup.pickups', tab: 'children' },
  staff: { label: 'staff.setup.staff', tab: 'staff' },
  smtp: { label: 'staff.setup.smtp', tab: null },
};

const TAB_LABELS: Partial<Record<AdminTabId, StaffKey>> = {
  classrooms: 'staff.tab.classrooms',
  children: 'staff.tab.children',
  staff: 'staff.tab.staff',
};

/**
 * The director's first-run checklist (ADR 082): each step done or not, read from the records by the server,
 * with a link to the tab where it is done; shown until every step is done or the director hides it (kept on the
 * server, so it stays hidden on every device). Only the Overview, a director's tab, draws it.
 */
export function SetupChecklist() {
  const queryClient = useQueryClient();
  const checklist = useQuery({ ...trpc.overview.setupChecklist.queryOptions(), staleTime: 0 });
  const dismiss = useMutation(
    trpc.overview.dismissSetupChecklist.mutationOptions({
      // Hidden at once, as the server now answers; then read again.
      onSuccess: () => {
        queryClient.setQueryData(trpc.overview.setupChecklist.queryKey(), (old) => old && { ...old, show: false, dismissed: true });
        void queryClient.invalidateQueries(trpc.overview.setupChecklist.pathFilter());
      },
    }),
  );
  if (!checklist.data?.show) return null;

  return (
    <section aria-labelledby="setup-heading" className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm">
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id="setup-heading" className="font-semibold text-stone-900">
            {staffText('staff.setup.title')}
          </h3>
          <p className="text-sm text-stone-600">{staffText('staff.setup.intro')}</p>
        </div>
        <Button variant="outline" onPress={() => dismiss.mutate()} isDisabled={dismiss.isPending}>
          {staffText('staff.setup.dismiss')}
        </Button>
      </div>
      <ul className="divide-y divide-stone-100">
        {checklist.data.items.map((item) => {
          const words = ITEMS[item.id as ItemId];
          if (!words) return null;
          const state =
            item.id === 'smtp'
              ? staffText(item.done ? 'staff.setup.smtpSet' : 'staff.setup.smtpNotSet')
              : staffText(item.done ? 'staff.setup.done' : 'staff.setup.notDone');
          const tabLabel = words.tab && TAB_LABELS[words.tab];
          return (
            <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-done={item.done}>
              {item.done ? (
                <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden="true" className="size-5 shrink-0 text-stone-400" />
              )}
              <span className="font-medium text-stone-900">{staffText(words.label)}</span>
              <span className={item.done ? 'text-green-800' : 'text-amber-800'}>
                {state}
                {!item.done && item.missing > 0 && ` · ${staffText('staff.setup.missing', { count: item.missing })}`}
              </span>
              {words.tab && tabLabel && !item.done && (
                <Link to="." search={{ tab: words.tab }} className={cn(INLINE_TARGET, 'ml-auto text-brand-800')}>
                  {staffText('staff.setup.goTo', { tab: staffText(tabLabel) })}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
