import { Hono, type Context as HonoContext } from 'hono';
import { reportCsvRows, reportHeader } from '../attendance/report';
import { PdfWords } from '../payments/pdf';
import { csvResponse } from '../exports/csv';
import { pdfResponse, readJsonObject, type RestEnv, urlInput } from './shim';

/** A query parameter, absent when empty. */
const query = (c: HonoContext, name: string) => c.req.query(name) || undefined;

/**
 * Classrooms, authorized pickups and attendance: the REST twins of routers/attendance.ts, each
 * calling its procedure (which decides who may call it). The monthly CSV streams once its procedure has
 * checked the caller and the month; its PDF twin is drawn by its procedure.
 */
export const attendanceRest = new Hono<RestEnv>()
  .get('/admin/classrooms', async (c) => c.json(await c.var.caller.classrooms.list()))
  .post('/admin/classrooms', async (c) =>
    c.json(await c.var.caller.classrooms.create(await readJsonObject(c, c.var.caller.classrooms.create)), 201),
  )
  .patch('/admin/classrooms/:id', async (c) =>
    c.json(await c.var.caller.classrooms.update({ ...(await readJsonObject(c, c.var.caller.classrooms.update)), id: c.req.param('id') })),
  )
  .patch('/admin/enrolled-children/:id', async (c) =>
    c.json(
      await c.var.caller.classrooms.updateChild({
        ...(await readJsonObject(c, c.var.caller.classrooms.updateChild)),
        id: c.req.param('id'),
      }),
    ),
  )

  .get('/admin/enrolled-children/:id/pickups', async (c) => c.json(await c.var.caller.attendance.pickups({ childId: c.req.param('id') })))
  .post('/admin/enrolled-children/:id/pickups', async (c) =>
    c.json(
      await c.var.caller.attendance.addPickup({
        ...(await readJsonObject(c, c.var.caller.attendance.addPickup)),
        childId: c.req.param('id'),
      }),
      201,
    ),
  )
  .patch('/admin/enrolled-children/:id/pickups/:pickupId', async (c) =>
    c.json(
      await c.var.caller.attendance.updatePickup({
        ...(await readJsonObject(c, c.var.caller.attendance.updatePickup)),
        childId: c.req.param('id'),
        id: c.req.param('pickupId'),
      }),
    ),
  )
  .delete('/admin/enrolled-children/:id/pickups/:pickupId', async (c) =>
    c.json(await c.var.caller.attendance.deletePickup({ childId: c.req.param('id'), id: c.req.param('pickupId') })),
  )
  // The documented form: the pickup's id in the body (`{ id }`).
  .delete('/admin/enrolled-children/:id/pickups', async (c) =>
    c.json(
      await c.var.caller.attendance.deletePickup({
        id: (await readJsonObject(c, c.var.caller.attendance.deletePickup)).id,
        childId: c.req.param('id'),
      }),
    ),
  )

  .get('/admin/attendance', async (c) =>
    c.json(await c.var.caller.attendance.day(urlInput(c.var.caller.attendance.day, { date: c.req.query('date') }))),
  )
  .post('/admin/attendance', async (c) =>
    c.json(await c.var.caller.attendance.record(await readJsonObject(c, c.var.caller.attendance.record)), 201),
  )
  .patch('/admin/attendance/:id', async (c) =>
    c.json(await c.var.caller.attendance.correct({ ...(await readJsonObject(c, c.var.caller.attendance.correct)), id: c.req.param('id') })),
  )
  .get('/admin/attendance/report.csv', async (c) => {
    const { month, fileName } = await c.var.caller.attendance.reportFile(
      urlInput(c.var.caller.attendance.reportFile, { month: c.req.query('month') }),
    );
    const words = new PdfWords('en');
    return csvResponse(fileName, reportHeader(words), reportCsvRows(c.var.ctx.db, month, c.var.ctx.clock.now(), words), (row) => row);
  })
  .get('/admin/attendance/report.pdf', async (c) =>
    pdfResponse(c, await c.var.caller.attendance.reportPdf(urlInput(c.var.caller.attendance.reportPdf, { month: c.req.query('month') }))),
  )
  .get('/admin/attendance/sheet.pdf', async (c) =>
    pdfResponse(c, await c.var.caller.attendance.sheetPdf(urlInput(c.var.caller.attendance.sheetPdf, { date: c.req.query('date') }))),
  )
  .post('/admin/staff-attendance', async (c) =>
    c.json(await c.var.caller.attendance.clock(await readJsonObject(c, c.var.caller.attendance.clock)), 201),
  )

  .get('/parent/children/:id/pickups', async (c) => c.json(await c.var.caller.attendance.parentPickups({ childId: c.req.param('id') })))
  .post('/parent/children/:id/pickups', async (c) =>
    c.json(
      await c.var.caller.attendance.parentAddPickup({
        ...(await readJsonObject(c, c.var.caller.attendance.parentAddPickup)),
        childId: c.req.param('id'),
      }),
      201,
    ),
  )
  .delete('/parent/children/:id/pickups/:pickupId', async (c) =>
    c.json(await c.var.caller.attendance.parentDeletePickup({ childId: c.req.param('id'), id: c.req.param('pickupId') })),
  )
  .get('/parent/attendance/:childId', async (c) =>
    c.json(
      await c.var.caller.attendance.parentHistory({
        childId: c.req.param('childId'),
        from: query(c, 'from'),
        to: query(c, 'to'),
      }),
    ),
  );
