import { Hono } from 'hono';
import { readJson, type RestEnv } from './shim';

/** The Activities tab's paths (docs/product.md §7 Admin dashboard), plus correcting and deleting, and achievements. */
export const adminDevelopmentRest = new Hono<RestEnv>()
  .get('/admin/child-activities/:childId', async (c) => c.json(await c.var.caller.development.childRecords(c.req.param('childId'))))
  .get('/admin/activities-summary/:childId/:start/:end', async (c) =>
    c.json(
      await c.var.caller.development.summary({ childId: c.req.param('childId'), start: c.req.param('start'), end: c.req.param('end') }),
    ),
  )
  .post('/admin/daily-activities', async (c) =>
    c.json(await c.var.caller.development.createActivity(await readJson(c, c.var.caller.development.createActivity)), 201),
  )
  .put('/admin/daily-activities/:id', async (c) => {
    const body = await readJson(c, c.var.caller.development.updateActivity);
    return c.json(await c.var.caller.development.updateActivity({ ...body, id: c.req.param('id') }));
  })
  .delete('/admin/daily-activities/:id', async (c) => c.json(await c.var.caller.development.deleteActivity(c.req.param('id'))))
  .post('/admin/development-notes', async (c) =>
    c.json(await c.var.caller.development.createNote(await readJson(c, c.var.caller.development.createNote)), 201),
  )
  .put('/admin/development-notes/:id', async (c) => {
    const body = await readJson(c, c.var.caller.development.updateNote);
    return c.json(await c.var.caller.development.updateNote({ ...body, id: c.req.param('id') }));
  })
  .delete('/admin/development-notes/:id', async (c) => c.json(await c.var.caller.development.deleteNote(c.req.param('id'))))
  .post('/admin/send-activity-report/:childId', async (c) => {
    const body = await readJson(c, c.var.caller.development.sendWeeklyReport);
    return c.json(await c.var.caller.development.sendWeeklyReport({ ...body, childId: c.req.param('childId') }));
  })
  .get('/admin/child-achievements/:childId', async (c) => c.json(await c.var.caller.achievements.forChild(c.req.param('childId'))))
  .post('/admin/child-achievements', async (c) =>
    c.json(await c.var.caller.achievements.record(await readJson(c, c.var.caller.achievements.record)), 201),
  )
  .delete('/admin/child-achievements/:id', async (c) => c.json(await c.var.caller.achievements.delete(c.req.param('id'))));
