/**
 * The Parent Portal's reads and the parent's preferences: the queries behind routers/parent-portal.ts.
 * Each function takes the procedure's context: its `ctx.db` is the guarded database (ADR 063), so every
 * write is checked again inside its transaction. The router validates the input and calls it (ADR 071).
 */
import type { ParentContext } from '../context';
import { z } from 'zod';
import { and, asc, desc, eq } from 'drizzle-orm';
import { childAchievements, milestones } from '~/db/schema';
import { ageBand } from '../../shared/age-band';
import { centreDateOf } from '../../shared/centre-time';
import type { Language } from '../../shared/i18n/languages';
import { milestoneIn } from '../../shared/i18n/milestones-es';
import { idSchema } from '../../shared/schemas/content';
import { type pageSchema } from '../../shared/schemas/development';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { cachedRead } from '../cache/store';
import { activitiesPage, notesPage, parentStats } from '../development/records';
import { dayTimeline } from '../daily/timeline';
import { childrenOfParent, parentChildOr404 } from './access';
import { callerLanguage, preferencesOf, updatePreferences } from './preferences';
import { type preferencesUpdateSchema } from '../../shared/schemas/preferences';
import { consumeForAccount } from '../services/rate-limit';
import { milestoneColumns } from '../development/milestones';

/** docs/product.md §9: the parent overview shows the 3 most recent of each. */
export const PARENT_OVERVIEW_ITEMS = 3;

/** The child's own achievements (with the photo, which the public page never shows). */
function achievementsOf(db: Db, childId: string) {
  return db
    .select({
      id: childAchievements.id,
      milestoneId: childAchievements.milestoneId,
      achievedAt: childAchievements.achievedAt,
      notes: childAchievements.notes,
      witnessedBy: childAchievements.witnessedBy,
      photoUrl: childAchievements.photoUrl,
      celebrationLevel: childAchievements.celebrationLevel,
    })
    .from(childAchievements)
    .where(eq(childAchievements.childId, childId))
    .orderBy(desc(childAchievements.achievedAt))
    .all();
}

/** The Milestones tab: the milestones of the child's age band (docs/product.md §4) and the child's achievements. */
function milestonesFor(db: Db, childId: string, dateOfBirth: string, today: string) {
  return cachedRead(db, `parent-milestones:${childId}:${dateOfBirth}:${today}`, () => readMilestonesFor(db, childId, dateOfBirth, today));
}

/** The Milestones tab in the parent's language: the centre's milestones in Spanish for a Spanish portal. */
function milestonesIn<
  T extends { milestones: M[]; earnedElsewhere: M[] },
  M extends { key: string | null; name: string; description: string },
>(language: Language, tab: T): T {
  if (language === 'en') return tab;
  const say = (m: M) => milestoneIn(language, m);
  return { ...tab, milestones: tab.milestones.map(say), earnedElsewhere: tab.earnedElsewhere.map(say) };
}

function readMilestonesFor(db: Db, childId: string, dateOfBirth: string, today: string) {
  const band = ageBand(dateOfBirth, today);
  const list = db
    .select(milestoneColumns)
    .from(milestones)
    .where(and(eq(milestones.isActive, true), eq(milestones.ageRange, band)))
    .orderBy(asc(milestones.createdAt), asc(milestones.name))
    .all();
  const achievements = achievementsOf(db, childId);
  const achievedIds = new Set(achievements.map((a) => a.milestoneId));
  // An achieved milestone of another band (a child ahead of, or behind, the book) still shows as earned.
  const extra = achievements.filter((a) => !list.some((m) => m.id === a.milestoneId)).map((a) => a.milestoneId);
  const earnedElsewhere = extra.length
    ? db
        .select(milestoneColumns)
        .from(milestones)
        .all()
        .filter((m) => extra.includes(m.id))
    : [];
  return { ageBand: band, milestones: list, achievedMilestoneIds: [...achievedIds], achievements, earnedElsewhere };
}

/** What the dashboard shows first: the children, and for the chosen one (the first when none is named) the rest. */
function dashboardOf(db: Db, clock: Clock, parentId: string, childId: string | null, today: string) {
  const children = childrenOfParent(db, parentId);
  const child = childId ? parentChildOr404(db, parentId, childId) : (children[0] ?? null);
  if (!child) return { children, child: null, today: [], stats: null, recentNotes: [], recentActivities: [], milestones: null };
  return {
    children,
    child,
    // The Today tab, the first a parent sees: rendered with the rest of the first answer.
    today: dayTimeline(db, child.id, today),
    stats: parentStats(db, clock, child.id),
    recentNotes: notesPage(db, 'parent', child.id, PARENT_OVERVIEW_ITEMS).items,
    recentActivities: activitiesPage(db, child.id, PARENT_OVERVIEW_ITEMS).items,
    milestones: milestonesFor(db, child.id, child.dateOfBirth, today),
  };
}
export const portalDashboardInput = z.object({ childId: idSchema.nullish() }).default({});

export function ownChildren(ctx: ParentContext) {
  return childrenOfParent(ctx.db, ctx.parent.id);
}

export function portalDashboard(ctx: ParentContext, input: z.output<typeof portalDashboardInput>) {
  const today = centreDateOf(ctx.clock.now());
  // The whole answer from memory until the next write (cache/store.ts): keyed by this parent, the child asked
  // for and the day; a child of another family throws its 404 before anything is kept.
  const answer = cachedRead(ctx.db, `parent-dashboard:${ctx.parent.id}:${input.childId ?? ''}:${today}`, () =>
    dashboardOf(ctx.db, ctx.clock, ctx.parent.id, input.childId ?? null, today),
  );
  // The portal's language comes with its first answer (ADR 047): rendered in it at once, no second trip.
  const { language } = preferencesOf(ctx.db, ctx.parent.id);
  return { ...answer, milestones: answer.milestones && milestonesIn(language, answer.milestones), language };
}

export function childActivities(ctx: ParentContext, input: z.output<typeof pageSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  return activitiesPage(ctx.db, input.childId, input.limit, input.cursor);
}

export function childNotes(ctx: ParentContext, input: z.output<typeof pageSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  const page = notesPage(ctx.db, 'parent', input.childId, input.limit, input.cursor);
  return page;
}

export function childStats(ctx: ParentContext, input: z.output<typeof idSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input);
  return parentStats(ctx.db, ctx.clock, input);
}

export function childMilestones(ctx: ParentContext, input: z.output<typeof idSchema>) {
  const child = parentChildOr404(ctx.db, ctx.parent.id, input);
  return milestonesIn(callerLanguage(ctx), milestonesFor(ctx.db, child.id, child.dateOfBirth, centreDateOf(ctx.clock.now())));
}

export function readPreferences(ctx: ParentContext) {
  return preferencesOf(ctx.db, ctx.parent.id);
}

export function savePreferences(ctx: ParentContext, input: z.output<typeof preferencesUpdateSchema>) {
  consumeForAccount(ctx, ctx.limits.preferences);
  return updatePreferences(ctx.db, ctx.parent.id, input, ctx.clock.now());
}
