import { asc, desc, eq, gte } from 'drizzle-orm';
import { childAchievements, milestones } from '../../../db/schema';
import { centreToday } from '../clock';
import { publicProcedure, router } from '../trpc';

/**
 * Achievements as the public page shows them. The child's id and photo are left out on purpose: the
 * public page never identifies a child ("Active Children" is always shown as '-').
 */
const publicAchievement = {
  id: childAchievements.id,
  milestoneId: childAchievements.milestoneId,
  achievedAt: childAchievements.achievedAt,
  notes: childAchievements.notes,
  witnessedBy: childAchievements.witnessedBy,
  celebrationLevel: childAchievements.celebrationLevel,
  createdAt: childAchievements.createdAt,
};

/** How far back "recent" reaches, and how many it shows at most. */
export const RECENT_DAYS = 30;
export const RECENT_LIMIT = 10;

export const milestonesRouter = router({
  list: publicProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: milestones.id,
        name: milestones.name,
        description: milestones.description,
        category: milestones.category,
        ageRange: milestones.ageRange,
        badgeIcon: milestones.badgeIcon,
        badgeColor: milestones.badgeColor,
        difficulty: milestones.difficulty,
        isActive: milestones.isActive,
        createdAt: milestones.createdAt,
      })
      .from(milestones)
      .where(eq(milestones.isActive, true))
      .orderBy(asc(milestones.createdAt), asc(milestones.name))
      .all(),
  ),
});

export const achievementsRouter = router({
  list: publicProcedure.query(({ ctx }) =>
    ctx.db.select(publicAchievement).from(childAchievements).orderBy(desc(childAchievements.achievedAt)).all(),
  ),
  /** Achieved in the last RECENT_DAYS days, newest first, at most RECENT_LIMIT. */
  recent: publicProcedure.query(({ ctx }) => {
    const since = new Date(`${centreToday(ctx.clock)}T00:00:00Z`);
    since.setUTCDate(since.getUTCDate() - RECENT_DAYS);
    return ctx.db
      .select(publicAchievement)
      .from(childAchievements)
      .where(gte(childAchievements.achievedAt, since.toISOString().slice(0, 10)))
      .orderBy(desc(childAchievements.achievedAt))
      .limit(RECENT_LIMIT)
      .all();
  }),
});
