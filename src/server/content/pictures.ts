/**
 * The gallery as staff manage it: the queries behind routers/pictures.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { StaffContext } from '../context';
import { type idSchema } from '../../shared/schemas/content';
import { deleteGalleryPicture, listGalleryPictures } from '../services/images';
import { audited } from '../audit/record';

export function listPictures(ctx: StaffContext) {
  return listGalleryPictures(ctx.db);
}

export function deletePicture(ctx: StaffContext, input: z.output<typeof idSchema>) {
  return audited(
    ctx,
    (db) => deleteGalleryPicture({ ...ctx, db }, input),
    () => ({ action: 'delete', entity: 'picture', entityId: input }),
  );
}
