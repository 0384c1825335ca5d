import { Hono } from 'hono';
import { readJson, restPage, type RestEnv, sendPage } from './shim';

/** A query parameter, when present (an empty one counts as absent). */
const param = (value: string | undefined) => (value ? value : undefined);

/**
 * Staff accounts, the staff's own password and the audit trail: the REST twins of
 * routers/staff.ts and routers/admin-auth.ts, each calling its procedure.
 */
export const adminStaffRest = new Hono<RestEnv>()
  .get('/admin/staff', async (c) => c.json(await c.var.caller.staff.list()))
  .post('/admin/staff', async (c) => c.json(await c.var.caller.staff.invite(await readJson(c, c.var.caller.staff.invite)), 201))
  .patch('/admin/staff/:id', async (c) => {
    const body = await readJson(c, c.var.caller.staff.update);
    return c.json(await c.var.caller.staff.update({ ...(typeof body === 'object' && body ? body : {}), id: c.req.param('id') }));
  })
  .post('/admin/forgot-password', async (c) =>
    c.json(await c.var.caller.adminAuth.forgotPassword(await readJson(c, c.var.caller.adminAuth.forgotPassword))),
  )
  .post('/admin/set-password', async (c) =>
    c.json(await c.var.caller.adminAuth.setPassword(await readJson(c, c.var.caller.adminAuth.setPassword))),
  )
  .post('/admin/change-password', async (c) =>
    c.json(await c.var.caller.adminAuth.changePassword(await readJson(c, c.var.caller.adminAuth.changePassword))),
  )
  .get('/admin/audit-log', async (c) => {
    const q = (name: string) => param(c.req.query(name));
    const page = await c.var.caller.auditLog.list({
      ...restPage(c),
      actorId: q('actorId'),
      entity: q('entity'),
      entityId: q('entityId'),
      from: q('from'),
      to: q('to'),
      name: q('name'),
    });
    return sendPage(c, page);
  })
  .get('/admin/audit-log/verify', async (c) => c.json(await c.var.caller.auditLog.verify()));
