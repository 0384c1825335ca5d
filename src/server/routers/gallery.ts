import { publicProcedure, router } from '../trpc';
import { publicGallery } from '../content/gallery';

export const galleryRouter = router({
  /**
   * The public gallery: active pictures, newest first. `originalName` stays in the answer (the contract names
   * it) but holds the published file's own random name, never the uploader's: at a childcare centre that is
   * often a child's full name ('Emma_Johnson_birthday.jpg'). Staff see the real one in pictures.list.
   */
  list: publicProcedure.query(({ ctx }) => publicGallery(ctx)),
});
