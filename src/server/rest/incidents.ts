import { Hono } from 'hono';
import { refuse } from '../refusal';
import { pdfResponse, readJson, restPage, type RestEnv, sendPage } from './shim';

/** Query parameters as the list schema reads them: absent stays absent. */
const query = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/**
 * Incident and injury reports over REST (ADR 093): each path calls its procedure in routers/incidents.ts. A report
 * is never deleted: DELETE answers 405 with a sentence, whoever asks.
 */
export const incidentsRest = new Hono<RestEnv>()
  .post('/admin/incidents', async (c) => c.json(await c.var.caller.incidents.create(await readJson(c, c.var.caller.incidents.create)), 201))
  .get('/admin/incidents', async (c) =>
    sendPage(
      c,
      await c.var.caller.incidents.list({
        from: query(c.req.query('from')),
        to: query(c.req.query('to')),
        childId: query(c.req.query('childId')),
        ...restPage(c),
      }),
    ),
  )
  .get('/admin/incidents/summary', async (c) =>
    c.json(await c.var.caller.incidents.summary({ from: c.req.query('from') ?? '', to: c.req.query('to') ?? '' })),
  )
  .get('/admin/incidents/:id', async (c) => c.json(await c.var.caller.incidents.get(c.req.param('id'))))
  .delete('/admin/incidents/:id', (c) => {
    c.header('Allow', 'GET');
    throw refuse('METHOD_NOT_SUPPORTED', 'error.incidentNeverDeleted');
  })
  .post('/admin/incidents/:id/amendments', async (c) => {
    const body = await readJson(c, c.var.caller.incidents.amend);
    return c.json(await c.var.caller.incidents.amend({ ...body, id: c.req.param('id') }), 201);
  })
  .post('/admin/incidents/:id/licensing-notice', async (c) => {
    const body = await readJson(c, c.var.caller.incidents.licensingNotice);
    return c.json(await c.var.caller.incidents.licensingNotice({ ...body, id: c.req.param('id') }));
  })
  .post('/admin/incidents/:id/handed-over', async (c) => {
    const body = await readJson(c, c.var.caller.incidents.handOver);
    return c.json(await c.var.caller.incidents.handOver({ ...body, id: c.req.param('id') }));
  })
  .get('/admin/incidents/:id/report.pdf', async (c) => pdfResponse(c, await c.var.caller.incidents.pdf(c.req.param('id'))))
  .get('/parent/children/:id/incidents', async (c) =>
    sendPage(c, await c.var.caller.incidents.parentList({ childId: c.req.param('id'), ...restPage(c) })),
  )
  .post('/parent/incidents/:id/acknowledge', async (c) => {
    const body = await readJson(c, c.var.caller.incidents.acknowledge);
    return c.json(await c.var.caller.incidents.acknowledge({ ...body, id: c.req.param('id') }));
  })
  .get('/parent/incidents/:id/report.pdf', async (c) => pdfResponse(c, await c.var.caller.incidents.parentPdf(c.req.param('id'))));
