/**
 * Doses given (ADR 092): a teacher records each one right after it is given, and it is refused (409, with a
 * sentence) when the authorization is not active that day, when it is more than 60 minutes from a scheduled
 * time (unless "as needed"), or when that scheduled dose was already given. The room's list for a day says
 * where each scheduled dose stands; a parent reads their child's doses of a day.
 */
import type { z } from 'zod';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { classrooms, enrolledChildren, medicationAuthorizations, medicationDoses } from '~/db/schema';
import type { ParentContext, StaffContext } from '../context';
import { centreToday } from '../clock';
import { audited } from '../audit/record';
import { refuse } from '../refusal';
import { fieldError } from '../field-errors';
import { isUniqueViolation } from '../db-errors';
import { parentChildOr404 } from '../parents/access';
import { consumeForAccount } from '../services/rate-limit';
import { centreDateOf, centreMoment } from '~/shared/centre-time';
import { activeOn, slotFor, slotState, type StoredMedicationStatus } from '~/shared/medication-rules';
import type { childDosesSchema, doseSchema, roomDosesSchema } from '~/shared/schemas/medication';

/** How far ahead of the server's clock a dose's time may be (a tablet's clock a little fast), in ms. */
export const DOSE_CLOCK_SKEW_MS = 5 * 60_000;

const doseColumns = {
  id: medicationDoses.id,
  authorizationId: medicationDoses.authorizationId,
  childId: medicationDoses.childId,
  givenAt: medicationDoses.givenAt,
  date: medicationDoses.date,
  slotTime: medicationDoses.slotTime,
  dose: medicationDoses.dose,
  notes: medicationDoses.notes,
  authorName: medicationDoses.authorName,
};

/** A teacher records a dose given: refused with 409 and a sentence when the rules above say no. */
export function recordDose(ctx: StaffContext, input: z.output<typeof doseSchema>) {
  consumeForAccount(ctx, ctx.limits.medication);
  if (input.givenAt.getTime() > ctx.clock.now().getTime() + DOSE_CLOCK_SKEW_MS) throw fieldError('givenAt', 'error.doseInFuture');
  let slotTime: string | null = null;
  try {
    return audited(
      ctx,
      (db) => {
        const auth = db
          .select({
            id: medicationAuthorizations.id,
            childId: medicationAuthorizations.childId,
            status: medicationAuthorizations.status,
            startDate: medicationAuthorizations.startDate,
            endDate: medicationAuthorizations.endDate,
            times: medicationAuthorizations.times,
            asNeeded: medicationAuthorizations.asNeeded,
          })
          .from(medicationAuthorizations)
          .innerJoin(enrolledChildren, eq(enrolledChildren.id, medicationAuthorizations.childId))
          .where(and(eq(medicationAuthorizations.id, input.authorizationId), eq(enrolledChildren.isActive, true)))
          .get();
        if (!auth) throw refuse('NOT_FOUND', 'error.medicationNotFound');
        const scheduled = auth.times.length > 0;
        const slot = scheduled ? slotFor(auth.times, input.givenAt) : null;
        const date = slot?.date ?? centreDateOf(input.givenAt);
        if (!activeOn({ ...auth, status: auth.status as StoredMedicationStatus }, date)) throw refuse('CONFLICT', 'error.doseNotActive');
        if (scheduled && !slot) throw refuse('CONFLICT', 'error.doseOutsideWindow', { minutes: 60 });
        if (slot) {
          slotTime = slot.time;
          const given = db
            .select({ id: medicationDoses.id })
            .from(medicationDoses)
            .where(
              and(
                eq(medicationDoses.authorizationId, auth.id),
                eq(medicationDoses.date, slot.date),
                eq(medicationDoses.slotTime, slot.time),
              ),
            )
            .get();
          if (given) throw refuse('CONFLICT', 'error.doseAlreadyGiven', { time: slot.time });
        }
        return db
          .insert(medicationDoses)
          .values({
            authorizationId: auth.id,
            childId: auth.childId,
            givenAt: input.givenAt,
            date,
            slotTime: slot?.time ?? null,
            dose: input.dose,
            notes: input.notes,
            authorId: ctx.admin.id,
            authorName: ctx.admin.name,
            createdAt: ctx.clock.now(),
          })
          .returning(doseColumns)
          .get();
      },
      (d) => ({
        action: 'create',
        entity: 'medication-dose',
        entityId: d.id,
        fields: { authorizationId: d.authorizationId, childId: d.childId, givenAt: d.givenAt, slotTime: d.slotTime },
      }),
    );
  } catch (err) {
    // Two tablets giving the same scheduled dose at once: the unique slot refuses the second as the check above would.
    if (isUniqueViolation(err, 'medication_doses')) throw refuse('CONFLICT', 'error.doseAlreadyGiven', { time: slotTime ?? '' });
    throw err;
  }
}

