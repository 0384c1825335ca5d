import {
  mfaPolicySchema,
  mfaResetSchema,
  passkeyIdSchema,
  passkeyRegisterSchema,
  totpConfirmSchema,
} from '../../shared/schemas/second-factor';
import { directorProcedure, factorSetupProcedure, router } from '../trpc';
import {
  confirmTotp,
  mfaStatus,
  regenerateRecoveryCodes,
  removeTotp,
  resetStaffFactor,
  setMfaPolicy,
  startTotpSetup,
} from '../staff/second-factor';
import { listPasskeys, passkeyRegistrationOptions, registerPasskey, removePasskey } from '../staff/passkeys';

/**
 * A staff member's second factor (ADR 102). A staff member's own factor uses factorSetupProcedure: these are the
 * paths a session reaches while the director's rule asks it to set one up. The rule and the reset are the director's.
 */
export const staffMfaRouter = router({
  /** Account: what is set up, and whether the rule holds this session to the setup page. */
  status: factorSetupProcedure.query(({ ctx }) => mfaStatus(ctx)),
  /** A new app secret, not a factor until confirmed: `{ secret, otpauthUrl, qrCode }`. */
  totpSetup: factorSetupProcedure.mutation(({ ctx }) => startTotpSetup(ctx)),
  /** One code confirms the app; answers ten recovery codes, shown this once. */
  totpConfirm: factorSetupProcedure.input(totpConfirmSchema).mutation(({ ctx, input }) => confirmTotp(ctx, input)),
  totpRemove: factorSetupProcedure.mutation(({ ctx }) => removeTotp(ctx)),
  /** A new set of recovery codes; the old set stops working. */
  recoveryCodes: factorSetupProcedure.mutation(({ ctx }) => regenerateRecoveryCodes(ctx)),
  passkeys: factorSetupProcedure.query(({ ctx }) => listPasskeys(ctx)),
  passkeyRegistrationOptions: factorSetupProcedure.mutation(({ ctx }) => passkeyRegistrationOptions(ctx)),
  passkeyRegister: factorSetupProcedure.input(passkeyRegisterSchema).mutation(({ ctx, input }) => registerPasskey(ctx, input)),
  passkeyRemove: factorSetupProcedure.input(passkeyIdSchema).mutation(({ ctx, input }) => removePasskey(ctx, input)),
  /** The director's rule: every staff account must have a second factor. */
  setPolicy: directorProcedure.input(mfaPolicySchema).mutation(({ ctx, input }) => setMfaPolicy(ctx, input)),
  /** A lost phone: another staff member's factors are taken off and their sessions end. */
  reset: directorProcedure.input(mfaResetSchema).mutation(({ ctx, input }) => resetStaffFactor(ctx, input)),
});
