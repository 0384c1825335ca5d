/**
 * The director's first-run checklist on the Overview (ADR 082): what a new centre still has to set up, each
 * item done or not from the records themselves (nothing to tick by hand), shown until every item is done or the
 * director puts it away (kept on the director's account, so it stays away on every device). Behind
 * routers/overview.ts, director only; `ctx.db` is the guarded database (ADR 063).
 */
import { and, count, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import { adminUsers, authorizedPickups, classrooms, enrolledChildren } from '~/db/schema';
import type { StaffContext } from '../context';
import { recordAudit } from '../audit/record';

export const SETUP_ITEMS = ['rooms', 'childrenInRooms', 'startDates', 'consent', 'pickups', 'staff', 'smtp'] as const;
export type SetupItemId = (typeof SETUP_ITEMS)[number];

export interface SetupItem {
  id: SetupItemId;
  done: boolean;
  /** How many enrolled children this item still lacks (0 for the items that are not about children). */
  missing: number;
  /** Whether the checklist waits for it: e-mail (SMTP) is said, not asked for; a centre may run without it. */
  required: boolean;
}

export interface SetupChecklist {
  /** Whether the Overview shows it: some required item not done, and not put away. */
  show: boolean;
  dismissed: boolean;
  items: SetupItem[];
}

export function setupChecklist(ctx: StaffContext): SetupChecklist {
  const db = ctx.db;
  const active = eq(enrolledChildren.isActive, true);
  const children = (where?: ReturnType<typeof and>) =>
    db.select({ n: count() }).from(enrolledChildren).where(and(active, where)).get()?.n ?? 0;
  const enrolled = children();
  const rooms = db.select({ n: count() }).from(classrooms).get()?.n ?? 0;
  const staff = db.select({ n: count() }).from(adminUsers).get()?.n ?? 0;
  const dismissedAt = db
    .select({ at: adminUsers.setupChecklistDismissedAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, ctx.admin.id))
    .get()?.at;

  /** An item about every enrolled child: done when there are children and none lacks it. */
  const aboutChildren = (id: SetupItemId, lacking: ReturnType<typeof and>): SetupItem => {
    const missing = enrolled === 0 ? 0 : children(lacking);
    return { id, done: enrolled > 0 && missing === 0, missing, required: true };
  };
  const items: SetupItem[] = [
    { id: 'rooms', done: rooms > 0, missing: 0, required: true },
    aboutChildren('childrenInRooms', isNull(enrolledChildren.classroomId)),
    aboutChildren('startDates', or(isNull(enrolledChildren.startDate), eq(enrolledChildren.startDate, ''))),
    // Recorded, given or withdrawn: the family was asked (ADR 073).
    aboutChildren('consent', and(isNull(enrolledChildren.photoConsentDate), isNull(enrolledChildren.photoConsentRecordedAt))),
    aboutChildren(
      'pickups',
      notExists(
        db
          .select({ one: sql`1` })
          .from(authorizedPickups)
          .where(eq(authorizedPickups.childId, enrolledChildren.id)),
      ),
    ),
    // Someone besides the director: a teacher or another director was invited.
    { id: 'staff', done: staff > 1, missing: 0, required: true },
    { id: 'smtp', done: ctx.config.smtpUrl !== null, missing: 0, required: false },
  ];
  const dismissed = dismissedAt != null;
  return { show: !dismissed && items.some((item) => item.required && !item.done), dismissed, items };
}

/** Puts the checklist away for this director (the moment it was done, each time), with its audit row. */
export function dismissSetupChecklist(ctx: StaffContext): { dismissed: true } {
  ctx.db.transaction(() => {
    const now = ctx.clock.now();
    const row = ctx.db
      .update(adminUsers)
      .set({ setupChecklistDismissedAt: now })
      .where(eq(adminUsers.id, ctx.admin.id))
      .returning({ id: adminUsers.id })
      .get();
    if (row) recordAudit(ctx.db, ctx, { action: 'update', entity: 'staff', entityId: row.id, fields: { setupChecklistDismissedAt: now } });
  });
  return { dismissed: true };
}
