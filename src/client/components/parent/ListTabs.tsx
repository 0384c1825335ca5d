import { useInfiniteQuery } from '@tanstack/react-query';
import { usePortalIntl } from '../../i18n';
import { trpc } from '../../lib/trpc';
import { ActivityItem } from './ActivityItem';
import { NoteItem } from './NoteItem';
import { PagedList } from './PagedList';
import type { PortalTabProps } from './tabs';

/** A page of a long list (a year of activities is loaded as the parent scrolls through it). */
export const PAGE_SIZE = 20;

/** The Activities tab: every activity of the child, newest first, a page at a time. */
export function ActivitiesTab({ child }: PortalTabProps) {
  const { t } = usePortalIntl();
  const activities = useInfiniteQuery({
    ...trpc.parentPortal.activities.infiniteQueryOptions(
      { childId: child.id, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor },
    ),
    staleTime: 30_000,
  });
  return (
    <PagedList
      query={activities}
      empty={t('portal.noActivities')}
      label={t('portal.list.activities')}
      render={(a) => <ActivityItem activity={a} />}
    />
  );
}

/** The Notes tab: every development note of the child, newest first, a page at a time. */
export function NotesTab({ child }: PortalTabProps) {
  const { t } = usePortalIntl();
  const notes = useInfiniteQuery({
    ...trpc.parentPortal.notes.infiniteQueryOptions(
      { childId: child.id, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor },
    ),
    staleTime: 30_000,
  });
  return <PagedList query={notes} empty={t('portal.noNotes')} label={t('portal.list.notes')} render={(n) => <NoteItem note={n} />} />;
}
