import { idSchema } from '../../shared/schemas/content';
import { directorProcedure, router } from '../trpc';
import { listPictures, deletePicture } from '../content/pictures';

/**
 * The gallery as staff manage it. Uploads arrive as multipart at POST /api/admin/pictures
 * (rest/admin-gallery.ts), which calls the same service; the public list is gallery.list.
 */
export const picturesRouter = router({
  list: directorProcedure.query(({ ctx }) => listPictures(ctx)),
  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) => deletePicture(ctx, input)),
});
