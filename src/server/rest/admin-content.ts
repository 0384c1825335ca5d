import { Hono, type Context as HonoContext } from 'hono';
import { readJson, type RestEnv, urlInput } from './shim';

/** The JSON body with the path's id: the input of an update procedure. */
async function withId<I>(c: HonoContext, procedure: (input: I) => Promise<unknown>) {
  const body: unknown = await readJson(c);
  return urlInput(procedure, { ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}), id: c.req.param('id') });
}

/** Admin writes on events and announcements (docs/product.md §7 Admin dashboard). */
export const adminContentRest = new Hono<RestEnv>()
  .post('/events', async (c) => c.json(await c.var.caller.events.create(await readJson(c, c.var.caller.events.create)), 201))
  .put('/events/:id', async (c) => c.json(await c.var.caller.events.update(await withId(c, c.var.caller.events.update))))
  .delete('/events/:id', async (c) => c.json(await c.var.caller.events.delete(c.req.param('id'))))
  .post('/announcements', async (c) =>
    c.json(await c.var.caller.announcements.create(await readJson(c, c.var.caller.announcements.create)), 201),
  )
  .put('/announcements/:id', async (c) =>
    c.json(await c.var.caller.announcements.update(await withId(c, c.var.caller.announcements.update))),
  )
  .delete('/announcements/:id', async (c) => c.json(await c.var.caller.announcements.delete(c.req.param('id'))));
