import { describe, expect, it } from 'vitest';
import { MILESTONES } from '~/db/milestones';
import { AGE_RANGES, DIFFICULTIES, MILESTONE_CATEGORIES } from '~/shared/constants';

// db/ imports nothing above it, so the seed's values are checked against the app's lists here.
describe('milestone seed', () => {
  it.each(MILESTONES.map((m) => [m.name, m] as const))('%s uses a category, age band and difficulty the app knows', (_, m) => {
    expect(MILESTONE_CATEGORIES).toContain(m.category);
    expect(AGE_RANGES).toContain(m.ageRange);
    expect(DIFFICULTIES).toContain(m.difficulty);
  });
});
