import { Hono } from 'hono';
import { assertDirector } from '../auth/guards';
import { withWriteRights } from '../auth/write-rights';
import { storeCentreLogo } from '../centre/logo';
import { refuse } from '../refusal';
import { readJson, type RestEnv } from './shim';

const isFile = (value: unknown): value is File =>
  typeof value === 'object' && value !== null && typeof (value as File).arrayBuffer === 'function';

/** The centre's profile: the REST twins of routers/centre.ts (ADR 090). */
export const centreRest = new Hono<RestEnv>()
  .get('/centre', async (c) => c.json(await c.var.caller.centre.public()))
  .get('/admin/centre', async (c) => c.json(await c.var.caller.centre.profile()))
  .patch('/admin/centre', async (c) => c.json(await c.var.caller.centre.update(await readJson(c, c.var.caller.centre.update))))
  // The logo as multipart (field `logo`, one image): tRPC carries JSON only. Who asks is decided before a byte is read.
  .put('/admin/centre/logo', async (c) => {
    assertDirector(c.var.ctx.auth);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw refuse('BAD_REQUEST', 'error.logoMissing');
    }
    const files = (Array.isArray(form.logo) ? form.logo : [form.logo]).filter(isFile).filter((f) => f.size > 0);
    if (files.length !== 1) throw refuse('BAD_REQUEST', 'error.logoMissing');
    return c.json(await storeCentreLogo(withWriteRights(c.var.ctx, 'director'), new Uint8Array(await files[0]!.arrayBuffer())));
  })
  .delete('/admin/centre/logo', async (c) => c.json(await c.var.caller.centre.removeLogo()));
