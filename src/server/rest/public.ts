import { Hono } from 'hono';
import { readJson, type RestEnv } from './shim';

/** The public paths of SPEC.md §7, each calling its tRPC procedure. */
export const publicRest = new Hono<RestEnv>()
  .get('/gallery', async (c) => c.json(await c.var.caller.gallery.list()))
  .get('/events', async (c) => c.json(await c.var.caller.events.list()))
  .get('/announcements', async (c) => c.json(await c.var.caller.announcements.list()))
  .get('/milestones', async (c) => c.json(await c.var.caller.milestones.list()))
  .get('/achievements', async (c) => c.json(await c.var.caller.achievements.list()))
  .get('/achievements/recent', async (c) => c.json(await c.var.caller.achievements.recent()))
  .post('/enrollment', async (c) => c.json(await c.var.caller.enrollment.submit((await readJson(c)) as never), 201));
