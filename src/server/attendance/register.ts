/**
 * Classrooms, attendance, staff clocking and authorized pickups: the queries and writes behind routers/attendance.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { ParentContext, StaffContext } from '../context';
import { asc, eq, inArray } from 'drizzle-orm';
import { authorizedPickups, enrolledChildren, parentChildRelationships, parentUsers } from '~/db/schema';
import { addDays } from '../../shared/centre-time';
import {
  type attendanceDaySchema,
  type childIdInput,
  PARENT_RANGE_MAX_DAYS,
  type parentAttendanceSchema,
  type pickupAddSchema,
  type pickupDeleteSchema,
  type pickupUpdateSchema,
  type reportMonthSchema,
  type staffPickupAddSchema,
} from '../../shared/schemas/attendance';
import { listClassrooms } from './classrooms';
import { addParentPickup, addStaffPickup, deleteParentPickup, familyPickups, pickupsOf, staffChildOr404, updatePickup } from './pickups';
import { laterStarters } from './later-starters';
import { attendanceDay, childAttendance } from './records';
import { signInSheetPdf } from './sheet-pdf';
import { attendanceReportPdf } from './report-pdf';
import { centreToday } from '../clock';
import { parentChildOr404 } from '../parents/access';
import { consumeForAccount, inBuildSlot } from '../services/rate-limit';
import { refuse } from '../refusal';

export function classroomList(ctx: StaffContext) {
  return listClassrooms(ctx.db);
}

/** The day, with the children who start later (ADR 081) of the rooms the caller may see. */
export function attendanceOfDay(ctx: StaffContext, input: z.output<typeof attendanceDaySchema>) {
  return { ...attendanceDay(ctx.db, input.date), startingLater: laterStarters(ctx, input.date) };
}

export function adultsOnSiteNow(ctx: StaffContext) {
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
}

export function pickupList(ctx: StaffContext, input: z.output<typeof childIdInput>) {
  staffChildOr404(ctx.db, input.childId);
  return pickupsOf(ctx.db, input.childId);
}

export function addPickupFor(ctx: StaffContext, input: z.output<typeof staffPickupAddSchema>) {
  consumeForAccount(ctx, ctx.limits.attendance);
  const { childId, ...fields } = input;
  return addStaffPickup(ctx, childId, fields);
}

/** `PATCH /api/admin/enrolled-children/{id}/pickups/{pickupId}`. */
export function updatePickupFor(ctx: StaffContext, input: z.output<typeof pickupUpdateSchema>) {
  consumeForAccount(ctx, ctx.limits.attendance);
  return updatePickup(ctx, input);
}

export function sheetPdfOf(ctx: StaffContext, input: z.output<typeof attendanceDaySchema>) {
  return inBuildSlot(ctx, () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const bytes = signInSheetPdf(attendanceDay(ctx.db, input.date));
    return { fileName: `sign-in-sheet-${input.date}.pdf`, contentBase64: bytes.toString('base64') };
  });
}

/** The monthly attendance report's PDF, built in a slot of the PDF gate (ADR 068) and counted against the PDF limit. */
export function reportPdfOf(ctx: StaffContext, input: z.output<typeof reportMonthSchema>) {
  return inBuildSlot(ctx, async () => {
    consumeForAccount(ctx, ctx.limits.pdfs);
    const bytes = await attendanceReportPdf(ctx.db, input.month, ctx.clock.now());
    return { fileName: `attendance-${input.month}.pdf`, contentBase64: bytes.toString('base64') };
  });
}

export function parentPickupList(ctx: ParentContext, input: z.output<typeof childIdInput>) {
  return familyPickups(ctx.db, ctx.parent.id, input.childId);
}

export function parentAddPickupFor(ctx: ParentContext, input: z.output<typeof pickupAddSchema>) {
  const { childId, ...fields } = input;
  parentChildOr404(ctx.db, ctx.parent.id, childId);
  consumeForAccount(ctx, ctx.limits.attendance);
  return addParentPickup(ctx, ctx.parent, childId, fields);
}

/** `DELETE /api/parent/children/{id}/pickups/{pickupId}`: any person on their own child's list (ADR 073). */
export function parentDeletePickupFor(ctx: ParentContext, input: z.output<typeof pickupDeleteSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  consumeForAccount(ctx, ctx.limits.attendance);
  return deleteParentPickup(ctx, ctx.parent, input.childId, input.id);
}

export function parentHistoryOf(ctx: ParentContext, input: z.output<typeof parentAttendanceSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  const to = input.to ?? (input.from ? addDays(input.from, 29) : centreToday(ctx.clock));
  const from = input.from ?? addDays(to, -29);
  if (addDays(from, PARENT_RANGE_MAX_DAYS - 1) < to) throw refuse('BAD_REQUEST', 'error.rangeMax', { days: PARENT_RANGE_MAX_DAYS });
  return childAttendance(ctx.db, input.childId, from, to);
}
