import { applicationsPageInput, applicationStatusUpdateSchema } from '../../shared/schemas/children';
import { idSchema } from '../../shared/schemas/content';
import { directorProcedure, router } from '../trpc';
import { applicationsPage, updateApplicationStatus, deleteApplication, enrollApplication } from '../enrollment/applications';

export const applicationsRouter = router({
  /**
   * A page of the applications, newest first (of one status when asked), each with the id of the child
   * enrolled from it (null until enrolled); and the counts the header shows, over every application.
   */
  list: directorProcedure.input(applicationsPageInput).query(({ ctx, input }) => applicationsPage(ctx, input)),

  /**
   * Any status to any status (docs/product.md §4). The change is committed first; the e-mail, when asked for, is
   * sent afterwards, and a failed send is reported in the answer without undoing the change.
   */
  updateStatus: directorProcedure.input(applicationStatusUpdateSchema).mutation(({ ctx, input }) => updateApplicationStatus(ctx, input)),

  /** Removes the application; a child enrolled from it stays enrolled (its applicationId becomes null). */
  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) => deleteApplication(ctx, input)),

  /**
   * Creates the enrolled child from an approved application. Enrolling twice is impossible: the status
   * check and the insert share one transaction, and the UNIQUE index on application_id refuses a second
   * row even when two requests arrive together; that refusal is answered as 409.
   */
  enroll: directorProcedure.input(idSchema).mutation(({ ctx, input }) => enrollApplication(ctx, input)),
});
