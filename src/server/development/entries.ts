/**
 * Activities, development notes and the weekly report: the queries and writes behind routers/development.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { StaffContext } from '../context';
import { eq } from 'drizzle-orm';
import { dailyActivities, developmentNotes, enrolledChildren } from '~/db/schema';
import { type idSchema } from '../../shared/schemas/content';
import {
  type activitySchema,
  type activityUpdateSchema,
  type noteSchema,
  NOTHING_TO_REPORT,
  type noteUpdateSchema,
  type summaryRangeSchema,
  type weeklyReportSchema,
} from '../../shared/schemas/development';
import type { Db } from '../db';
import { activitiesPage, activityColumns, noteColumns, notesPage, rangeRecords, rangeSummary } from './records';
import { linkedParentRecipients } from './recipients';
import { weeklyReportEmail } from './development-mail';
import { sendToParent } from '../parents/mail';
import { assertMayChange } from '../audit/authors';
import { audited, changedFields, recordAudit } from '../audit/record';
import { fieldError } from '../field-errors';
import { preferencesOfAddress } from '../parents/preferences';
import { refuse } from '../refusal';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { staffNotice } from '../notice';

/** docs/product.md §9: the Activities tab lists 5 of each. */
export const ADMIN_RECENT_ITEMS = 5;

function childOr404(db: Db, childId: string) {
  const child = db
    .select({
      id: enrolledChildren.id,
      childName: enrolledChildren.childName,
      parentName: enrolledChildren.parentName,
      parentEmail: enrolledChildren.parentEmail,
    })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, childId))
    .get();
  if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
  return child;
}

const notFound = (id: ErrorKey) => refuse('NOT_FOUND', id);

export function childRecords(ctx: StaffContext, input: z.output<typeof idSchema>) {
  childOr404(ctx.db, input);
  return {
    success: true as const,
    data: {
      activities: activitiesPage(ctx.db, input, ADMIN_RECENT_ITEMS).items,
      developmentNotes: notesPage(ctx.db, 'staff', input, ADMIN_RECENT_ITEMS).items,
    },
  };
}

export function createActivity(ctx: StaffContext, input: z.output<typeof activitySchema>) {
  childOr404(ctx.db, input.childId);
  return audited(
    ctx,
    (db) =>
      db
        .insert(dailyActivities)
        .values({ ...input, authorId: ctx.admin.id, authorName: ctx.admin.name, createdAt: ctx.clock.now() })
        .returning(activityColumns)
        .get(),
    (row) => ({ action: 'create', entity: 'activity', entityId: row.id, fields: input }),
  );
}

export function updateActivity(ctx: StaffContext, input: z.output<typeof activityUpdateSchema>) {
  const { id, ...fields } = input;
  return audited(
    ctx,
    (db) => {
      const before = db.select().from(dailyActivities).where(eq(dailyActivities.id, id)).get();
      if (!before) throw notFound('error.activityNotFound');
      assertMayChange(ctx.admin, before.authorId);
      return { before, row: db.update(dailyActivities).set(fields).where(eq(dailyActivities.id, id)).returning(activityColumns).get()! };
    },
    ({ before }) => ({ action: 'update', entity: 'activity', entityId: id, fields: changedFields(before, fields), before }),
  ).row;
}

export function deleteActivity(ctx: StaffContext, input: z.output<typeof idSchema>) {
  audited(
    ctx,
    (db) => {
      const before = db.select({ authorId: dailyActivities.authorId }).from(dailyActivities).where(eq(dailyActivities.id, input)).get();
      if (!before) throw notFound('error.activityNotFound');
      assertMayChange(ctx.admin, before.authorId);
      db.delete(dailyActivities).where(eq(dailyActivities.id, input)).run();
      return input;
    },
    () => ({ action: 'delete', entity: 'activity', entityId: input }),
  );
  return { success: true as const, id: input };
}

