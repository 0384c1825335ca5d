import { ChevronDown } from 'lucide-react';
import type { FormEvent } from 'react';
import { AGE_RANGES, type AgeRange, MILESTONE_CATEGORIES, type MilestoneCategory } from '~/shared/constants';
import type { MilestonesSearch } from '~/shared/page-search';
import { buttonClass } from '../ui/button-class';
import { usePageLanguage, useT } from '../../lib/i18n';
import { useMilestoneLabels } from './use-labels';

const selectClass =
  'min-h-11 w-full appearance-none rounded-lg border border-stone-300 bg-white px-3 py-2 pr-9 text-base text-stone-900 outline-none focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-500/30';

/**
 * The Age Range and Category filters (docs/product.md §2) as a GET form of native selects (ADR 018): sent, it loads
 * `/milestones?age=…&category=…`, which the server renders filtered, so the filters work before and without any
 * script. With a script, a choice applies at once (the page's script, or the app's router through `onChange`), and
 * the Apply button, which only a page without scripts needs, is hidden.
 */
export function MilestoneFilters({ search, onChange }: { search: MilestonesSearch; onChange?: (search: MilestonesSearch) => void }) {
  const choose = (part: 'age' | 'category', value: string) =>
    onChange?.({ ...search, [part]: value === 'all' || value === '' ? undefined : value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onChange) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '') || undefined;
    onChange({ ...search, age: value('age') as AgeRange | undefined, category: value('category') as MilestoneCategory | undefined });
  };
  const t = useT();
  const language = usePageLanguage();
  const labels = useMilestoneLabels();
  const ageOptions = [
    { value: 'all', label: t('milestones.allAges') },
    ...AGE_RANGES.map((value) => ({ value, label: labels.age(value) })),
  ];
  const categoryOptions = [
    { value: 'all', label: t('milestones.allCategories') },
    ...MILESTONE_CATEGORIES.map((value) => ({ value, label: labels.category(value) })),
  ];
  return (
    <form
      method="get"
      action={language === 'es' ? '/es/milestones' : '/milestones'}
      data-swap-form=""
      onSubmit={submit}
      className="mt-8 grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto] lg:max-w-2xl"
    >
      <Filter
        label={t('milestones.ageRange')}
        name="age"
        value={search.age ?? ''}
        options={ageOptions}
        onChange={(v) => choose('age', v)}
      />
      <Filter
        label={t('milestones.category')}
        name="category"
        value={search.category ?? ''}
        options={categoryOptions}
        onChange={(v) => choose('category', v)}
      />
      {search.tab && <input type="hidden" name="tab" value={search.tab} />}
      <button type="submit" className={buttonClass('outline', 'md', '[html[data-app-ready]_&]:hidden')}>
        {t('milestones.applyFilters')}
      </button>
    </form>
  );
}

function Filter({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = `milestones-filter-${name}`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          data-swap={name}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={selectClass}
        >
          {options.map((o) => (
            // 'all' is the address without the part.
            <option key={o.value} value={o.value === 'all' ? '' : o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500" />
      </div>
    </div>
  );
}
