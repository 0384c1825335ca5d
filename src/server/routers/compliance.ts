import { idSchema } from '../../shared/schemas/content';
import { complianceFilterSchema, staffRecordUpdateSchema } from '../../shared/schemas/health';
import { directorProcedure, router, staffProcedure } from '../trpc';
import { complianceExport, complianceList, emergencySheetOf } from '../compliance/inspector';
import { listStaffRecords, updateStaffRecord } from '../compliance/staff-records';

/** The inspector's view and the staff records (ADR 094): director only, but for a child's emergency sheet. */
export const complianceRouter = router({
  /** Every child's and staff member's items with their status and due date, and the counts by status. */
  list: directorProcedure.input(complianceFilterSchema).query(({ ctx, input }) => complianceList(ctx, input)),

  /** The rows of the inspector's CSV (`GET /api/admin/compliance.csv`), recorded as an export. */
  export: directorProcedure.input(complianceFilterSchema).query(({ ctx, input }) => complianceExport(ctx, input)),

  /** A child's one-page emergency sheet as a PDF, for an emergency transport: any staff member may print it. */
  emergencySheet: staffProcedure.input(idSchema).query(({ ctx, input }) => emergencySheetOf(ctx, input)),

  /** Every active staff account's record: background check, credentials' expiry, training hours. */
  staffRecords: directorProcedure.query(({ ctx }) => listStaffRecords(ctx)),

  /** A staff account's record, whole. */
  updateStaffRecord: directorProcedure.input(staffRecordUpdateSchema).mutation(({ ctx, input }) => updateStaffRecord(ctx, input)),
});
