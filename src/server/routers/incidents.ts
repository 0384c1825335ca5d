import { idSchema } from '~/shared/schemas/content';
import { pageSchema } from '~/shared/schemas/development';
import {
  acknowledgeSchema,
  amendmentSchema,
  handoverSchema,
  incidentListSchema,
  incidentSchema,
  incidentSummarySchema,
  licensingNoticeSchema,
} from '~/shared/schemas/incidents';
import { directorProcedure, parentProcedure, router, staffProcedure } from '../trpc';
import { parentIncidentPdf, staffIncidentPdf } from '../incidents/downloads';
import {
  acknowledgeIncident,
  amendIncident,
  createIncident,
  getIncident,
  incidentSummary,
  listIncidents,
  parentIncidents,
  recordHandover,
  recordLicensingNotice,
} from '../incidents/reports';

/**
 * Incident and injury reports (ADR 093). Staff (teachers too) write reports and amendments and record the paper
 * copy handed over; the director records the licensing notice. Parents read and acknowledge their own children's
 * reports only: another family's report answers 404, as one that does not exist. Reports are never deleted.
 */
export const incidentsRouter = router({
  /** POST /api/admin/incidents: the report; the parents are e-mailed at once, each in their language. */
  create: staffProcedure.input(incidentSchema).mutation(({ ctx, input }) => createIncident(ctx, input)),

  /** GET /api/admin/incidents?from=&to=&childId=: a page, newest first. */
  list: staffProcedure.input(incidentListSchema).query(({ ctx, input }) => listIncidents(ctx, input)),

  /** GET /api/admin/incidents/{id}: the report with its amendments. */
  get: staffProcedure.input(idSchema).query(({ ctx, input }) => getIncident(ctx, input)),

  /** POST /api/admin/incidents/{id}/amendments `{ text }`. */
  amend: staffProcedure.input(amendmentSchema).mutation(({ ctx, input }) => amendIncident(ctx, input)),

  /** POST /api/admin/incidents/{id}/licensing-notice `{ notifiedAt, method, reference }`: director only, once. */
  licensingNotice: directorProcedure.input(licensingNoticeSchema).mutation(({ ctx, input }) => recordLicensingNotice(ctx, input)),

  /** POST /api/admin/incidents/{id}/handed-over `{ to }`: given on paper at pickup (the check-out dialog). */
  handOver: staffProcedure.input(handoverSchema).mutation(({ ctx, input }) => recordHandover(ctx, input)),

  /** GET /api/admin/incidents/summary?from=&to=: counts by kind. */
  summary: staffProcedure.input(incidentSummarySchema).query(({ ctx, input }) => incidentSummary(ctx, input)),

  /** GET /api/admin/incidents/{id}/report.pdf. */
  pdf: staffProcedure.input(idSchema).query(({ ctx, input }) => staffIncidentPdf(ctx, input)),

  /** GET /api/parent/children/{id}/incidents: a page, newest first. */
  parentList: parentProcedure.input(pageSchema).query(({ ctx, input }) => parentIncidents(ctx, input)),

  /** POST /api/parent/incidents/{id}/acknowledge `{ signature }`: once per report. */
  acknowledge: parentProcedure.input(acknowledgeSchema).mutation(({ ctx, input }) => acknowledgeIncident(ctx, input)),

  /** GET /api/parent/incidents/{id}/report.pdf. */
  parentPdf: parentProcedure.input(idSchema).query(({ ctx, input }) => parentIncidentPdf(ctx, input)),
});