export function createNote(ctx: StaffContext, input: z.output<typeof noteSchema>) {
  childOr404(ctx.db, input.childId);
  return audited(
    ctx,
    (db) =>
      db
        .insert(developmentNotes)
        .values({ ...input, authorId: ctx.admin.id, authorName: ctx.admin.name, createdAt: ctx.clock.now() })
        .returning(noteColumns)
        .get(),
    (row) => ({ action: 'create', entity: 'note', entityId: row.id, fields: input }),
  );
}

export function updateNote(ctx: StaffContext, input: z.output<typeof noteUpdateSchema>) {
  const { id, ...fields } = input;
  return audited(
    ctx,
    (db) => {
      const before = db.select().from(developmentNotes).where(eq(developmentNotes.id, id)).get();
      if (!before) throw notFound('error.noteNotFound');
      assertMayChange(ctx.admin, before.authorId);
      return { before, row: db.update(developmentNotes).set(fields).where(eq(developmentNotes.id, id)).returning(noteColumns).get()! };
    },
    ({ before }) => ({ action: 'update', entity: 'note', entityId: id, fields: changedFields(before, fields), before }),
  ).row;
}

export function deleteNote(ctx: StaffContext, input: z.output<typeof idSchema>) {
  audited(
    ctx,
    (db) => {
      const before = db.select({ authorId: developmentNotes.authorId }).from(developmentNotes).where(eq(developmentNotes.id, input)).get();
      if (!before) throw notFound('error.noteNotFound');
      assertMayChange(ctx.admin, before.authorId);
      db.delete(developmentNotes).where(eq(developmentNotes.id, input)).run();
      return input;
    },
    () => ({ action: 'delete', entity: 'note', entityId: input }),
  );
  return { success: true as const, id: input };
}

export function activitySummary(ctx: StaffContext, input: z.output<typeof summaryRangeSchema>) {
  childOr404(ctx.db, input.childId);
  return {
    success: true as const,
    childId: input.childId,
    start: input.start,
    end: input.end,
    summary: rangeSummary(ctx.db, 'staff', input.childId, input.start, input.end),
  };
}

export async function sendWeeklyReport(ctx: StaffContext, input: z.output<typeof weeklyReportSchema>) {
  const child = childOr404(ctx.db, input.childId);
  const { weekStartDate, weekEndDate } = input;
  const { activities, notes } = rangeRecords(ctx.db, 'parent', child.id, weekStartDate, weekEndDate);
  if (activities.length === 0 && notes.length === 0) throw fieldError('weekStartDate', NOTHING_TO_REPORT);
  const summary = rangeSummary(ctx.db, 'parent', child.id, weekStartDate, weekEndDate);
  const recipients = linkedParentRecipients(ctx.db, child.id);
  const sent: string[] = [];
  const errors: string[] = [];
  for (const r of recipients) {
    const content = weeklyReportEmail(
      { parentName: r.name, childName: child.childName, weekStartDate, weekEndDate, activities, notes, skills: summary.skillsPracticed },
      ctx.config,
      preferencesOfAddress(ctx.db, r.email).language,
    );
    const outcome = await sendToParent(ctx, r.email, content, ctx.admin.email);
    if (outcome.emailSent) sent.push(r.email);
    else errors.push(outcome.emailError);
  }
  const emailSent = sent.length > 0;
  recordAudit(ctx.db, ctx, {
    action: 'send',
    entity: 'report',
    entityId: child.id,
    fields: { weekStartDate, weekEndDate, recipients: sent },
  });
  return {
    success: emailSent,
    emailSent,
    emailError: errors[0] ?? null,
    ...(emailSent
      ? staffNotice('staff.notice.reportSent', { child: child.childName, recipients: sent.join(', ') })
      : staffNotice('staff.notice.reportNotSent', { child: child.childName })),
    reportData: {
      parent: { name: child.parentName, email: child.parentEmail },
      recipients: sent,
      child: { id: child.id, childName: child.childName },
      weekStartDate,
      weekEndDate,
      summary,
      activities,
      developmentNotes: notes,
    },
  };
}
