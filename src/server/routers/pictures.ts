import { idSchema } from '../../shared/schemas/content';
import { deleteGalleryPicture, listGalleryPictures } from '../services/images';
import { audited } from '../audit/record';
import { directorProcedure, router } from '../trpc';

/**
 * The gallery as staff manage it. Uploads arrive as multipart at POST /api/admin/pictures
 * (rest/admin-gallery.ts), which calls the same service; the public list is gallery.list.
 */
export const picturesRouter = router({
  list: directorProcedure.query(({ ctx }) => listGalleryPictures(ctx.db)),
  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) =>
    audited(
      ctx,
      (db) => deleteGalleryPicture({ ...ctx, db }, input),
      () => ({ action: 'delete', entity: 'picture', entityId: input }),
    ),
  ),
});
