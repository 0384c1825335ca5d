/**
 * Classrooms: the rooms, the staff assigned to each and the children in each. A child belongs to at
 * most one room (enrolled_children.classroom_id); staff may be assigned to several (classroom_staff).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { adminUsers, classrooms, classroomStaff, enrolledChildren } from '~/db/schema';
import { CONSENT_DATE_IN_FUTURE, type ClassroomAgeGroup } from '../../shared/schemas/classrooms';
import { centreToday } from '../clock';
import { audited, changedFields, recordAudit } from '../audit/record';
import type { Context } from '../context';
import type { Db } from '../db';
import { refuse } from '../refusal';

export const CLASSROOM_NOT_FOUND = 'error.classroomNotFound';
const CHILD_NOT_FOUND = 'error.childNotFound';

type Writing = Pick<Context, 'db' | 'clock' | 'auth' | 'ip' | 'config'>;

export interface ClassroomView {
  id: string;
  name: string;
  ageGroup: ClassroomAgeGroup;
  capacity: number;
  childIds: string[];
  staffIds: string[];
}

const columns = { id: classrooms.id, name: classrooms.name, ageGroup: classrooms.ageGroup, capacity: classrooms.capacity };

/** Every room by name, with its children (active ones) and staff. */
export function listClassrooms(db: Db): ClassroomView[] {
  const rooms = db.select(columns).from(classrooms).orderBy(asc(classrooms.name), asc(classrooms.id)).all();
  const children = db
    .select({ id: enrolledChildren.id, classroomId: enrolledChildren.classroomId })
    .from(enrolledChildren)
    .where(eq(enrolledChildren.isActive, true))
    .orderBy(asc(enrolledChildren.childName), asc(enrolledChildren.id))
    .all();
  const staff = db
    .select({ classroomId: classroomStaff.classroomId, staffId: classroomStaff.staffId })
    .from(classroomStaff)
    .innerJoin(adminUsers, eq(adminUsers.id, classroomStaff.staffId))
    .orderBy(asc(adminUsers.name))
    .all();
  return rooms.map((r) => ({
    ...r,
    ageGroup: r.ageGroup as ClassroomAgeGroup,
    childIds: children.filter((c) => c.classroomId === r.id).map((c) => c.id),
    staffIds: staff.filter((s) => s.classroomId === r.id).map((s) => s.staffId),
  }));
}

export function classroomOr404(db: Db, id: string) {
  const room = db.select(columns).from(classrooms).where(eq(classrooms.id, id)).get();
  if (!room) throw refuse('NOT_FOUND', CLASSROOM_NOT_FOUND);
  return room;
}

/** Replaces a room's staff with `staffIds`; an id that is no staff account answers 400. */
function setStaff(db: Db, classroomId: string, staffIds: string[]) {
  const unique = [...new Set(staffIds)];
  if (unique.length > 0) {
    const found = db.select({ id: adminUsers.id }).from(adminUsers).where(inArray(adminUsers.id, unique)).all();
    if (found.length !== unique.length) throw refuse('BAD_REQUEST', 'error.staffMemberNotFound');
  }
  db.delete(classroomStaff).where(eq(classroomStaff.classroomId, classroomId)).run();
  if (unique.length > 0)
    db.insert(classroomStaff)
      .values(unique.map((staffId) => ({ classroomId, staffId })))
      .run();
}

function viewOf(db: Db, id: string): ClassroomView {
  return listClassrooms(db).find((r) => r.id === id)!;
}

export function createClassroom(
  ctx: Writing,
  input: { name: string; ageGroup: ClassroomAgeGroup; capacity: number; staffIds?: string[] },
): ClassroomView {
  const { staffIds, ...fields } = input;
  const now = ctx.clock.now();
  const id = audited(
    ctx,
    (db) => {
      const row = db
        .insert(classrooms)
        .values({ ...fields, createdAt: now, updatedAt: now })
        .returning({ id: classrooms.id })
        .get();
      if (staffIds) setStaff(db, row.id, staffIds);
      return row.id;
    },
    (roomId) => ({ action: 'create', entity: 'classroom', entityId: roomId, fields: { ...fields, staffIds } }),
  );
  return viewOf(ctx.db, id);
}

