import { Hono } from 'hono';
import { readJson, type RestEnv } from './shim';

/** Admin writes on events and announcements (SPEC.md §7 Admin dashboard). */
export const adminContentRest = new Hono<RestEnv>()
  .post('/events', async (c) => c.json(await c.var.caller.events.create((await readJson(c)) as never), 201))
  .delete('/events/:id', async (c) => c.json(await c.var.caller.events.delete(c.req.param('id'))))
  .post('/announcements', async (c) => c.json(await c.var.caller.announcements.create((await readJson(c)) as never), 201))
  .delete('/announcements/:id', async (c) => c.json(await c.var.caller.announcements.delete(c.req.param('id'))));
