import { Hono } from 'hono';
import { readJson, type RestEnv } from './shim';

/** The JSON body with the path's id: the input of an update procedure. */
async function withId(c: Parameters<typeof readJson>[0]) {
  const body = await readJson(c);
  return { ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}), id: c.req.param('id') } as never;
}

/** Admin writes on events and announcements (docs/product.md §7 Admin dashboard). */
export const adminContentRest = new Hono<RestEnv>()
  .post('/events', async (c) => c.json(await c.var.caller.events.create((await readJson(c)) as never), 201))
  .put('/events/:id', async (c) => c.json(await c.var.caller.events.update(await withId(c))))
  .delete('/events/:id', async (c) => c.json(await c.var.caller.events.delete(c.req.param('id'))))
  .post('/announcements', async (c) => c.json(await c.var.caller.announcements.create((await readJson(c)) as never), 201))
  .put('/announcements/:id', async (c) => c.json(await c.var.caller.announcements.update(await withId(c))))
  .delete('/announcements/:id', async (c) => c.json(await c.var.caller.announcements.delete(c.req.param('id'))));
