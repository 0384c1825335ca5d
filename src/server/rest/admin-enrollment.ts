import { Hono } from 'hono';
import { readJson, restPage, type RestEnv, sendPage, urlInput } from './shim';

/**
 * Applications, enrolled children, parent logins and the mail views (docs/product.md §7 Admin dashboard). Each path
 * calls its tRPC procedure, which requires an admin session (401 without one, 403 for a parent).
 */
export const adminEnrollmentRest = new Hono<RestEnv>()
  .get('/enrollment-applications', async (c) =>
    sendPage(
      c,
      await c.var.caller.applications.list(
        urlInput(c.var.caller.applications.list, { status: c.req.query('status') || null, ...restPage(c) }),
      ),
    ),
  )
  .patch('/enrollment-applications/:id/status', async (c) => {
    const body = await readJson(c, c.var.caller.applications.updateStatus);
    return c.json(await c.var.caller.applications.updateStatus({ ...body, id: c.req.param('id') }));
  })
  .delete('/enrollment-applications/:id', async (c) => c.json(await c.var.caller.applications.delete(c.req.param('id'))))
  .post('/enrollment-applications/:id/enroll', async (c) => c.json(await c.var.caller.applications.enroll(c.req.param('id')), 201))

  .get('/admin/parent-emails', async (c) => c.json(await c.var.caller.mail.parentEmails()))
  .get('/admin/enrolled-children', async (c) => c.json(await c.var.caller.children.list()))
  .post('/admin/enrolled-children', async (c) =>
    c.json(await c.var.caller.children.create(await readJson(c, c.var.caller.children.create)), 201),
  )
  .put('/admin/enrolled-children/:id', async (c) => {
    const body = await readJson(c, c.var.caller.children.update);
    return c.json(await c.var.caller.children.update({ ...body, id: c.req.param('id') }));
  })
  .delete('/admin/enrolled-children/:id', async (c) => c.json(await c.var.caller.children.delete(c.req.param('id'))))
  .patch('/admin/enrolled-children/:id/toggle-active', async (c) => c.json(await c.var.caller.children.toggleActive(c.req.param('id'))))
  .post('/admin/generate-parent-login/:id', async (c) => c.json(await c.var.caller.children.generateParentLogin(c.req.param('id'))))
  .post('/admin/reset-parent-password/:id', async (c) => c.json(await c.var.caller.children.resetParentPassword(c.req.param('id'))))

  .get('/admin/mail-status', async (c) => c.json(await c.var.caller.mail.status()))
  .get('/admin/outbox', async (c) => c.json(await c.var.caller.outbox.list()))
  .get('/admin/outbox/:id', async (c) => c.json(await c.var.caller.outbox.get(c.req.param('id'))));
