import { Hono } from 'hono';
import { readJson, type RestEnv } from './shim';

/** The centre's profile: the REST twins of routers/centre.ts (ADR 090). */
export const centreRest = new Hono<RestEnv>()
  .get('/centre', async (c) => c.json(await c.var.caller.centre.public()))
  .get('/admin/centre', async (c) => c.json(await c.var.caller.centre.profile()))
  .patch('/admin/centre', async (c) => c.json(await c.var.caller.centre.update(await readJson(c, c.var.caller.centre.update))));
