/**
 * Medication authorizations (form JFS 01217, ADR 092): a parent's request from the portal, staff's entry from the
 * paper form, the director's approval or return, and the lists. Each function takes the procedure's context: its
 * `ctx.db` checks the caller's rights again inside the write's transaction (ADR 063). The audit rows keep ids and
 * what was done, never the medical text (fields.ts keeps no value of these fields).
 */
import type { z } from 'zod';
import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { enrolledChildren, medicationAuthorizations } from '~/db/schema';
import type { ParentContext, StaffContext } from '../context';
import type { Db } from '../db';
import { centreToday } from '../clock';
import { audited } from '../audit/record';
import { refuse } from '../refusal';
import { fieldError } from '../field-errors';
import { parentChildOr404 } from '../parents/access';
import { staffChildOr404 } from '../attendance/pickups';
import { downloadUrl, ownerOf, uploadedFileFor } from '../documents/uploads';
import { consumeForAccount } from '../services/rate-limit';
import { mailQueueFor, sendAfterAnswer } from '../services/mail-queue';
import { linkedParentRecipients } from '../development/recipients';
import { preferencesOfAddress } from '../parents/preferences';
import { medicationReturnedEmail } from './mail';
import { latestEndDate, physicianRequired, statusOn, type MedicationStatus, type StoredMedicationStatus } from '~/shared/medication-rules';
import type {
  authorizationListSchema,
  parentAuthorizationSchema,
  returnAuthorizationSchema,
  staffAuthorizationSchema,
} from '~/shared/schemas/medication';

/** The most authorizations one list answers, newest first (a centre's year of requests fits many times over). */
export const AUTHORIZATION_LIST_MAX = 500;

export const authorizationColumns = {
  id: medicationAuthorizations.id,
  childId: medicationAuthorizations.childId,
  medicationName: medicationAuthorizations.medicationName,
  reason: medicationAuthorizations.reason,
  dose: medicationAuthorizations.dose,
  route: medicationAuthorizations.route,
  times: medicationAuthorizations.times,
  asNeeded: medicationAuthorizations.asNeeded,
  startDate: medicationAuthorizations.startDate,
  endDate: medicationAuthorizations.endDate,
  refrigerate: medicationAuthorizations.refrigerate,
  prescription: medicationAuthorizations.prescription,
  physicianNeeded: medicationAuthorizations.physicianNeeded,
  physicianReasons: medicationAuthorizations.physicianReasons,
  signature: medicationAuthorizations.signature,
  signedOn: medicationAuthorizations.signedOn,
  enteredByKind: medicationAuthorizations.enteredByKind,
  enteredByName: medicationAuthorizations.enteredByName,
  documentId: medicationAuthorizations.documentId,
  status: medicationAuthorizations.status,
  returnReason: medicationAuthorizations.returnReason,
  reviewedByName: medicationAuthorizations.reviewedByName,
  reviewedAt: medicationAuthorizations.reviewedAt,
  createdAt: medicationAuthorizations.createdAt,
};
type Row = {
  [K in keyof typeof authorizationColumns]:
    (typeof authorizationColumns)[K]['_']['data'] | ((typeof authorizationColumns)[K]['_']['notNull'] extends true ? never : null);
};

/** A row as both audiences read it: its status for today and where its file is (no file id of its own). */
function present(row: Row, today: string) {
  const { documentId, status, ...rest } = row;
  return {
    ...rest,
    status: statusOn(status as StoredMedicationStatus, row.endDate, today),
    documentUrl: documentId ? downloadUrl(documentId) : null,
  };
}
export type AuthorizationView = ReturnType<typeof present>;

type Input = z.output<typeof parentAuthorizationSchema>;

/** What the answer and the table share of a request, once its dates are checked against the signature's day. */
function fieldsOf(input: Input, signedOn: string) {
  if (input.endDate > latestEndDate(signedOn)) throw fieldError('endDate', 'error.medicationEndTooLate');
  if (input.startDate < signedOn) throw fieldError('startDate', 'error.medicationStartBeforeSigned');
  return {
    childId: input.childId,
    medicationName: input.medicationName,
    reason: input.reason,
    dose: input.dose,
    route: input.route,
    times: [...input.times].sort(),
    asNeeded: input.asNeeded,
    startDate: input.startDate,
    endDate: input.endDate,
    refrigerate: input.refrigerate,
    prescription: input.prescription,
    physicianNeeded: physicianRequired(input),
    physicianReasons: input.physicianReasons,
    signature: input.signature,
    signedOn,
  };
}

