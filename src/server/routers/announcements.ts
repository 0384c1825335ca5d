import { announcementSchema, announcementUpdateSchema, idSchema } from '../../shared/schemas/content';
import { directorProcedure, publicProcedure, router } from '../trpc';
import {
  allAnnouncements,
  createAnnouncement,
  currentAnnouncements,
  deleteAnnouncement,
  updateAnnouncement,
} from '../content/announcements';

export const announcementsRouter = router({
  /**
   * Current announcements, newest first: none whose expiry date (its last day) is before today in the
   * centre's time zone. Only public ones unless the caller is staff; the dashboard reads `all`.
   */
  list: publicProcedure.query(({ ctx }) => currentAnnouncements(ctx)),

  /** Every announcement, expired and private ones included: the dashboard's Announcements tab. */
  all: directorProcedure.query(({ ctx }) => allAnnouncements(ctx)),

  create: directorProcedure.input(announcementSchema).mutation(({ ctx, input }) => createAnnouncement(ctx, input)),

  /** Replaces every field of the announcement (the create form's rules); 404 for an unknown id. */
  update: directorProcedure.input(announcementUpdateSchema).mutation(({ ctx, input }) => updateAnnouncement(ctx, input)),

  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) => deleteAnnouncement(ctx, input)),
});
