import { sql } from 'drizzle-orm';
import type { Db } from './types';
import { MILESTONES } from './milestones';
import { milestones } from './schema';

/** Reference data, applied at every start. Idempotent: milestones are upserted by name. */
export function seedReferenceData(db: Db): void {
  db.transaction((tx) => {
    for (const m of MILESTONES) {
      tx.insert(milestones)
        .values(m)
        .onConflictDoUpdate({
          target: milestones.name,
          set: {
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
