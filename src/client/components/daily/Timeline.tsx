import {
  Baby,
  Camera,
  DoorOpen,
  LogIn,
  Download,
  Milk,
  MessageSquareText,
  Moon,
  Smile,
  Toilet,
  Utensils,
} from '~/client/components/icons/first-view-icons';
import type { ReactNode } from 'react';
import type { TimelineItem, TimelineKind } from '~/shared/timeline';
import { describeItem, type TimelineWords } from '~/shared/timeline-text';

/**
 * A child's day as a list, newest first: the parent's Today tab and the staff's child sheet. One case per
 * kind of TimelineItem, the attendance's check-in and check-out included.
 */
const ICONS: Record<TimelineKind, ReactNode> = {
  meal: <Utensils className="size-5" />,
  bottle: <Milk className="size-5" />,
  nap: <Moon className="size-5" />,
  diaper: <Baby className="size-5" />,
  toilet: <Toilet className="size-5" />,
  mood: <Smile className="size-5" />,
  note: <MessageSquareText className="size-5" />,
  photo: <Camera className="size-5" />,
  check_in: <LogIn className="size-5" />,
  check_out: <DoorOpen className="size-5" />,
};

export function Timeline({
  items,
  label,
  empty,
  action,
  words,
}: {
  items: TimelineItem[];
  /** The reader's words and times: the portal's formatter for a parent (usePortalIntl), `ENGLISH_WORDS` for staff. */
  words: TimelineWords;
  label: string;
  empty: string;
  action?: (item: TimelineItem) => ReactNode;
}) {
  if (items.length === 0) return <p className="py-4 text-stone-600">{empty}</p>;
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {items.map((item) => {
        const { title, detail } = describeItem(item, words);
        return (
          <li key={`${item.kind}:${item.id}`} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3">
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              {ICONS[item.kind]}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-stone-900">{title}</span>
                <time dateTime={new Date(item.at).toISOString()} className="text-sm text-stone-600">
                  {words.time(item.at)}
                </time>
              </p>
              {item.kind === 'photo' ? (
                <figure className="mt-2 flex flex-col gap-2">
                  <img
                    src={item.details.url}
                    alt={item.details.caption ?? words.t('portal.timeline.photoOfTheDay')}
                    width={item.details.width}
                    height={item.details.height}
                    loading="lazy"
                    className="h-auto max-h-96 w-full max-w-md rounded-lg object-contain"
                  />
                  {item.details.caption && <figcaption className="text-stone-700">{item.details.caption}</figcaption>}
                  <a
                    href={item.details.originalUrl}
                    download
                    className="inline-flex min-h-11 w-fit items-center gap-2 rounded-lg px-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {words.t('portal.timeline.downloadPhoto')}
                  </a>
                </figure>
              ) : (
                <p className="break-words text-stone-700">{detail}</p>
              )}
            </div>
            {action?.(item)}
          </li>
        );
      })}
    </ol>
  );
}
