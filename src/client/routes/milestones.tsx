import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Award, Sparkles, Trophy, Users } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { compareNames } from '../../shared/compare';
import { AGE_RANGES, MILESTONE_CATEGORIES } from '../../shared/constants';
import { type MilestonesSearch, milestonesSearch } from '../../shared/page-search';
import { AchievementCard } from '../components/milestones/AchievementCard';
import { MilestoneFilters } from '../components/milestones/MilestoneFilters';
import { type Achievement, type Milestone, MilestoneCard } from '../components/milestones/MilestoneCard';
import { MilestoneTabs } from '../components/milestones/MilestoneTabs';
import { Card } from '../components/ui/Card';
import { achievementsQuery, milestonesQuery, recentQuery } from '../components/milestones/queries';
import { publicPageHead } from '../lib/page-title';

export const Route = createFileRoute('/milestones')({
  head: publicPageHead('/milestones'),
  // The filters and the tab are in the address (ADR 018): links and a GET form work before any script.
  validateSearch: milestonesSearch,
  // Started here, not awaited: the page shows 'Loading milestones...' until the data is in.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(milestonesQuery());
    void queryClient.prefetchQuery(achievementsQuery());
    void queryClient.prefetchQuery(recentQuery());
  },
  component: MilestonesPage,
});

function MilestonesPage() {
  const milestones = useQuery(milestonesQuery());
  const achievements = useQuery(achievementsQuery());
  const recent = useQuery(recentQuery());
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/milestones' });
  // Within the app, a filter or tab changes the address without a page load, and the reader stays where they are.
  const show = (next: MilestonesSearch) => void navigate({ search: next, replace: true, resetScroll: false });
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
        <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Milestone Achievement Badges</h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-700">
          The developmental milestones our teachers watch for and celebrate, from first smiles to writing a first name.
        </p>
      </header>

      {loading ? (
        <p role="status" className="py-10 text-center text-stone-600">
          Loading milestones...
        </p>
      ) : milestones.isError ? (
        <p role="alert" className="py-10 text-center text-stone-700">
          We could not load the milestones right now. Please try again later.
        </p>
      ) : (
        <>
          <ul aria-label="Milestone statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Stat label="Total Milestones" value={milestones.data.length} icon={<Award aria-hidden="true" className="size-5" />} />
            <Stat
              label="Achievements Earned"
              value={achievements.data?.length ?? 0}
              icon={<Trophy aria-hidden="true" className="size-5" />}
            />
            <Stat label="Active Children" value="-" icon={<Users aria-hidden="true" className="size-5" />} />
            <Stat label="Recent Achievements" value={recent.data?.length ?? 0} icon={<Sparkles aria-hidden="true" className="size-5" />} />
          </ul>

          <MilestoneFilters search={search} onChange={show} />

          {/* Each panel starts with an h2 (hidden: its tab already shows the words) above the cards' h3s, so no heading level is skipped. */}
          <MilestoneTabs
            search={search}
            onSelect={show}
            panels={{
              milestones: (
                <>
                  <h2 className="sr-only">Available Milestones</h2>
                  {shownMilestones.length === 0 ? (
                    <Empty>No milestones match these filters.</Empty>
                  ) : (
                    <ul aria-label="Milestones" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
                  <h2 className="sr-only">All Achievements</h2>
                  {shownAchievements.length > 0 ? (
                    <AchievementList label="All achievements" achievements={shownAchievements} byId={byId} />
                  ) : filtering && (achievements.data?.length ?? 0) > 0 ? (
                    <Empty>No achievements match these filters.</Empty>
                  ) : (
                    <Empty>No achievements recorded yet. Start tracking milestones to see them here!</Empty>
                  )}
                </>
              ),
              recent: (
                <>
                  <h2 className="sr-only">Recent Achievements</h2>
                  {shownRecent.length > 0 ? (
                    <AchievementList label="Recent achievements" achievements={shownRecent} byId={byId} />
                  ) : filtering && (recent.data?.length ?? 0) > 0 ? (
                    <Empty>No recent achievements match these filters.</Empty>
                  ) : (
                    <Empty>No recent achievements to display.</Empty>
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
