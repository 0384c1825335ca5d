import { Hono, type Context as HonoContext } from 'hono';
import { reportRows, REPORT_HEADER } from '../attendance/report';
import { csvResponse } from '../exports/csv';
import type { PdfFile } from '../payments/pdf-file';
import { readJson, type RestEnv } from './shim';

/** A JSON body as an object, whatever was sent (the procedure's schema says what is wrong with it). */
async function body(c: HonoContext): Promise<Record<string, unknown>> {
  const value = await readJson(c);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { _: value };
}

/** A query parameter, absent when empty. */
const query = (c: HonoContext, name: string) => c.req.query(name) || undefined;

function pdfResponse(c: HonoContext, file: PdfFile): Response {
  return c.body(Buffer.from(file.contentBase64, 'base64'), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
}

/**
 * Classrooms, authorized pickups and attendance: the REST twins of routers/attendance.ts, each
 * calling its procedure (which decides who may call it). The monthly CSV streams once its procedure has
 * checked the caller and the month.
 */
export const attendanceRest = new Hono<RestEnv>()
  .get('/admin/classrooms', async (c) => c.json(await c.var.caller.classrooms.list()))
  .post('/admin/classrooms', async (c) => c.json(await c.var.caller.classrooms.create((await body(c)) as never), 201))
  .patch('/admin/classrooms/:id', async (c) =>
    c.json(await c.var.caller.classrooms.update({ ...(await body(c)), id: c.req.param('id') } as never)),
  )
  .patch('/admin/enrolled-children/:id', async (c) =>
    c.json(await c.var.caller.classrooms.updateChild({ ...(await body(c)), id: c.req.param('id') } as never)),
  )

  .get('/admin/enrolled-children/:id/pickups', async (c) => c.json(await c.var.caller.attendance.pickups({ childId: c.req.param('id') })))
  .post('/admin/enrolled-children/:id/pickups', async (c) =>
    c.json(await c.var.caller.attendance.addPickup({ ...(await body(c)), childId: c.req.param('id') } as never), 201),
  )
  .delete('/admin/enrolled-children/:id/pickups/:pickupId', async (c) =>
    c.json(await c.var.caller.attendance.deletePickup({ childId: c.req.param('id'), id: c.req.param('pickupId') })),
  )
  // The documented form: the pickup's id in the body (`{ id }`).
  .delete('/admin/enrolled-children/:id/pickups', async (c) =>
    c.json(await c.var.caller.attendance.deletePickup({ id: (await body(c)).id, childId: c.req.param('id') } as never)),
  )

  .get('/admin/attendance', async (c) => c.json(await c.var.caller.attendance.day({ date: c.req.query('date') } as never)))
  .post('/admin/attendance', async (c) => c.json(await c.var.caller.attendance.record((await body(c)) as never), 201))
  .patch('/admin/attendance/:id', async (c) =>
    c.json(await c.var.caller.attendance.correct({ ...(await body(c)), id: c.req.param('id') } as never)),
  )
  .get('/admin/attendance/report.csv', async (c) => {
    const { month, fileName } = await c.var.caller.attendance.reportFile({ month: c.req.query('month') } as never);
    return csvResponse(fileName, REPORT_HEADER, reportRows(c.var.ctx.db, month), (row) => row);
  })
  .get('/admin/attendance/sheet.pdf', async (c) =>
    pdfResponse(c, await c.var.caller.attendance.sheetPdf({ date: c.req.query('date') } as never)),
  )
  .post('/admin/staff-attendance', async (c) => c.json(await c.var.caller.attendance.clock((await body(c)) as never), 201))

  .get('/parent/children/:id/pickups', async (c) => c.json(await c.var.caller.attendance.parentPickups({ childId: c.req.param('id') })))
  .post('/parent/children/:id/pickups', async (c) =>
    c.json(await c.var.caller.attendance.parentAddPickup({ ...(await body(c)), childId: c.req.param('id') } as never), 201),
  )
  .get('/parent/attendance/:childId', async (c) =>
    c.json(
      await c.var.caller.attendance.parentHistory({
        childId: c.req.param('childId'),
        from: query(c, 'from'),
        to: query(c, 'to'),
      } as never),
    ),
  );
