import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Award, Sparkles, Trophy, Users } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { compareNames } from '~/shared/compare';
import { AGE_RANGES, MILESTONE_CATEGORIES } from '~/shared/constants';
import type { MilestonesSearch } from '~/shared/page-search';
import { AchievementCard } from './AchievementCard';
import { MilestoneFilters } from './MilestoneFilters';
import { type Achievement, type Milestone, MilestoneCard } from './MilestoneCard';
import { MilestoneTabs } from './MilestoneTabs';
import { Card } from '../ui/Card';
import { achievementsQuery, milestonesQuery, recentQuery } from './queries';
import { usePageLanguage, useT } from '../../lib/i18n';

/** `/milestones` and its Spanish twin `/es/milestones`: the same page, in the address's language. */
export function MilestonesPage() {
  const t = useT();
  const language = usePageLanguage();
  const milestones = useQuery(milestonesQuery());
  const achievements = useQuery(achievementsQuery());
  const recent = useQuery(recentQuery());
  const search = useSearch({ strict: false }) as MilestonesSearch;
  const navigate = useNavigate();
  const path = language === 'es' ? '/es/milestones' : '/milestones';
  // Within the app, a filter or tab changes the address without a page load, and the reader stays where they are.
  const show = (next: MilestonesSearch) => void navigate({ to: path, search: next, replace: true, resetScroll: false });
  const ageRange = search.age ?? 'all';
  const category = search.category ?? 'all';

  const byId = useMemo(() => new Map((milestones.data ?? []).map((m) => [m.id, m])), [milestones.data]);
  const matches = (m: Milestone | undefined) =>
    !!m && (ageRange === 'all' || m.ageRange === ageRange) && (category === 'all' || m.category === category);
  const filtering = ageRange !== 'all' || category !== 'all';
  const shownMilestones = useMemo(() => sortMilestones(milestones.data ?? []), [milestones.data]).filter(matches);
  // Achievements follow the filters through their milestone.
  const filterAchievements = (list: readonly Achievement[]) => (filtering ? list.filter((a) => matches(byId.get(a.milestoneId))) : list);
  const shownAchievements = filterAchievements(achievements.data ?? []);
  const shownRecent = filterAchievements(recent.data ?? []);

  const loading = milestones.isPending || achievements.isPending || recent.isPending;

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">{t('milestones.title')}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-700">{t('milestones.lead')}</p>
      </header>

      {loading ? (
        <p role="status" className="py-10 text-center text-stone-600">
          {t('milestones.loading')}
        </p>
      ) : milestones.isError ? (
        <p role="alert" className="py-10 text-center text-stone-700">
          {t('milestones.failed')}
        </p>
      ) : (
        <>
          <ul aria-label={t('milestones.stats')} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Stat label={t('milestones.total')} value={milestones.data.length} icon={<Award aria-hidden="true" className="size-5" />} />
            <Stat
              label={t('milestones.earned')}
              value={achievements.data?.length ?? 0}
              icon={<Trophy aria-hidden="true" className="size-5" />}
            />
            <Stat label={t('milestones.activeChildren')} value="-" icon={<Users aria-hidden="true" className="size-5" />} />
            <Stat
              label={t('milestones.recentCount')}
              value={recent.data?.length ?? 0}
              icon={<Sparkles aria-hidden="true" className="size-5" />}
            />
          </ul>

          <MilestoneFilters search={search} onChange={show} />

          {/* Each panel starts with an h2 (hidden: its tab already shows the words) above the cards' h3s, so no heading level is skipped. */}
          <MilestoneTabs
            search={search}
            onSelect={show}
            panels={{
              milestones: (
                <>
                  <h2 className="sr-only">{t('milestones.tab.milestones')}</h2>
                  {shownMilestones.length === 0 ? (
                    <Empty>{t('milestones.noMatch')}</Empty>
                  ) : (
                    <ul aria-label={t('milestones.list')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                      {shownMilestones.map((m) => (
                        <li key={m.id}>
                          <MilestoneCard milestone={m} />
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              ),
              achievements: (
                <>
                  <h2 className="sr-only">{t('milestones.tab.achievements')}</h2>
                  {shownAchievements.length > 0 ? (
                    <AchievementList label={t('milestones.allList')} achievements={shownAchievements} byId={byId} />
                  ) : filtering && (achievements.data?.length ?? 0) > 0 ? (
                    <Empty>{t('milestones.noAchievementMatch')}</Empty>
                  ) : (
                    <Empty>{t('milestones.noAchievements')}</Empty>
                  )}
                </>
              ),
              recent: (
                <>
                  <h2 className="sr-only">{t('milestones.tab.recent')}</h2>
                  {shownRecent.length > 0 ? (
                    <AchievementList label={t('milestones.recentList')} achievements={shownRecent} byId={byId} />
                  ) : filtering && (recent.data?.length ?? 0) > 0 ? (
                    <Empty>{t('milestones.noRecentMatch')}</Empty>
                  ) : (
                    <Empty>{t('milestones.noRecent')}</Empty>
                  )}
                </>
              ),
            }}
          />
        </>
      )}
    </main>
  );
}

/** Youngest age band first, then the categories in their usual order. */
function sortMilestones(list: readonly Milestone[]): Milestone[] {
  const rank = (values: readonly string[], v: string) => {
    const i = values.indexOf(v);
    return i === -1 ? values.length : i; // unknown values go last
  };
  return [...list].sort(
    (a, b) =>
      rank(AGE_RANGES, a.ageRange) - rank(AGE_RANGES, b.ageRange) ||
      rank(MILESTONE_CATEGORIES, a.category) - rank(MILESTONE_CATEGORIES, b.category) ||
      compareNames(a.name, b.name),
  );
}

function Stat({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <li>
      {/* On a phone the icon sits above the number, leaving the label the card's full width: our own words
          never break inside a word (the body's overflow-wrap is for text staff type). */}
      <Card className="flex h-full flex-col items-start gap-2 p-4 sm:flex-row sm:items-center sm:gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">{icon}</span>
        <div className="min-w-0 [overflow-wrap:normal]">
          <p className="text-2xl font-bold text-stone-900">{value}</p>
          <p className="text-sm text-stone-600">{label}</p>
        </div>
      </Card>
    </li>
  );
}

function AchievementList({
  label,
  achievements,
  byId,
}: {
  label: string;
  achievements: readonly Achievement[];
  byId: ReadonlyMap<string, Milestone>;
}) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {achievements.map((a) => (
        <li key={a.id}>
          <AchievementCard achievement={a} milestone={byId.get(a.milestoneId)} />
        </li>
      ))}
    </ul>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">{children}</p>;
}
