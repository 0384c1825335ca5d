import { asc, eq, inArray } from 'drizzle-orm';
import { authorizedPickups, enrolledChildren, parentChildRelationships, parentUsers } from '~/db/schema';
import { addDays } from '../../shared/centre-time';
import { childPatchSchema, classroomSchema, classroomUpdateSchema } from '../../shared/schemas/classrooms';
import {
  attendanceCorrectionSchema,
  attendanceDaySchema,
  attendanceRecordSchema,
  childIdInput,
  PARENT_RANGE_MAX_DAYS,
  parentAttendanceSchema,
  pickupAddSchema,
  pickupDeleteSchema,
  reportMonthSchema,
  staffAttendanceSchema,
} from '../../shared/schemas/attendance';
import { createClassroom, listClassrooms, patchChild, updateClassroom } from '../attendance/classrooms';
import { addPickup, deletePickup, pickupsOf, staffChildOr404 } from '../attendance/pickups';
import { attendanceDay, childAttendance, clockStaff, correctAttendance, recordAttendance } from '../attendance/records';
import { signInSheetPdf } from '../attendance/sheet-pdf';
import { centreToday } from '../clock';
import { parentChildOr404 } from '../parents/access';
import { consumeForAccount, inBuildSlot } from '../services/rate-limit';
import { directorProcedure, parentProcedure, router, staffProcedure } from '../trpc';
import type { PdfFile } from '../payments/pdf-file';
import { refuse } from '../refusal';

/** Classrooms (issue 32): directors manage them, every staff member reads them. */
export const classroomsRouter = router({
  list: staffProcedure.query(({ ctx }) => listClassrooms(ctx.db)),
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
 * Attendance (issue 32, ADR 041): staff record check-ins and check-outs, clock in and out of rooms, manage
 * authorized pickups and read the day; directors download the monthly report; parents read their own
 * children's attendance and pickup lists and add to the lists.
 */
export const attendanceRouter = router({
  day: staffProcedure.input(attendanceDaySchema).query(({ ctx, input }) => attendanceDay(ctx.db, input.date)),
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
  adults: staffProcedure.query(({ ctx }) => {
    const children = ctx.db
      .select({ id: enrolledChildren.id, parentName: enrolledChildren.parentName })
      .from(enrolledChildren)
      .where(eq(enrolledChildren.isActive, true))
      .all();
    const ids = children.map((c) => c.id);
    const accounts = ids.length
      ? ctx.db
          .select({ childId: parentChildRelationships.childId, firstName: parentUsers.firstName, lastName: parentUsers.lastName })
          .from(parentChildRelationships)
          .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
          .where(inArray(parentChildRelationships.childId, ids))
          .all()
      : [];
    const pickups = ids.length
      ? ctx.db
          .select({ childId: authorizedPickups.childId, name: authorizedPickups.name, relationship: authorizedPickups.relationship })
          .from(authorizedPickups)
          .where(inArray(authorizedPickups.childId, ids))
          .orderBy(asc(authorizedPickups.createdAt))
          .all()
      : [];
    return children.map((c) => {
      const parents = [c.parentName];
      for (const a of accounts.filter((x) => x.childId === c.id)) {
        const name = `${a.firstName} ${a.lastName}`.trim();
        if (name && !parents.some((p) => p.toLowerCase() === name.toLowerCase())) parents.push(name);
      }
      return {
        childId: c.id,
        parents,
        pickups: pickups.filter((p) => p.childId === c.id).map((p) => ({ name: p.name, relationship: p.relationship })),
      };
    });
  }),

  pickups: staffProcedure.input(childIdInput).query(({ ctx, input }) => {
    staffChildOr404(ctx.db, input.childId);
    return pickupsOf(ctx.db, input.childId);
  }),
  addPickup: staffProcedure.input(pickupAddSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    const { childId, ...fields } = input;
    staffChildOr404(ctx.db, childId);
    return addPickup(ctx, childId, fields, { id: ctx.admin.id, name: ctx.admin.name });
  }),
  deletePickup: staffProcedure.input(pickupDeleteSchema).mutation(({ ctx, input }) => {
    consumeForAccount(ctx, ctx.limits.attendance);
    return deletePickup(ctx, input.childId, input.id);
  }),

  /** The monthly report's gate: the REST path streams the CSV (attendance/report.ts) once this has answered. */
  reportFile: directorProcedure.input(reportMonthSchema).query(({ input }) => ({
    month: input.month,
    fileName: `attendance-${input.month}.csv`,
  })),
  /** The printable daily sign-in sheet. */
  sheetPdf: staffProcedure.input(attendanceDaySchema).query(({ ctx, input }): Promise<PdfFile> =>
    // In a slot of the build gate, as every PDF (ADR 068).
    inBuildSlot(ctx, () => {
      consumeForAccount(ctx, ctx.limits.pdfs);
      const bytes = signInSheetPdf(attendanceDay(ctx.db, input.date));
      return { fileName: `sign-in-sheet-${input.date}.pdf`, contentBase64: bytes.toString('base64') };
    }),
  ),

  parentPickups: parentProcedure.input(childIdInput).query(({ ctx, input }) => {
    parentChildOr404(ctx.db, ctx.parent.id, input.childId);
    return pickupsOf(ctx.db, input.childId).map(({ addedBy: _addedBy, ...p }) => p);
  }),
  parentAddPickup: parentProcedure.input(pickupAddSchema).mutation(({ ctx, input }) => {
    const { childId, ...fields } = input;
    parentChildOr404(ctx.db, ctx.parent.id, childId);
    consumeForAccount(ctx, ctx.limits.attendance);
    const name = `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim() || ctx.parent.email;
    const { addedBy: _addedBy, ...row } = addPickup(ctx, childId, fields, { id: ctx.parent.id, name });
    return row;
  }),
  /** A parent's child's check-ins and check-outs, `from`..`to` (centre dates; default the last 30 days). */
  parentHistory: parentProcedure.input(parentAttendanceSchema).query(({ ctx, input }) => {
    parentChildOr404(ctx.db, ctx.parent.id, input.childId);
    const to = input.to ?? (input.from ? addDays(input.from, 29) : centreToday(ctx.clock));
    const from = input.from ?? addDays(to, -29);
    if (addDays(from, PARENT_RANGE_MAX_DAYS - 1) < to) throw refuse('BAD_REQUEST', 'error.rangeMax', { days: PARENT_RANGE_MAX_DAYS });
    return childAttendance(ctx.db, input.childId, from, to);
  }),
});
