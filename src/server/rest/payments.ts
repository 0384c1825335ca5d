import { Hono } from 'hono';
import { pdfResponse, readJson, restPage, type RestEnv, sendPage } from './shim';

/**
 * Payment receipts and year-end tax statements (docs/product.md §7 Admin dashboard), plus the PDF downloads for staff
 * and the parent's own receipts and statements. Each path calls its procedure in routers/payments.ts.
 */
export const paymentsRest = new Hono<RestEnv>()
  .get('/admin/payment-receipts', async (c) => sendPage(c, await c.var.caller.payments.list(restPage(c))))
  .get('/admin/payment-receipts/summary', async (c) => c.json(await c.var.caller.payments.summary()))
  .post('/admin/payment-receipts', async (c) =>
    c.json(await c.var.caller.payments.create(await readJson(c, c.var.caller.payments.create)), 201),
  )
  .post('/admin/payment-receipts/:id/send-email', async (c) => {
    // docs/product.md §7 sends an empty body; reading it still refuses malformed JSON the same way as everywhere.
    await readJson(c);
    return c.json(await c.var.caller.payments.sendEmail(c.req.param('id')));
  })
  .delete('/admin/payment-receipts/:id', async (c) => c.json(await c.var.caller.payments.delete(c.req.param('id'))))
  .get('/admin/payment-receipts/:id/pdf', async (c) => pdfResponse(c, await c.var.caller.payments.receiptPdf(c.req.param('id'))))
  .get('/admin/tax-statement-parents', async (c) => c.json(await c.var.caller.payments.taxParents()))
  .post('/admin/year-end-tax-receipt', async (c) =>
    c.json(await c.var.caller.payments.sendTaxStatement(await readJson(c, c.var.caller.payments.sendTaxStatement))),
  )
  .get('/admin/year-end-tax-receipt/pdf', async (c) =>
    pdfResponse(
      c,
      await c.var.caller.payments.taxStatementPdf({ parentEmail: c.req.query('parentEmail') ?? '', taxYear: c.req.query('taxYear') ?? '' }),
    ),
  )

  .get('/parent/payment-receipts', async (c) =>
    c.json(await c.var.caller.payments.parentReceipts({ childId: c.req.query('childId') || null, ...restPage(c) })),
  )
  .get('/parent/payment-receipts/:id/pdf', async (c) => pdfResponse(c, await c.var.caller.payments.parentReceiptPdf(c.req.param('id'))))
  .get('/parent/tax-statements/:taxYear/pdf', async (c) =>
    pdfResponse(c, await c.var.caller.payments.parentTaxStatementPdf({ taxYear: c.req.param('taxYear') })),
  );