type Authorization = {
  id: string;
  childId: string;
  medicationName: string;
  dose: string;
  route: string;
  times: string[];
  asNeeded: string | null;
  refrigerate: boolean;
};
type Dose = (typeof medicationDoses)['$inferSelect'];
const doseView = (d: Pick<Dose, 'id' | 'givenAt' | 'dose' | 'notes' | 'authorName'>) => ({
  id: d.id,
  givenAt: d.givenAt,
  dose: d.dose,
  notes: d.notes,
  authorName: d.authorName,
});

/**
 * The room's medication for a day (none: today), every room when none is chosen: one line per scheduled dose,
 * with where it stands now (given, due, upcoming, missed), then one line per "as needed" medicine with the
 * doses given that day. Ordered by the time due, then by child.
 */
export function roomDoses(ctx: StaffContext, input: z.output<typeof roomDosesSchema>) {
  const date = input.date ?? centreToday(ctx.clock);
  const classroomId = input.classroomId ?? null;
  if (classroomId && !ctx.db.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.id, classroomId)).get()) {
    throw refuse('NOT_FOUND', 'error.classroomNotFound');
  }
  const rows = ctx.db
    .select({
      id: medicationAuthorizations.id,
      childId: medicationAuthorizations.childId,
      childName: enrolledChildren.childName,
      classroomId: enrolledChildren.classroomId,
      medicationName: medicationAuthorizations.medicationName,
      dose: medicationAuthorizations.dose,
      route: medicationAuthorizations.route,
      times: medicationAuthorizations.times,
      asNeeded: medicationAuthorizations.asNeeded,
      refrigerate: medicationAuthorizations.refrigerate,
    })
    .from(medicationAuthorizations)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, medicationAuthorizations.childId))
    .where(
      and(
        eq(medicationAuthorizations.status, 'active'),
        lte(medicationAuthorizations.startDate, date),
        gte(medicationAuthorizations.endDate, date),
        eq(enrolledChildren.isActive, true),
        classroomId ? eq(enrolledChildren.classroomId, classroomId) : undefined,
      ),
    )
    .all();
  const doses = rows.length
    ? ctx.db
        .select()
        .from(medicationDoses)
        .where(
          and(
            eq(medicationDoses.date, date),
            inArray(
              medicationDoses.authorizationId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(medicationDoses.givenAt))
        .all()
    : [];
  const now = ctx.clock.now();
  const line = (r: Authorization & { childName: string; classroomId: string | null }) => ({
    authorizationId: r.id,
    childId: r.childId,
    childName: r.childName,
    classroomId: r.classroomId,
    medicationName: r.medicationName,
    dose: r.dose,
    route: r.route,
    refrigerate: r.refrigerate,
    asNeeded: r.asNeeded,
  });
  const scheduled = rows.flatMap((r) =>
    r.times.map((time) => {
      const given = doses.find((d) => d.authorizationId === r.id && d.slotTime === time);
      const dueAt = centreMoment(date, time);
      return { ...line(r), time, dueAt, state: slotState(dueAt, !!given, now), doses: given ? [doseView(given)] : [] };
    }),
  );
  const asNeeded = rows
    .filter((r) => r.times.length === 0)
    .map((r) => ({
      ...line(r),
      time: null,
      dueAt: null,
      state: 'as-needed' as const,
      doses: doses.filter((d) => d.authorizationId === r.id).map(doseView),
    }));
  const byChild = (a: { childName: string; childId: string }, b: { childName: string; childId: string }) =>
    a.childName.localeCompare(b.childName) || a.childId.localeCompare(b.childId);
  scheduled.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || byChild(a, b));
  asNeeded.sort(byChild);
  return [...scheduled, ...asNeeded];
}

/** A family's doses of one day (none: today) for their own child, in the order given (404 for any other child). */
export function childDoses(ctx: ParentContext, input: z.output<typeof childDosesSchema>) {
  parentChildOr404(ctx.db, ctx.parent.id, input.childId);
  const date = input.date ?? centreToday(ctx.clock);
  return ctx.db
    .select({ ...doseColumns, medicationName: medicationAuthorizations.medicationName })
    .from(medicationDoses)
    .innerJoin(medicationAuthorizations, eq(medicationAuthorizations.id, medicationDoses.authorizationId))
    .where(and(eq(medicationDoses.childId, input.childId), eq(medicationDoses.date, date)))
    .orderBy(asc(medicationDoses.givenAt), asc(medicationDoses.id))
    .all()
    .map((d) => ({ ...doseView(d), medicationName: d.medicationName }));
}
