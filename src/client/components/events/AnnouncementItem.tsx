import type { ReactNode } from 'react';
import { formatDay, usePageLanguage, useT } from '../../lib/i18n';
import { Badge } from '../ui/Card';
import { MomentDay } from '../ui/MomentDay';
import { cn } from '../ui/cn';
import { announcementCategoryTone, priorityTone, useAnnouncementCategoryLabel } from './categories';
import { PriorityIcon, usePriorityLabel } from './PriorityIcon';
import type { PublicAnnouncement } from './queries';

/**
 * One announcement with every detail docs/product.md §2 names: the 'All Announcements' list and the dashboard's
 * Announcements tab, which adds its own `badges` (Private) after the category and priority.
 */
export function AnnouncementItem({
  announcement: a,
  badges,
  className,
}: {
  announcement: PublicAnnouncement;
  badges?: ReactNode;
  className?: string;
}) {
  const t = useT();
  const language = usePageLanguage();
  const categoryLabel = useAnnouncementCategoryLabel();
  const priorityLabel = usePriorityLabel();
  return (
    <article className={cn('flex gap-3', className)}>
      <PriorityIcon priority={a.priority} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-stone-900">{a.title}</h3>
          <Badge tone={announcementCategoryTone(a.category)}>{categoryLabel(a.category)}</Badge>
          <Badge tone={priorityTone(a.priority)}>{priorityLabel(a.priority)}</Badge>
          {badges}
        </div>
        <p className="mt-2 text-sm whitespace-pre-line text-stone-700">{a.content}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-stone-500">
          <span>
            {t('events.posted')} <MomentDay value={a.createdAt} />
          </span>
          {a.expiresAt && <span>{t('events.expires', { date: formatDay(language, a.expiresAt) })}</span>}
        </p>
      </div>
    </article>
  );
}
