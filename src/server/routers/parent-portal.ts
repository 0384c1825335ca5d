import { idSchema } from '../../shared/schemas/content';
import { pageSchema } from '../../shared/schemas/development';
import { preferencesUpdateSchema } from '../../shared/schemas/preferences';
import { parentProcedure, router } from '../trpc';
import {
  ownChildren,
  portalDashboardInput,
  portalDashboard,
  childActivities,
  childNotes,
  childStats,
  childMilestones,
  readPreferences,
  savePreferences,
} from '../parents/portal';

/**
 * The parent portal. Every procedure takes a child id and checks it against parent_child_relationships
 * first (parentChildOr404): another family's child answers 404, and private notes never leave the server.
 */
export const parentPortalRouter = router({
  /** GET /api/parent/children. */
  children: parentProcedure.query(({ ctx }) => ownChildren(ctx)),

  /**
   * Everything the dashboard shows first, in one round trip: the children, and for the chosen one (the
   * first when none is named) the figures, the three latest notes and activities, and the milestones.
   */
  dashboard: parentProcedure.input(portalDashboardInput).query(({ ctx, input }) => portalDashboard(ctx, input)),

  /** GET /api/parent/daily-activities/{childId}: a page, newest first. */
  activities: parentProcedure.input(pageSchema).query(({ ctx, input }) => childActivities(ctx, input)),

  /** GET /api/parent/development-notes/{childId}: a page, newest first, never a private note. */
  notes: parentProcedure.input(pageSchema).query(({ ctx, input }) => childNotes(ctx, input)),

  /** GET /api/parent/stats/{childId}. */
  stats: parentProcedure.input(idSchema).query(({ ctx, input }) => childStats(ctx, input)),

  /** The Milestones tab of one child. */
  milestones: parentProcedure.input(idSchema).query(({ ctx, input }) => childMilestones(ctx, input)),

  /** GET /api/parent/preferences: every preference, the defaults where the parent has chosen nothing. */
  preferences: parentProcedure.query(({ ctx }) => readPreferences(ctx)),

  /** PATCH /api/parent/preferences: the fields given; the next page, e-mail or PDF follows them. */
  updatePreferences: parentProcedure.input(preferencesUpdateSchema).mutation(({ ctx, input }) => savePreferences(ctx, input)),
});
