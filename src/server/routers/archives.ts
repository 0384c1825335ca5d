import { idSchema } from '../../shared/schemas/content';
import { directorProcedure, router } from '../trpc';
import { sendArchiveLink } from '../exports/archive-mail';

/** A family's archive: staff e-mail each parent of a child a link to download it. */
export const archivesRouter = router({
  /**
   * E-mails each parent account linked to the child (active or not: a child who left closes the account, and
   * the link works without signing in then) a link to the child's archive, valid for ARCHIVE_LINK_DAYS.
   */
  sendLink: directorProcedure.input(idSchema).mutation(({ ctx, input }) => sendArchiveLink(ctx, input)),
});
