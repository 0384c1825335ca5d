import { AGE_RANGES, CELEBRATION_LEVELS, DIFFICULTIES, MILESTONE_CATEGORIES } from '~/shared/constants';
import { useT } from '../../lib/i18n';
import { capitalize } from './labels';

const has = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/**
 * The public milestones page's words for the stored values, in the address's language: age bands,
 * categories, difficulties and celebrations from the catalogue; a value it does not know is shown as stored.
 */
export function useMilestoneLabels() {
  const t = useT();
  return {
    age: (v: string) => (has(AGE_RANGES, v) ? t(`milestones.age.${v}`) : v),
    category: (v: string) => (has(MILESTONE_CATEGORIES, v) ? t(`milestones.cat.${v}`) : capitalize(v)),
    difficulty: (v: string) => (has(DIFFICULTIES, v) ? t(`milestones.difficulty.${v}`) : capitalize(v)),
    celebration: (v: string) => t(`milestones.celebration.${has(CELEBRATION_LEVELS, v) ? v : 'standard'}`),
  };
}
