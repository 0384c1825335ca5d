import { Hono } from 'hono';
import { readJson, type RestEnv } from './shim';

export const adminAuthRest = new Hono<RestEnv>()
  .post('/admin/login', async (c) => c.json(await c.var.caller.adminAuth.login(await readJson(c, c.var.caller.adminAuth.login))))
  .post('/admin/logout', async (c) => c.json(await c.var.caller.adminAuth.logout()))
  .get('/admin/me', async (c) => c.json(await c.var.caller.adminAuth.me()));
