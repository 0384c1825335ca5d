import type { RouterOutputs } from '../../lib/trpc';
import { Badge } from '../ui/Card';
import { usePortalIntl } from '../../i18n';
import { MomentDay } from '../ui/MomentDay';
import { categoryLabel, NoteIcon, noteTone } from './categories';

export type ParentNote = RouterOutputs['parentPortal']['notes']['items'][number];

function Chips({ title, items, tone }: { title: string; items: string[]; tone: 'brand' | 'purple' }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{title}</h4>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {items.map((s) => (
          <li key={s}>
            <Badge tone={tone}>{s}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One development note (docs/product.md §2 Notes tab): title, category, date, content, skills, areas, author. */
export function NoteItem({ note: n }: { note: ParentNote }) {
  const intl = usePortalIntl();
  const { t } = intl;
  return (
    <article className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-stone-900">
          <NoteIcon category={n.category} aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          {n.title}
        </h3>
        <Badge tone={noteTone(n.category)}>{categoryLabel(intl, 'note', n.category)}</Badge>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {intl.language === 'en' ? (
          <MomentDay value={n.createdAt} />
        ) : (
          <time dateTime={new Date(n.createdAt).toISOString()} suppressHydrationWarning>
            {intl.date(n.createdAt)}
          </time>
        )}
      </p>
      <p className="mt-2 whitespace-pre-line text-stone-800">{n.content}</p>
      <Chips title={t('portal.skillsObserved')} items={n.skillsObserved} tone="brand" />
      <Chips title={t('portal.developmentAreas')} items={n.developmentAreas} tone="purple" />
      <p className="mt-3 text-sm text-stone-600">{t('portal.by', { name: n.authorName })}</p>
    </article>
  );
}
