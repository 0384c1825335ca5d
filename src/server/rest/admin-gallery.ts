import { Hono } from 'hono';
import { NO_FILE_MESSAGE } from '../../shared/schemas/gallery';
import { assertDirector } from '../auth/guards';
import { recordAudit } from '../audit/record';
import { withWriteRights } from '../auth/write-rights';
import { storeGalleryPicture } from '../services/images';
import type { RestEnv } from './shim';
import { refuse } from '../refusal';

function isFile(value: unknown): value is File {
  return typeof value === 'object' && value !== null && typeof (value as File).arrayBuffer === 'function';
}

function textField(value: unknown): string | undefined {
  if (Array.isArray(value)) return textField(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/** Gallery management (docs/product.md §7 Admin dashboard): list, multipart upload, delete. */
export const adminGalleryRest = new Hono<RestEnv>()
  .get('/admin/pictures', async (c) => c.json(await c.var.caller.pictures.list()))
  .post('/admin/pictures', async (c) => {
    // Decide who is asking before reading a single byte of the body.
    assertDirector(c.var.ctx.auth);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw refuse('BAD_REQUEST', 'error.pictureUnreadableUpload');
    }
    const entries = (Array.isArray(form.picture) ? form.picture : [form.picture]).filter(isFile).filter((f) => f.size > 0 || f.name !== '');
    if (entries.length === 0) throw refuse('BAD_REQUEST', NO_FILE_MESSAGE);
    if (entries.length > 1) throw refuse('BAD_REQUEST', 'error.onePicture');
    const file = entries[0]!;
    const picture = await storeGalleryPicture(
      withWriteRights(c.var.ctx, 'director'),
      { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name },
      { category: textField(form.category), caption: textField(form.caption) },
      (db, id) =>
        recordAudit(db, c.var.ctx, {
          action: 'create',
          entity: 'picture',
          entityId: id,
          fields: { originalName: file.name, size: file.size, category: textField(form.category), caption: textField(form.caption) },
        }),
    );
    return c.json(picture, 201);
  })
  .delete('/admin/pictures/:id', async (c) => c.json(await c.var.caller.pictures.delete(c.req.param('id'))));
