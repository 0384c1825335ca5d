import { achievementSchema } from '../../shared/schemas/development';
import { idSchema } from '../../shared/schemas/content';
import { dailyRead } from '../cache/store';
import { publicProcedure, router, staffProcedure } from '../trpc';
import {
  recentAchievements,
  listMilestones,
  listAchievements,
  achievementsOfChild,
  recordAchievement,
  deleteAchievement,
} from '../development/milestones';

export const milestonesRouter = router({
  list: publicProcedure.query(({ ctx }) => listMilestones(ctx)),
});

export const achievementsRouter = router({
  list: publicProcedure.query(({ ctx }) => listAchievements(ctx)),
  /** Achieved in the last RECENT_DAYS days, newest first, at most RECENT_LIMIT. */
  recent: publicProcedure.query(({ ctx }) => dailyRead(ctx, 'achievements.recent', () => recentAchievements(ctx))),

  /** Staff: one child's achievements, newest first. */
  forChild: staffProcedure.input(idSchema).query(({ ctx, input }) => achievementsOfChild(ctx, input)),

  /**
   * Staff record that a child achieved a milestone. The row is committed first; then the parents are told by
   * e-mail, and parentNotified says whether that worked (a failed e-mail never loses the achievement).
   */
  record: staffProcedure.input(achievementSchema).mutation(({ ctx, input }) => recordAchievement(ctx, input)),

  /** Staff correct a mistake: the achievement goes. */
  delete: staffProcedure.input(idSchema).mutation(({ ctx, input }) => deleteAchievement(ctx, input)),
});
