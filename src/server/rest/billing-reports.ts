import { Hono } from 'hono';
import { t } from '~/shared/i18n';
import { AGING_BUCKETS } from '../billing/aging';
import { csvResponse } from '../exports/csv';
import { recordAudit } from '../audit/record';
import { withWriteRights } from '../auth/write-rights';
import { consumeForAccount } from '../services/rate-limit';
import { readJson, type RestEnv } from './shim';

const AGING_HEADER = [
  t('en', 'staff.csv.aging.family'),
  t('en', 'staff.csv.aging.email'),
  t('en', 'staff.csv.aging.current'),
  t('en', 'staff.csv.aging.days1to30'),
  t('en', 'staff.csv.aging.days31to60'),
  t('en', 'staff.csv.aging.days61to90'),
  t('en', 'staff.csv.aging.over90'),
  t('en', 'staff.csv.aging.total'),
];

/**
 * What families owe and have paid (routers/billing-reports.ts): the director's summary, aging report (JSON and
 * CSV) and late-pickup fees, and the parent's own billing. Each path calls its procedure.
 */
export const billingReportsRest = new Hono<RestEnv>()
  .get('/admin/billing/summary', async (c) => c.json(await c.var.caller.billingReports.summary()))
  .get('/admin/billing/aging', async (c) => c.json(await c.var.caller.billingReports.aging()))
  .get('/admin/billing/aging.csv', async (c) => {
    const report = await c.var.caller.billingReports.aging();
    // As every director's CSV download (rest/exports.ts): a rate per account and one audit row saying what left.
    const { ctx } = c.var;
    consumeForAccount(ctx, ctx.limits.exports);
    const filename = `aging-${report.asOf}.csv`;
    withWriteRights(ctx, 'director').db.transaction((tx) =>
      recordAudit(tx, ctx, { action: 'export', entity: 'aging', fields: { file: filename } }),
    );
    const rows = [
      ...report.families.map((f) => [f.familyName, f.familyEmail, ...AGING_BUCKETS.map((b) => f[b]), f.total]),
      [t('en', 'staff.csv.aging.totals'), '', ...AGING_BUCKETS.map((b) => report.totals[b]), report.totals.total],
    ];
    return csvResponse(filename, AGING_HEADER, rows, (row) => row);
  })
  .get('/admin/billing/late-fees', async (c) => c.json(await c.var.caller.billingReports.lateFees()))
  .post('/admin/billing/late-fees/:id/confirm', async (c) => {
    await readJson(c);
    return c.json(await c.var.caller.billingReports.confirmLateFee(c.req.param('id')));
  })
  .post('/admin/billing/late-fees/:id/dismiss', async (c) => {
    await readJson(c);
    return c.json(await c.var.caller.billingReports.dismissLateFee(c.req.param('id')));
  })
  .get('/parent/billing', async (c) => c.json(await c.var.caller.billingReports.parentBilling()));
