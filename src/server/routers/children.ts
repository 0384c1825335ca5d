import { childSchema, childUpdateSchema } from '../../shared/schemas/children';
import { idSchema } from '../../shared/schemas/content';
import { directorProcedure, staffProcedure, router } from '../trpc';
import {
  listChildren,
  createChild,
  updateChild,
  deleteChild,
  toggleChildActive,
  generateParentLogin,
  resetParentPassword,
} from '../children/records';

export const childrenRouter = router({
  /**
   * Every enrolled child, active or not, by name (the tab filters by program and status; the other staff tabs
   * fill their child pickers from it). From memory until the next write (cache/store.ts): with ten years
   * of a centre's children it is the staff's largest answer.
   */
  list: staffProcedure.query(({ ctx }) => listChildren(ctx)),

  create: directorProcedure.input(childSchema).mutation(({ ctx, input }) => createChild(ctx, input)),

  update: directorProcedure.input(childUpdateSchema).mutation(({ ctx, input }) => updateChild(ctx, input)),

  /** Removes the child (activities, notes and parent links go with it; receipts keep their history). */
  delete: directorProcedure.input(idSchema).mutation(({ ctx, input }) => deleteChild(ctx, input)),

  toggleActive: directorProcedure.input(idSchema).mutation(({ ctx, input }) => toggleChildActive(ctx, input)),

  /**
   * The parent's portal account for this child (docs/product.md §7 generate-parent-login). One account per parent
   * e-mail: a parent with several children gets one login linked to each. A new account gets its password
   * from issueCredentials. An existing account keeps its password; the answer masks it (staff can reset it).
   */
  generateParentLogin: directorProcedure.input(idSchema).mutation(({ ctx, input }) => generateParentLogin(ctx, input)),

  /**
   * A new password for the parent account of this child's parent e-mail, for when the first one never reached
   * the parent: every session of the account ends, and the new credentials are e-mailed and answered once,
   * as for a new account (issueCredentials).
   */
  resetParentPassword: directorProcedure.input(idSchema).mutation(({ ctx, input }) => resetParentPassword(ctx, input)),
});