export function updateClassroom(
  ctx: Writing,
  input: { id: string; name?: string; ageGroup?: ClassroomAgeGroup; capacity?: number; staffIds?: string[] },
): ClassroomView {
  const { id, staffIds, ...fields } = input;
  ctx.db.transaction(() => {
    const before = classroomOr404(ctx.db, id);
    const beforeStaff = viewOf(ctx.db, id).staffIds;
    if (Object.values(fields).some((v) => v !== undefined))
      ctx.db
        .update(classrooms)
        .set({ ...fields, updatedAt: ctx.clock.now() })
        .where(eq(classrooms.id, id))
        .run();
    if (staffIds) setStaff(ctx.db, id, staffIds);
    const changed = changedFields(before, fields);
    if (staffIds && JSON.stringify([...beforeStaff].sort()) !== JSON.stringify([...new Set(staffIds)].sort())) changed.staffIds = staffIds;
    recordAudit(ctx.db, ctx, { action: 'update', entity: 'classroom', entityId: id, fields: changed, before });
  });
  return viewOf(ctx.db, id);
}

/** What a child's PATCH answers: the room and the photo consent's record. */
const childPatchColumns = {
  id: enrolledChildren.id,
  childName: enrolledChildren.childName,
  classroomId: enrolledChildren.classroomId,
  photoConsent: enrolledChildren.photoConsent,
  photoConsentDate: enrolledChildren.photoConsentDate,
  photoConsentGivenBy: enrolledChildren.photoConsentGivenBy,
  photoConsentRecordedByName: enrolledChildren.photoConsentRecordedByName,
  photoConsentRecordedAt: enrolledChildren.photoConsentRecordedAt,
};

/**
 * The consent fields a PATCH writes (ADR 073), or none when it sends none of them. A change of consent is a new
 * record: its date (default: the centre's today; never after it), the parent who gave or withdrew it (what was
 * sent; cleared when the consent itself changes without one), and the staff member recording it, now. A PATCH
 * of the date or the parent alone corrects the record and is recorded the same way.
 */
function consentRecord(
  ctx: Writing,
  before: { photoConsent: boolean; photoConsentDate: string | null; photoConsentGivenBy: string | null },
  input: { photoConsent?: boolean; photoConsentDate?: string; photoConsentGivenBy?: string | null },
) {
  if (input.photoConsent === undefined && input.photoConsentDate === undefined && input.photoConsentGivenBy === undefined) return {};
  if (ctx.auth?.kind !== 'admin') throw refuse('FORBIDDEN', 'error.staffOnly');
  const today = centreToday(ctx.clock);
  if (input.photoConsentDate && input.photoConsentDate > today) throw refuse('BAD_REQUEST', CONSENT_DATE_IN_FUTURE);
  const photoConsent = input.photoConsent ?? before.photoConsent;
  const turned = photoConsent !== before.photoConsent;
  return {
    photoConsent,
    photoConsentDate: input.photoConsentDate ?? (turned ? today : (before.photoConsentDate ?? today)),
    photoConsentGivenBy: input.photoConsentGivenBy !== undefined ? input.photoConsentGivenBy : turned ? null : before.photoConsentGivenBy,
    photoConsentRecordedById: ctx.auth.admin.id,
    photoConsentRecordedByName: ctx.auth.admin.name,
    photoConsentRecordedAt: ctx.clock.now(),
  };
}

/**
 * `PATCH /api/admin/enrolled-children/{id}`: the child's room and photo consent, and nothing else. The audit row
 * keeps the consent (yes/no) and its date; the parent's name reads `changed` (fields.ts).
 */
export function patchChild(
  ctx: Writing,
  input: {
    id: string;
    classroomId?: string | null;
    photoConsent?: boolean;
    photoConsentDate?: string;
    photoConsentGivenBy?: string | null;
  },
) {
  const { id, classroomId, ...consent } = input;
  return ctx.db.transaction(() => {
    const before = ctx.db.select(childPatchColumns).from(enrolledChildren).where(eq(enrolledChildren.id, id)).get();
    if (!before) throw refuse('NOT_FOUND', CHILD_NOT_FOUND);
    if (classroomId) {
      const room = ctx.db.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, classroomId)).get();
      if (!room) throw refuse('BAD_REQUEST', CLASSROOM_NOT_FOUND);
    }
    const record = consentRecord(ctx, before, consent);
    const after = ctx.db
      .update(enrolledChildren)
      .set({ classroomId, ...record, updatedAt: ctx.clock.now() })
      .where(eq(enrolledChildren.id, id))
      .returning(childPatchColumns)
      .get()!;
    const { photoConsent, photoConsentDate, photoConsentGivenBy } = record;
    const changed = changedFields(before, { classroomId, photoConsent, photoConsentDate, photoConsentGivenBy });
    recordAudit(ctx.db, ctx, { action: 'update', entity: 'child', entityId: id, fields: changed, before });
    return after;
  });
}
