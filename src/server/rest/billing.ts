import { Hono } from 'hono';
import { refuse } from '../refusal';
import { pdfResponse, readJson, readJsonObject, restPage, type RestEnv, sendPage, urlInput } from './shim';

/** Query parameters as the list schema reads them: absent stays absent. */
const query = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/**
 * Tuition billing over REST (ADR 100): each path calls its procedure in routers/billing.ts. An invoice is never
 * deleted: DELETE answers 405 with a sentence, whoever asks.
 */
export const billingRest = new Hono<RestEnv>()
  .get('/admin/billing/plans', async (c) => c.json(await c.var.caller.billing.plans()))
  .post('/admin/billing/plans', async (c) =>
    c.json(await c.var.caller.billing.createPlan(await readJson(c, c.var.caller.billing.createPlan)), 201),
  )
  .patch('/admin/billing/plans/:id', async (c) => {
    const body = await readJsonObject(c, c.var.caller.billing.updatePlan);
    return c.json(await c.var.caller.billing.updatePlan({ ...body, id: c.req.param('id') }));
  })
  .get('/admin/children/:id/billing', async (c) => c.json(await c.var.caller.billing.terms(c.req.param('id'))))
  .put('/admin/children/:id/billing', async (c) => {
    const body = await readJsonObject(c, c.var.caller.billing.setTerms);
    return c.json(await c.var.caller.billing.setTerms({ ...body, childId: c.req.param('id') }));
  })
  .post('/admin/invoices/generate', async (c) =>
    c.json(await c.var.caller.billing.generate(await readJson(c, c.var.caller.billing.generate))),
  )
  .get('/admin/invoices', async (c) =>
    sendPage(
      c,
      await c.var.caller.billing.invoices(
        urlInput(c.var.caller.billing.invoices, {
          status: query(c.req.query('status')),
          familyEmail: query(c.req.query('familyEmail')),
          period: query(c.req.query('period')),
          ...restPage(c),
        }),
      ),
    ),
  )
  .get('/admin/invoices/:id', async (c) => c.json(await c.var.caller.billing.invoice(c.req.param('id'))))
  .delete('/admin/invoices/:id', (c) => {
    c.header('Allow', 'GET');
    throw refuse('METHOD_NOT_SUPPORTED', 'error.invoiceNeverDeleted');
  })
  .post('/admin/invoices/:id/lines', async (c) => {
    const body = await readJsonObject(c, c.var.caller.billing.addLine);
    return c.json(await c.var.caller.billing.addLine({ ...body, id: c.req.param('id') }), 201);
  })
  .post('/admin/invoices/:id/void', async (c) => {
    const body = await readJsonObject(c, c.var.caller.billing.void);
    return c.json(await c.var.caller.billing.void({ ...body, id: c.req.param('id') }));
  })
  .get('/admin/invoices/:id/invoice.pdf', async (c) => pdfResponse(c, await c.var.caller.billing.invoicePdf(c.req.param('id'))))
  .get('/parent/invoices/:id/invoice.pdf', async (c) => pdfResponse(c, await c.var.caller.billing.parentInvoicePdf(c.req.param('id'))));
