import { idSchema } from '../../shared/schemas/content';
import { deleteGalleryPicture, listGalleryPictures } from '../services/images';
import { adminProcedure, router } from '../trpc';

/**
 * The gallery as staff manage it. Uploads arrive as multipart at POST /api/admin/pictures
 * (rest/admin-gallery.ts), which calls the same service; the public list is gallery.list.
 */
export const picturesRouter = router({
  list: adminProcedure.query(({ ctx }) => listGalleryPictures(ctx.db)),
  delete: adminProcedure.input(idSchema).mutation(({ ctx, input }) => deleteGalleryPicture(ctx, input)),
});
