import { Hono } from 'hono';
import { readJson, type RestEnv } from './shim';

export const adminAuthRest = new Hono<RestEnv>()
  .post('/admin/login', async (c) => c.json(await c.var.caller.adminAuth.login(await readJson(c, c.var.caller.adminAuth.login))))
  .post('/admin/setup', async (c) => c.json(await c.var.caller.adminAuth.setup(await readJson(c, c.var.caller.adminAuth.setup)), 201))
  .post('/admin/reauth', async (c) => c.json(await c.var.caller.adminAuth.reauth(await readJson(c, c.var.caller.adminAuth.reauth))))
  .post('/admin/logout', async (c) => c.json(await c.var.caller.adminAuth.logout()))
  .get('/admin/me', async (c) => c.json(await c.var.caller.adminAuth.me()));
