import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './types';
import { MILESTONES, type MilestoneSeed } from './milestones';
import { milestones } from './schema';

/**
 * Reference data, applied at every start. Idempotent: milestones are upserted by their key, so a reworded name or
 * description reaches existing databases and a milestone keeps its id (and the achievements naming it). A row seeded
 * before milestones had keys is found by its name first (migration 0016 gives the seeded ones theirs).
 */
export function seedReferenceData(db: Db, seeds: readonly MilestoneSeed[] = MILESTONES): void {
  db.transaction((tx) => {
    for (const m of seeds) {
      tx.update(milestones)
        .set({ key: m.key })
        .where(and(eq(milestones.name, m.name), isNull(milestones.key)))
        .run();
      tx.insert(milestones)
        .values(m)
        .onConflictDoUpdate({
          target: milestones.key,
          set: {
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            category: sql`excluded.category`,
            ageRange: sql`excluded.age_range`,
            badgeIcon: sql`excluded.badge_icon`,
            badgeColor: sql`excluded.badge_color`,
            difficulty: sql`excluded.difficulty`,
          },
        })
        .run();
    }
  });
}
