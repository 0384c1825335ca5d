/**
 * Milestones and achievements: the queries and writes behind routers/milestones.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { z } from 'zod';
import type { Context, StaffContext } from '../context';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { childAchievements, enrolledChildren, milestones } from '~/db/schema';
import { type achievementSchema } from '../../shared/schemas/development';
import { type idSchema } from '../../shared/schemas/content';
import { type Clock, centreToday } from '../clock';
import type { Db } from '../db';
import { linkedParentRecipients } from './recipients';
import { achievementEmail } from './development-mail';
import { sendToParent } from '../parents/mail';
import { dailyRead } from '../cache/store';
import { audited } from '../audit/record';
import { staffAuthorName } from '../audit/authors';
import { preferencesOfAddress } from '../parents/preferences';
import { milestoneIn } from '../../shared/i18n/milestones-es';
import { refuse } from '../refusal';
import { staffNotice } from '../notice';

export const milestoneColumns = {
  id: milestones.id,
  key: milestones.key,
  name: milestones.name,
  description: milestones.description,
  category: milestones.category,
  ageRange: milestones.ageRange,
  badgeIcon: milestones.badgeIcon,
  badgeColor: milestones.badgeColor,
  difficulty: milestones.difficulty,
  isActive: milestones.isActive,
  createdAt: milestones.createdAt,
};

/**
 * Achievements as the public page shows them (ADR 005). The child's id, name and photo are left out on
 * purpose, and the notes appear only when staff ticked 'share on the public page' (they may name the child).
 */
const publicAchievement = {
  id: childAchievements.id,
  milestoneId: childAchievements.milestoneId,
  achievedAt: childAchievements.achievedAt,
  notes: sql<string | null>`case when ${childAchievements.sharePublicly} then ${childAchievements.notes} else null end`,
  witnessedBy: childAchievements.witnessedBy,
  celebrationLevel: childAchievements.celebrationLevel,
  createdAt: childAchievements.createdAt,
};

/** How far back "recent" reaches, and how many it shows at most. */
export const RECENT_DAYS = 30;
export const RECENT_LIMIT = 10;

const staffAchievement = {
  id: childAchievements.id,
  childId: childAchievements.childId,
  milestoneId: childAchievements.milestoneId,
  achievedAt: childAchievements.achievedAt,
  notes: childAchievements.notes,
  witnessedBy: childAchievements.witnessedBy,
  celebrationLevel: childAchievements.celebrationLevel,
  parentNotified: childAchievements.parentNotified,
  authorId: childAchievements.authorId,
  authorName: staffAuthorName(childAchievements.authorName),
  sharePublicly: childAchievements.sharePublicly,
  createdAt: childAchievements.createdAt,
};

/** Achieved in the last RECENT_DAYS days (the centre's calendar), newest first, at most RECENT_LIMIT. */
export function recentAchievements(ctx: { db: Db; clock: Clock }) {
  const since = new Date(`${centreToday(ctx.clock)}T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - RECENT_DAYS);
  return ctx.db
    .select(publicAchievement)
    .from(childAchievements)
    .where(gte(childAchievements.achievedAt, since.toISOString().slice(0, 10)))
    .orderBy(desc(childAchievements.achievedAt))
    .limit(RECENT_LIMIT)
    .all();
}

export function listMilestones(ctx: Context) {
  return dailyRead(ctx, 'milestones.list', () =>
    ctx.db
      .select(milestoneColumns)
      .from(milestones)
      .where(eq(milestones.isActive, true))
      .orderBy(asc(milestones.createdAt), asc(milestones.name))
      .all(),
  );
}

export function listAchievements(ctx: Context) {
  return dailyRead(ctx, 'achievements.list', () =>
    ctx.db.select(publicAchievement).from(childAchievements).orderBy(desc(childAchievements.achievedAt)).all(),
  );
}

export function achievementsOfChild(ctx: StaffContext, input: z.output<typeof idSchema>) {
  return ctx.db
    .select(staffAchievement)
    .from(childAchievements)
    .where(eq(childAchievements.childId, input))
    .orderBy(desc(childAchievements.achievedAt))
    .all();
}

export async function recordAchievement(ctx: StaffContext, input: z.output<typeof achievementSchema>) {
  const child = ctx.db
    .select({ id: enrolledChildren.id, childName: enrolledChildren.childName })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.id, input.childId))
    .get();
  if (!child) throw refuse('NOT_FOUND', 'error.childNotFound');
  const milestone = ctx.db.select(milestoneColumns).from(milestones).where(eq(milestones.id, input.milestoneId)).get();
  if (!milestone) throw refuse('NOT_FOUND', 'error.milestoneNotFound');
  const dup = ctx.db
    .select({ id: childAchievements.id })
    .from(childAchievements)
    .where(and(eq(childAchievements.childId, child.id), eq(childAchievements.milestoneId, milestone.id)))
    .get();
  if (dup) throw refuse('CONFLICT', 'error.alreadyHasMilestone', { child: child.childName, milestone: milestone.name });

  const row = audited(
    ctx,
    (db) =>
      db
        .insert(childAchievements)
        .values({ ...input, authorId: ctx.admin.id, authorName: ctx.admin.name, createdAt: ctx.clock.now() })
        .returning(staffAchievement)
        .get(),
    (a) => ({ action: 'create', entity: 'achievement', entityId: a.id, fields: input }),
  );
  const recipients = linkedParentRecipients(ctx.db, child.id);
  let notified = 0;
  const errors: string[] = [];
  for (const r of recipients) {
    // Each parent reads it in their saved language, the centre's milestone by its name in that language.
    const language = preferencesOfAddress(ctx.db, r.email).language;
    const named = milestoneIn(language, milestone);
    const content = achievementEmail(
      {
        parentName: r.name,
        childName: child.childName,
        milestoneName: named.name,
        milestoneDescription: named.description,
        achievedAt: input.achievedAt,
        notes: input.notes,
        witnessedBy: input.witnessedBy,
      },
      ctx.config,
      language,
    );
    const outcome = await sendToParent(ctx, r.email, content, ctx.admin.email);
    if (outcome.emailSent) notified++;
    else errors.push(outcome.emailError);
  }
  if (notified > 0) ctx.db.update(childAchievements).set({ parentNotified: true }).where(eq(childAchievements.id, row.id)).run();
  return {
    success: true as const,
    achievement: { ...row, parentNotified: notified > 0 },
    emailSent: notified > 0,
    emailError: errors[0] ?? null,
    ...(notified > 0
      ? staffNotice('staff.notice.milestoneTold', { child: child.childName })
      : staffNotice('staff.notice.milestoneNotTold')),
  };
}

export function deleteAchievement(ctx: StaffContext, input: z.output<typeof idSchema>) {
  const gone = audited(
    ctx,
    (db) => db.delete(childAchievements).where(eq(childAchievements.id, input)).returning({ id: childAchievements.id }).get(),
    () => ({ action: 'delete', entity: 'achievement', entityId: input }),
  );
  if (!gone) throw refuse('NOT_FOUND', 'error.achievementNotFound');
  return { success: true as const, id: gone.id };
}