/** The audit row's fields: what was done to which child, never the medicine or the reason. */
const auditFields = (row: { childId: string; startDate: string; endDate: string; physicianNeeded: boolean }, document: boolean) => ({
  childId: row.childId,
  startDate: row.startDate,
  endDate: row.endDate,
  physicianNeeded: row.physicianNeeded,
  document,
});

/** The uploaded file the request names, checked to be the caller's own, unused; null when none is named. */
function documentOf(ctx: ParentContext | StaffContext, db: Db, documentUrl: string | null | undefined): string | null {
  if (!documentUrl) return null;
  const file = uploadedFileFor({ ...ctx, db }, documentUrl, ownerOf(ctx.auth));
  if (!file) throw fieldError('documentUrl', 'error.uploadBeforeSubmit');
  const used = db
    .select({ id: medicationAuthorizations.id })
    .from(medicationAuthorizations)
    .where(eq(medicationAuthorizations.documentId, file.id))
    .get();
  if (used) throw fieldError('documentUrl', 'error.alreadySubmitted');
  return file.id;
}

/** A parent asks for one medication for their own child (404 for any other child), signed with their typed name. */
export function requestAuthorization(ctx: ParentContext, input: Input) {
  consumeForAccount(ctx, ctx.limits.medication);
  const today = centreToday(ctx.clock);
  const name = `${ctx.parent.firstName} ${ctx.parent.lastName}`.trim() || ctx.parent.email;
  const row = audited(
    ctx,
    (db) => {
      // On the guarded handle, inside this transaction (the same connection): a cached answer, still read in the write.
      parentChildOr404(ctx.db, ctx.parent.id, input.childId);
      const documentId = documentOf(ctx, db, input.documentUrl);
      return db
        .insert(medicationAuthorizations)
        .values({
          ...fieldsOf(input, today),
          enteredByKind: 'parent',
          enteredById: ctx.parent.id,
          enteredByName: name,
          documentId,
          createdAt: ctx.clock.now(),
        })
        .returning(authorizationColumns)
        .get();
    },
    (r) => ({
      action: 'create',
      entity: 'medication-authorization',
      entityId: r.id,
      fields: auditFields(r, r.documentId !== null),
      actor: { id: ctx.parent.id, name },
    }),
  );
  return present(row, today);
}

/** Staff enter a request from the paper form the parent signed (with its scan), for any child of the centre. */
export function enterAuthorization(ctx: StaffContext, input: z.output<typeof staffAuthorizationSchema>) {
  consumeForAccount(ctx, ctx.limits.medication);
  const today = centreToday(ctx.clock);
  if (input.signedOn > today) throw fieldError('signedOn', 'error.signedOnFuture');
  const row = audited(
    ctx,
    (db) => {
      staffChildOr404(db, input.childId);
      const documentId = documentOf(ctx, db, input.documentUrl);
      return db
        .insert(medicationAuthorizations)
        .values({
          ...fieldsOf(input, input.signedOn),
          enteredByKind: 'staff',
          enteredById: ctx.admin.id,
          enteredByName: ctx.admin.name,
          documentId,
          createdAt: ctx.clock.now(),
        })
        .returning(authorizationColumns)
        .get();
    },
    (r) => ({ action: 'create', entity: 'medication-authorization', entityId: r.id, fields: auditFields(r, r.documentId !== null) }),
  );
  return present(row, today);
}

/** A family's requests for their own child, newest first (404 for any other child). */
export function familyAuthorizations(ctx: ParentContext, childId: string) {
  parentChildOr404(ctx.db, ctx.parent.id, childId);
  const today = centreToday(ctx.clock);
  return ctx.db
    .select(authorizationColumns)
    .from(medicationAuthorizations)
    .where(eq(medicationAuthorizations.childId, childId))
    .orderBy(desc(medicationAuthorizations.createdAt), desc(medicationAuthorizations.id))
    .limit(AUTHORIZATION_LIST_MAX)
    .all()
    .map((r) => present(r, today));
}

/** The stored statuses and end dates a status a person reads can come from. */
function statusWhere(status: MedicationStatus | null | undefined, today: string): SQL | undefined {
  const stored = medicationAuthorizations.status;
  switch (status) {
    case 'returned':
      return eq(stored, 'returned');
    case 'ended':
      return and(inArray(stored, ['pending', 'active']), lt(medicationAuthorizations.endDate, today));
    case 'pending':
    case 'active':
      return and(eq(stored, status), gte(medicationAuthorizations.endDate, today));
    default:
      return undefined;
  }
}

