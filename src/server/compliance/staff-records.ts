/**
 * Staff records for the licence (director only, ADR 094): the background check's date, the credentials' expiry dates
 * (first aid, CPR, communicable disease, child-abuse recognition) and training hours. One row per staff account,
 * written on the first save; the compliance list reads them (rows.ts).
 */
import type { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { adminUsers, staffRecords } from '~/db/schema';
import type { staffRecordUpdateSchema } from '../../shared/schemas/health';
import type { StaffContext } from '../context';
import type { Db } from '../db';
import { changedFields, recordAudit } from '../audit/record';
import { refuse } from '../refusal';

const EMPTY = {
  backgroundCheckDate: null,
  firstAidExpires: null,
  cprExpires: null,
  communicableDiseaseExpires: null,
  childAbuseExpires: null,
  trainingHours: 0,
};

/** Every active staff account with its record (an account without one reads empty), by name. */
export function staffRecordsOf(db: Db) {
  return db
    .select({
      staffId: adminUsers.id,
      name: adminUsers.name,
      role: adminUsers.role,
      backgroundCheckDate: staffRecords.backgroundCheckDate,
      firstAidExpires: staffRecords.firstAidExpires,
      cprExpires: staffRecords.cprExpires,
      communicableDiseaseExpires: staffRecords.communicableDiseaseExpires,
      childAbuseExpires: staffRecords.childAbuseExpires,
      trainingHours: staffRecords.trainingHours,
    })
    .from(adminUsers)
    .leftJoin(staffRecords, eq(staffRecords.staffId, adminUsers.id))
    .where(eq(adminUsers.isActive, true))
    .orderBy(asc(adminUsers.name), asc(adminUsers.id))
    .all()
    .map((r) => ({ ...r, trainingHours: r.trainingHours ?? 0 }));
}
export type StaffRecordRow = ReturnType<typeof staffRecordsOf>[number];

export function listStaffRecords(ctx: StaffContext) {
  return staffRecordsOf(ctx.db);
}

/** `PUT /api/admin/staff/{id}/record`: the whole record; an unknown account is 404. */
export function updateStaffRecord(ctx: StaffContext, input: z.output<typeof staffRecordUpdateSchema>) {
  const { staffId, ...fields } = input;
  return ctx.db.transaction(() => {
    const staff = ctx.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, staffId)).get();
    if (!staff) throw refuse('NOT_FOUND', 'error.staffNotFound');
    const before = ctx.db.select().from(staffRecords).where(eq(staffRecords.staffId, staffId)).get();
    const values = { ...fields, updatedAt: ctx.clock.now() };
    ctx.db
      .insert(staffRecords)
      .values({ staffId, ...values })
      .onConflictDoUpdate({ target: staffRecords.staffId, set: values })
      .run();
    recordAudit(ctx.db, ctx, {
      action: before ? 'update' : 'create',
      entity: 'staff-record',
      entityId: staffId,
      fields: changedFields(before ?? EMPTY, fields),
      ...(before ? { before } : {}),
    });
    return staffRecordsOf(ctx.db).find((r) => r.staffId === staffId) ?? { staffId, name: '', role: 'teacher' as const, ...fields };
  });
}
