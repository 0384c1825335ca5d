import { type MilestonesSearch, searchString } from '~/shared/page-search';

/** The address of `/milestones` showing `search` (its parts in a fixed order, so one view has one address). */
export function milestonesHref(search: MilestonesSearch, language: 'en' | 'es' = 'en'): string {
  const query = searchString({ ...search });
  const path = language === 'es' ? '/es/milestones' : '/milestones';
  return query ? `${path}?${query}` : path;
}

/** The page's three tabs, in order; the first is the default (docs/product.md §2). */
export const MILESTONE_VIEWS = [
  { id: 'milestones', label: 'Available Milestones' },
  { id: 'achievements', label: 'All Achievements' },
  { id: 'recent', label: 'Recent Achievements' },
] as const;

export const tabId = (view: string) => `milestones-tab-${view}`;
export const panelId = (view: string) => `milestones-panel-${view}`;
