import { idSchema } from '~/shared/schemas/content';
import {
  authorizationListSchema,
  childDosesSchema,
  doseSchema,
  parentAuthorizationSchema,
  returnAuthorizationSchema,
  roomDosesSchema,
  staffAuthorizationSchema,
} from '~/shared/schemas/medication';
import { z } from 'zod';
import { directorProcedure, parentProcedure, router, staffProcedure } from '../trpc';
import {
  approveAuthorization,
  enterAuthorization,
  familyAuthorizations,
  requestAuthorization,
  returnAuthorization,
  staffAuthorizations,
} from '../medication/authorizations';
import { childDoses, recordDose, roomDoses } from '../medication/doses';

const childIdInput = z.object({ childId: idSchema });

/**
 * Medication authorizations and doses (ADR 092): parents ask for their own children; any staff member enters a
 * paper request, records doses and reads the lists; only a director approves or returns a request.
 */
export const medicationRouter = router({
  /** `POST /api/parent/children/{id}/medication-authorizations`. */
  request: parentProcedure.input(parentAuthorizationSchema).mutation(({ ctx, input }) => requestAuthorization(ctx, input)),
  /** `GET /api/parent/children/{id}/medication-authorizations`. */
  familyList: parentProcedure.input(childIdInput).query(({ ctx, input }) => familyAuthorizations(ctx, input.childId)),
  /** `GET /api/parent/children/{id}/medication-doses?date=`. */
  familyDoses: parentProcedure.input(childDosesSchema).query(({ ctx, input }) => childDoses(ctx, input)),
  /** `POST /api/admin/medication-authorizations`: a request from the paper form, with its scan. */
  enter: staffProcedure.input(staffAuthorizationSchema).mutation(({ ctx, input }) => enterAuthorization(ctx, input)),
  /** `GET /api/admin/medication-authorizations?status=&childId=`. */
  list: staffProcedure.input(authorizationListSchema).query(({ ctx, input }) => staffAuthorizations(ctx, input)),
  /** `POST /api/admin/medication-authorizations/{id}/approve`. */
  approve: directorProcedure.input(idSchema).mutation(({ ctx, input }) => approveAuthorization(ctx, input)),
  /** `POST /api/admin/medication-authorizations/{id}/return` `{ reason }`. */
  return: directorProcedure.input(returnAuthorizationSchema).mutation(({ ctx, input }) => returnAuthorization(ctx, input)),
  /** `POST /api/admin/medication-doses`. */
  recordDose: staffProcedure.input(doseSchema).mutation(({ ctx, input }) => recordDose(ctx, input)),
  /** `GET /api/admin/medication-doses?date=&classroomId=`: the room's list for the day. */
  roomDoses: staffProcedure.input(roomDosesSchema).query(({ ctx, input }) => roomDoses(ctx, input)),
});
