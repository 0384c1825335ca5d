import { Hono } from 'hono';
import { readJson, restPage, type RestEnv, sendPage } from './shim';

/**
 * The parent paths of docs/product.md §7: sign-in, the portal's data (bearer header or the session cookie) and the
 * password paths. Each calls its tRPC procedure, which checks the child belongs to the caller.
 */
export const parentRest = new Hono<RestEnv>()
  .post('/parent/login', async (c) => c.json(await c.var.caller.parentAuth.login(await readJson(c, c.var.caller.parentAuth.login))))
  .post('/parent/logout', async (c) => c.json(await c.var.caller.parentAuth.logout()))
  .post('/parent/forgot-password', async (c) =>
    c.json(await c.var.caller.parentAuth.forgotPassword(await readJson(c, c.var.caller.parentAuth.forgotPassword))),
  )
  .post('/parent/reset-password', async (c) =>
    c.json(await c.var.caller.parentAuth.resetPassword(await readJson(c, c.var.caller.parentAuth.resetPassword))),
  )
  .post('/parent/change-password', async (c) =>
    c.json(await c.var.caller.parentAuth.changePassword(await readJson(c, c.var.caller.parentAuth.changePassword))),
  )
  .get('/parent/me', async (c) => c.json(await c.var.caller.parentAuth.me()))
  .get('/parent/children', async (c) => c.json(await c.var.caller.parentPortal.children()))
  .get('/parent/development-notes/:childId', async (c) =>
    sendPage(c, await c.var.caller.parentPortal.notes({ childId: c.req.param('childId'), ...restPage(c) })),
  )
  .get('/parent/daily-activities/:childId', async (c) =>
    sendPage(c, await c.var.caller.parentPortal.activities({ childId: c.req.param('childId'), ...restPage(c) })),
  )
  .get('/parent/stats/:childId', async (c) => c.json(await c.var.caller.parentPortal.stats(c.req.param('childId'))))
  .get('/parent/preferences', async (c) => c.json(await c.var.caller.parentPortal.preferences()))
  .patch('/parent/preferences', async (c) =>
    c.json(await c.var.caller.parentPortal.updatePreferences(await readJson(c, c.var.caller.parentPortal.updatePreferences))),
  )
  .get('/parent/milestones/:childId', async (c) => c.json(await c.var.caller.parentPortal.milestones(c.req.param('childId'))));
