import { Hono } from 'hono';
import { csvResponse } from '../exports/csv';
import { COMPLIANCE_CSV_HEADER, complianceCsvRow } from '../compliance/inspector';
import { pdfResponse, readJsonObject, type RestEnv, urlInput } from './shim';

/** A query parameter, when present (an empty one counts as absent). */
const param = (value: string | undefined) => (value ? value : undefined);

/**
 * Health records, the yearly review, staff records and the inspector's view (ADR 094): the REST twins of
 * routers/health.ts and routers/compliance.ts, each calling its procedure.
 */
export const healthRest = new Hono<RestEnv>()
  .get('/admin/children/:id/health', async (c) => c.json(await c.var.caller.health.get(c.req.param('id'))))
  .put('/admin/children/:id/health', async (c) => {
    const body = await readJsonObject(c, c.var.caller.health.update);
    return c.json(await c.var.caller.health.update({ ...body, id: c.req.param('id') }));
  })
  .post('/admin/children/:id/health/files', async (c) => {
    const body = await readJsonObject(c, c.var.caller.health.addFile);
    return c.json(await c.var.caller.health.addFile({ ...body, childId: c.req.param('id') }), 201);
  })
  .get('/admin/children/:id/emergency-sheet.pdf', async (c) =>
    pdfResponse(c, await c.var.caller.compliance.emergencySheet(c.req.param('id'))),
  )
  .get('/parent/children/:id/health', async (c) => c.json(await c.var.caller.health.parentRecord(c.req.param('id'))))
  .post('/parent/children/:id/health/files', async (c) => {
    const body = await readJsonObject(c, c.var.caller.health.parentAddFile);
    return c.json(await c.var.caller.health.parentAddFile({ ...body, childId: c.req.param('id') }), 201);
  })
  .get('/parent/children/:id/annual-review', async (c) => c.json(await c.var.caller.health.parentReview(c.req.param('id'))))
  .post('/parent/children/:id/annual-review', async (c) => {
    const body = await readJsonObject(c, c.var.caller.health.parentSubmitReview);
    return c.json(await c.var.caller.health.parentSubmitReview({ ...body, childId: c.req.param('id') }), 201);
  })
  .get('/admin/annual-reviews', async (c) => c.json(await c.var.caller.health.pendingReviews()))
  .post('/admin/annual-reviews/:id/countersign', async (c) => c.json(await c.var.caller.health.countersignReview(c.req.param('id'))))
  .get('/admin/compliance', async (c) =>
    c.json(
      await c.var.caller.compliance.list(
        urlInput(c.var.caller.compliance.list, { item: param(c.req.query('item')), status: param(c.req.query('status')) }),
      ),
    ),
  )
  .get('/admin/compliance.csv', async (c) => {
    const { filename, rows } = await c.var.caller.compliance.export(
      urlInput(c.var.caller.compliance.export, { item: param(c.req.query('item')), status: param(c.req.query('status')) }),
    );
    return csvResponse(filename, COMPLIANCE_CSV_HEADER, rows, complianceCsvRow);
  })
  .get('/admin/staff-records', async (c) => c.json(await c.var.caller.compliance.staffRecords()))
  .put('/admin/staff/:id/record', async (c) => {
    const body = await readJsonObject(c, c.var.caller.compliance.updateStaffRecord);
    return c.json(await c.var.caller.compliance.updateStaffRecord({ ...body, staffId: c.req.param('id') }));
  });
