/**
 * The public gallery: the query behind routers/gallery.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { Context } from '../context';
import { desc, eq } from 'drizzle-orm';
import { pictures } from '~/db/schema';
import { dailyRead } from '../cache/store';
import { pictureAlt } from '../services/images';

export function publicGallery(ctx: Context) {
  return dailyRead(ctx, 'gallery.list', () =>
    ctx.db
      .select({
        id: pictures.id,
        fileName: pictures.fileName,
        caption: pictures.caption,
        category: pictures.category,
        width: pictures.width,
        height: pictures.height,
        variants: pictures.variants,
      })
      .from(pictures)
      .where(eq(pictures.isActive, true))
      .orderBy(desc(pictures.uploadedAt))
      .all()
      .map(({ category, id, fileName, caption, width, height, variants }) => ({
        id,
        fileName,
        caption,
        originalName: fileName,
        alt: pictureAlt({ caption, category }),
        // Added to the contract for responsive images (ADR 012): the size, and the AVIF/WebP copies for srcset
        // ([] until made: the picture at /uploads/{fileName} is shown alone).
        width,
        height,
        variants: variants ?? [],
      })),
  );
}
