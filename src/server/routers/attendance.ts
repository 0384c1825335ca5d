import { childPatchSchema, classroomSchema, classroomUpdateSchema } from '../../shared/schemas/classrooms';
import {
  attendanceCorrectionSchema,
  attendanceDaySchema,
  attendanceRecordSchema,
  childIdInput,
  parentAttendanceSchema,
  pickupAddSchema,
  pickupDeleteSchema,
  pickupUpdateSchema,
  reportMonthSchema,
  staffPickupAddSchema,
  staffAttendanceSchema,
} from '../../shared/schemas/attendance';
import { createClassroom, patchChild, updateClassroom } from '../attendance/classrooms';
import { deletePickup } from '../attendance/pickups';
import { clockStaff, correctAttendance, recordAttendance } from '../attendance/records';
import { consumeForAccount } from '../services/rate-limit';
import { directorProcedure, parentProcedure, router, staffProcedure } from '../trpc';
import {
  classroomList,
  attendanceOfDay,
  adultsOnSiteNow,
  pickupList,
  addPickupFor,
  sheetPdfOf,
  reportPdfOf,
  parentPickupList,
  parentAddPickupFor,
  updatePickupFor,
  parentDeletePickupFor,
  parentHistoryOf,
} from '../attendance/register';

/** Classrooms: directors manage them, every staff member reads them. */
export const classroomsRouter = router({
  list: staffProcedure.query(({ ctx }) => classroomList(ctx)),
  create: directorProcedure.input(classroomSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return createClassroom(ctx, input);
  }),
  update: directorProcedure.input(classroomUpdateSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return updateClassroom(ctx, input);
  }),
  /** `PATCH /api/admin/enrolled-children/{id}`: a child's room and photo consent. */
  updateChild: directorProcedure.input(childPatchSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return patchChild(ctx, input);
  }),
});

/**
 * Attendance (ADR 041): staff record check-ins and check-outs, clock in and out of rooms, manage
 * authorized pickups and read the day; directors download the monthly report; parents read their own
 * children's attendance and pickup lists and add to the lists.
 */
export const attendanceRouter = router({
  day: staffProcedure.input(attendanceDaySchema).query(({ ctx, input }) => attendanceOfDay(ctx, input)),
  record: staffProcedure.input(attendanceRecordSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return recordAttendance(ctx, input);
  }),
  correct: staffProcedure.input(attendanceCorrectionSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return correctAttendance(ctx, input);
  }),
  clock: staffProcedure.input(staffAttendanceSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return clockStaff(ctx, input);
  }),

  /** The adults the Attendance tab offers in its `by` field: each active child's parents and pickup list. */
  adults: staffProcedure.query(({ ctx }) => adultsOnSiteNow(ctx)),

  pickups: staffProcedure.input(childIdInput).query(({ ctx, input }) => pickupList(ctx, input)),
  addPickup: staffProcedure.input(staffPickupAddSchema).mutation(({ ctx, input }) => addPickupFor(ctx, input)),
  /** `PATCH /api/admin/enrolled-children/{id}/pickups/{pickupId}`. */
  updatePickup: staffProcedure.input(pickupUpdateSchema).mutation(({ ctx, input }) => updatePickupFor(ctx, input)),
  deletePickup: staffProcedure.input(pickupDeleteSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return deletePickup(ctx, input.childId, input.id);
  }),

  /** The monthly report's gate: the REST path streams the CSV (attendance/report.ts) once this has answered. */
  reportFile: directorProcedure.input(reportMonthSchema).query(({ input }) => ({
    month: input.month,
    fileName: `attendance-${input.month}.csv`,
  })),
  /** The monthly report as a PDF (attendance/report-pdf.ts): the CSV's figures, drawn for printing. */
  reportPdf: directorProcedure.input(reportMonthSchema).query(({ ctx, input }) => reportPdfOf(ctx, input)),
  /** The printable daily sign-in sheet. */
  sheetPdf: staffProcedure.input(attendanceDaySchema).query(({ ctx, input }) => sheetPdfOf(ctx, input)),

  parentPickups: parentProcedure.input(childIdInput).query(({ ctx, input }) => parentPickupList(ctx, input)),
  parentAddPickup: parentProcedure.input(pickupAddSchema).mutation(({ ctx, input }) => parentAddPickupFor(ctx, input)),
  /** `DELETE /api/parent/children/{id}/pickups/{pickupId}`: any person on their own child's list (ADR 073). */
  parentDeletePickup: parentProcedure.input(pickupDeleteSchema).mutation(({ ctx, input }) => parentDeletePickupFor(ctx, input)),
  /** A parent's child's check-ins and check-outs, `from`..`to` (centre dates; default the last 30 days). */
  parentHistory: parentProcedure.input(parentAttendanceSchema).query(({ ctx, input }) => parentHistoryOf(ctx, input)),
});
