import { Hono } from 'hono';
import { readJsonObject, type RestEnv } from './shim';

/** The medication paths (ADR 092): each calls its procedure, which decides who may call it. */
export const medicationRest = new Hono<RestEnv>()
  .post('/parent/children/:id/medication-authorizations', async (c) =>
    c.json(
      await c.var.caller.medication.request({
        ...(await readJsonObject(c, c.var.caller.medication.request)),
        childId: c.req.param('id'),
      }),
      201,
    ),
  )
  .get('/parent/children/:id/medication-authorizations', async (c) =>
    c.json(await c.var.caller.medication.familyList({ childId: c.req.param('id') })),
  )
  .get('/parent/children/:id/medication-doses', async (c) =>
    c.json(await c.var.caller.medication.familyDoses({ childId: c.req.param('id'), date: c.req.query('date') ?? null })),
  )
  .post('/admin/medication-authorizations', async (c) =>
    c.json(await c.var.caller.medication.enter(await readJsonObject(c, c.var.caller.medication.enter)), 201),
  )
  .get('/admin/medication-authorizations', async (c) =>
    c.json(
      await c.var.caller.medication.list({
        status: (c.req.query('status') || null) as 'pending' | null,
        childId: c.req.query('childId') || null,
      }),
    ),
  )
  .post('/admin/medication-authorizations/:id/approve', async (c) => c.json(await c.var.caller.medication.approve(c.req.param('id'))))
  .post('/admin/medication-authorizations/:id/return', async (c) =>
    c.json(
      await c.var.caller.medication.return({
        ...(await readJsonObject(c, c.var.caller.medication.return)),
        id: c.req.param('id'),
      }),
    ),
  )
  .post('/admin/medication-doses', async (c) =>
    c.json(await c.var.caller.medication.recordDose(await readJsonObject(c, c.var.caller.medication.recordDose)), 201),
  )
  .get('/admin/medication-doses', async (c) =>
    c.json(await c.var.caller.medication.roomDoses({ date: c.req.query('date') || null, classroomId: c.req.query('classroomId') || null })),
  );