/** Staff's list: by status and child, newest first, with each child's name. */
export function staffAuthorizations(ctx: StaffContext, input: z.output<typeof authorizationListSchema>) {
  const today = centreToday(ctx.clock);
  return ctx.db
    .select({ ...authorizationColumns, childName: enrolledChildren.childName })
    .from(medicationAuthorizations)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, medicationAuthorizations.childId))
    .where(and(statusWhere(input.status, today), input.childId ? eq(medicationAuthorizations.childId, input.childId) : undefined))
    .orderBy(desc(medicationAuthorizations.createdAt), desc(medicationAuthorizations.id))
    .limit(AUTHORIZATION_LIST_MAX)
    .all()
    .map(({ childName, ...r }) => ({ ...present(r, today), childName }));
}

/** The pending request, read inside the write; 404 when there is none, 409 when it was already decided or has ended. */
function pendingOr409(db: Db, id: string, today: string) {
  const row = db.select(authorizationColumns).from(medicationAuthorizations).where(eq(medicationAuthorizations.id, id)).get();
  if (!row) throw refuse('NOT_FOUND', 'error.medicationNotFound');
  if (row.status !== 'pending') throw refuse('CONFLICT', 'error.medicationDecided');
  if (row.endDate < today) throw refuse('CONFLICT', 'error.medicationEnded');
  return row;
}

/** The director approves a pending request; one that needs a physician's instructions only with its upload. */
export function approveAuthorization(ctx: StaffContext, id: string) {
  const today = centreToday(ctx.clock);
  const row = audited(
    ctx,
    (db) => {
      const pending = pendingOr409(db, id, today);
      if (pending.physicianNeeded && !pending.documentId) throw refuse('CONFLICT', 'error.medicationNeedsPhysician');
      return db
        .update(medicationAuthorizations)
        .set({ status: 'active', reviewedById: ctx.admin.id, reviewedByName: ctx.admin.name, reviewedAt: ctx.clock.now() })
        .where(and(eq(medicationAuthorizations.id, id), eq(medicationAuthorizations.status, 'pending')))
        .returning(authorizationColumns)
        .get();
    },
    (r) => ({ action: 'status', entity: 'medication-authorization', entityId: r.id, fields: { childId: r.childId, status: 'active' } }),
  );
  if (!row) throw refuse('CONFLICT', 'error.medicationDecided');
  return present(row, today);
}

/** Queues the e-mail that tells each parent of the child, in their language, that the request came back. */
function tellFamilyReturned(ctx: StaffContext, db: Db, row: Row): void {
  const child = db.select({ name: enrolledChildren.childName }).from(enrolledChildren).where(eq(enrolledChildren.id, row.childId)).get();
  if (!child) return;
  const queue = mailQueueFor(ctx);
  for (const r of linkedParentRecipients(db, row.childId)) {
    const language = preferencesOfAddress(db, r.email).language;
    const content = medicationReturnedEmail({ parentName: r.name, childName: child.name, signedOn: row.signedOn }, ctx.config, language);
    queue.enqueue({ to: r.email, content, loggedText: content.text, sentBy: ctx.admin.email }, db);
  }
}

/** The director returns a pending request to the family with a reason (kept with it; the log says only that it was returned). */
export function returnAuthorization(ctx: StaffContext, input: z.output<typeof returnAuthorizationSchema>) {
  const today = centreToday(ctx.clock);
  const row = audited(
    ctx,
    (db) => {
      pendingOr409(db, input.id, today);
      const returned = db
        .update(medicationAuthorizations)
        .set({
          status: 'returned',
          returnReason: input.reason,
          reviewedById: ctx.admin.id,
          reviewedByName: ctx.admin.name,
          reviewedAt: ctx.clock.now(),
        })
        .where(and(eq(medicationAuthorizations.id, input.id), eq(medicationAuthorizations.status, 'pending')))
        .returning(authorizationColumns)
        .get();
      // The family is told in the same transaction: queued with the change, sent after the answer, never lost.
      if (returned) tellFamilyReturned(ctx, db, returned);
      return returned;
    },
    (r) => ({
      action: 'status',
      entity: 'medication-authorization',
      entityId: r.id,
      fields: { childId: r.childId, status: 'returned', returnReason: r.returnReason },
    }),
  );
  if (!row) throw refuse('CONFLICT', 'error.medicationDecided');
  sendAfterAnswer(ctx);
  return present(row, today);
}
