import { desc, eq } from 'drizzle-orm';
import { pictures } from '../../../db/schema';
import { publicProcedure, router } from '../trpc';

/** Text for the image's alt attribute: the caption, else a description from the category. */
export function pictureAlt(p: { caption: string | null; category: string }): string {
  if (p.caption?.trim()) return p.caption.trim();
  return p.category === 'general' ? 'Children learning and playing at the centre' : `Children at the centre: ${p.category}`;
}

export const galleryRouter = router({
  /** The public gallery: active pictures, newest first. */
  list: publicProcedure.query(({ ctx }) =>
    ctx.db
      .select({ id: pictures.id, fileName: pictures.fileName, caption: pictures.caption, originalName: pictures.originalName, category: pictures.category })
      .from(pictures)
      .where(eq(pictures.isActive, true))
      .orderBy(desc(pictures.uploadedAt))
      .all()
      .map(({ category, ...p }) => ({ ...p, alt: pictureAlt({ caption: p.caption, category }) })),
  ),
});
