import { Hono } from 'hono';
import { NO_FILE_MESSAGE } from '../../shared/schemas/gallery';
import { assertAdmin } from '../auth/guards';
import { withWriteRights } from '../auth/write-rights';
import { openChildPhoto, storeChildPhoto } from '../daily/photos';
import { consumeForAccount } from '../services/rate-limit';
import { readJson, restPage, type RestEnv, sendPage } from './shim';
import { refuse } from '../refusal';

function isFile(value: unknown): value is File {
  return typeof value === 'object' && value !== null && typeof (value as File).arrayBuffer === 'function';
}

const texts = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/**
 * Daily sheets and photos of the day: staff record entries and upload photos; parents read their own
 * child's day and photos; a photo's bytes go to staff and to the parents of a child tagged in it.
 */
export const dailyRest = new Hono<RestEnv>()
  .post('/admin/daily-entries', async (c) => c.json(await c.var.caller.daily.create(await readJson(c, c.var.caller.daily.create)), 201))
  .post('/admin/daily-entries/batch', async (c) => c.json(await c.var.caller.daily.batch(await readJson(c, c.var.caller.daily.batch)), 201))
  .patch('/admin/daily-entries/:id', async (c) => {
    const body = await readJson(c, c.var.caller.daily.update);
    return c.json(await c.var.caller.daily.update({ ...(typeof body === 'object' && body ? body : {}), id: c.req.param('id') }));
  })
  .delete('/admin/daily-entries/:id', async (c) => c.json(await c.var.caller.daily.delete(c.req.param('id'))))
  .get('/parent/daily-entries/:childId', async (c) =>
    c.json(await c.var.caller.daily.parentDay({ childId: c.req.param('childId'), date: c.req.query('date') ?? null })),
  )
  .get('/parent/children/:id/photos', async (c) =>
    sendPage(c, await c.var.caller.daily.parentPhotos({ childId: c.req.param('id'), ...restPage(c) })),
  )
  .post('/admin/child-photos', async (c) => {
    const { ctx } = c.var;
    // Who is asking, and whether they are within their rate, before a single byte of the body is read.
    assertAdmin(ctx.auth);
    consumeForAccount(ctx, ctx.limits.childPhotos);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw refuse('BAD_REQUEST', 'error.photoUnreadable');
    }
    const files = texts(form.picture)
      .filter(isFile)
      .filter((f) => f.size > 0 || f.name !== '');
    if (files.length === 0) throw refuse('BAD_REQUEST', NO_FILE_MESSAGE);
    if (files.length > 1) throw refuse('BAD_REQUEST', 'error.onePhoto');
    const childIds = [...texts(form['childIds[]']), ...texts(form.childIds)];
    if (childIds.some((v) => typeof v !== 'string')) throw refuse('BAD_REQUEST', 'error.tagChild');
    const caption = texts(form.caption)[0];
    const file = files[0]!;
    const photo = await storeChildPhoto(
      withWriteRights(ctx, 'staff'),
      ctx.auth.admin,
      { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name },
      { childIds, caption: typeof caption === 'string' ? caption : undefined },
    );
    return c.json(photo, 201);
  })
  .get('/child-photos/:id', async (c) => photoResponse(c.var.ctx, c.req.param('id'), false))
  .get('/child-photos/:id/original', async (c) => photoResponse(c.var.ctx, c.req.param('id'), true));

function photoResponse(ctx: RestEnv['Variables']['ctx'], id: string, original: boolean) {
  if (!ctx.auth) throw refuse('UNAUTHORIZED', 'error.signIn');
  return openChildPhoto(ctx, ctx.auth, id, original);
}
