import { createCallerFactory, router } from '../trpc';
import { adminAuthRouter } from './admin-auth';
import { announcementsRouter } from './announcements';
import { attendanceRouter, classroomsRouter } from './attendance';
import { centreRouter } from './centre';
import { archivesRouter } from './archives';
import { applicationsRouter } from './applications';
import { childrenRouter } from './children';
import { complianceRouter } from './compliance';
import { healthRouter } from './health';
import { communicationsRouter } from './communications';
import { dailyRouter } from './daily';
import { developmentRouter } from './development';
import { mailRouter, outboxRouter } from './mail';
import { enrollmentRouter } from './enrollment';
import { eventsRouter } from './events';
import { galleryRouter } from './gallery';
import { incidentsRouter } from './incidents';
import { achievementsRouter, milestonesRouter } from './milestones';
import { medicationRouter } from './medication';
import { overviewRouter } from './overview';
import { paymentsRouter } from './payments';
import { billingRouter } from './billing';
import { billingReportsRouter } from './billing-reports';
import { parentAuthRouter } from './parent-auth';
import { parentPortalRouter } from './parent-portal';
import { picturesRouter } from './pictures';
import { auditLogRouter, staffRouter } from './staff';
import { staffMfaRouter } from './staff-mfa';

export const appRouter = router({
  events: eventsRouter,
  centre: centreRouter,
  announcements: announcementsRouter,
  gallery: galleryRouter,
  milestones: milestonesRouter,
  achievements: achievementsRouter,
  enrollment: enrollmentRouter,
  adminAuth: adminAuthRouter,
  applications: applicationsRouter,
  children: childrenRouter,
  communications: communicationsRouter,
  outbox: outboxRouter,
  mail: mailRouter,
  pictures: picturesRouter,
  overview: overviewRouter,
  payments: paymentsRouter,
  billing: billingRouter,
  billingReports: billingReportsRouter,
  development: developmentRouter,
  daily: dailyRouter,
  parentAuth: parentAuthRouter,
  parentPortal: parentPortalRouter,
  staff: staffRouter,
  auditLog: auditLogRouter,
  classrooms: classroomsRouter,
  attendance: attendanceRouter,
  archives: archivesRouter,
  incidents: incidentsRouter,
  medication: medicationRouter,
  health: healthRouter,
  compliance: complianceRouter,
  staffMfa: staffMfaRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
