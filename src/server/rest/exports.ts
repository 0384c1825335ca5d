import { Hono, type Context as HonoContext } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { exportRangeSchema } from '../../shared/schemas/exports';
import type { AuditEntity } from '../../shared/audit';
import { assertDirector } from '../auth/guards';
import { recordAudit } from '../audit/record';
import { centreToday } from '../clock';
import { csvResponse, inChunks } from '../exports/csv';
import { applicationsExport, childrenExport, type CsvExport, EXPORT_CHUNK_ROWS, paymentsExport } from '../exports/admin-exports';
import { consumeForAccount } from '../services/rate-limit';
import type { RestEnv } from './shim';

/**
 * A director's CSV download: director only (401 / 403 with a sentence), a rate per account, one audit row
 * saying what was exported (an export is no write, but it is personal data leaving the system), then the rows
 * streamed a chunk at a time (ADR 049).
 */
function download<T>(c: HonoContext<RestEnv>, entity: AuditEntity, make: () => CsvExport<T>, fields: Record<string, unknown> = {}) {
  const { ctx } = c.var;
  assertDirector(ctx.auth);
  consumeForAccount(ctx, ctx.limits.exports);
  const csv = make();
  recordAudit(ctx.db, ctx, { action: 'export', entity, fields: { file: csv.filename, ...fields } });
  return csvResponse(csv.filename, csv.header, inChunks(csv.readAfter, EXPORT_CHUNK_ROWS), csv.toRow);
}

/** GET /api/admin/export/*.csv (issue 33): applications, enrolled children, and payments between two dates. */
export const exportsRest = new Hono<RestEnv>()
  .get('/admin/export/applications.csv', (c) =>
    download(c, 'application', () => applicationsExport(c.var.ctx.db, centreToday(c.var.ctx.clock))),
  )
  .get('/admin/export/children.csv', (c) => download(c, 'child', () => childrenExport(c.var.ctx.db, centreToday(c.var.ctx.clock))))
  .get('/admin/export/payments.csv', (c) => {
    // Who may ask comes first: a parent or a visitor learns nothing about the parameters from the answer.
    assertDirector(c.var.ctx.auth);
    const parsed = exportRangeSchema.safeParse({ from: c.req.query('from'), to: c.req.query('to') });
    if (!parsed.success) throw new HTTPException(400, { message: parsed.error.issues[0]!.message });
    return download(c, 'receipt', () => paymentsExport(c.var.ctx.db, parsed.data), parsed.data);
  });
