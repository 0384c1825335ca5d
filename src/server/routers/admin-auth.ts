import { forgotPasswordSchema, loginSchema, reauthSchema } from '../../shared/schemas/auth';
import { firstStartSetupSchema, staffChangePasswordSchema, staffSetPasswordSchema } from '../../shared/schemas/password-policy';
import { changeOwnPassword, requestStaffReset, setPasswordWithLink } from '../staff/accounts';
import { factorSetupProcedure, publicProcedure, router, staffProcedure } from '../trpc';
import { mfaLoginSchema, passkeyLoginSchema } from '../../shared/schemas/second-factor';
import { staffLoginSecondStep } from '../staff/second-factor';
import { passkeyLoginOptions, staffLoginWithPasskey } from '../staff/passkeys';
import { staffLogin, staffLogout, staffMe, staffReauth } from '../staff/sign-in';
import { completeFirstStart } from '../staff/first-start';

export const adminAuthRouter = router({
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => staffLogin(ctx, input)),

  /** The second step (ADR 102): this browser's pending sign-in and a code from the app, or a recovery code. */
  loginMfa: publicProcedure.input(mfaLoginSchema).mutation(({ ctx, input }) => staffLoginSecondStep(ctx, input)),

  /** 'Sign in with a passkey': a challenge bound to this browser, then the passkey's answer opens the session. */
  passkeyOptions: publicProcedure.mutation(({ ctx }) => passkeyLoginOptions(ctx)),
  loginPasskey: publicProcedure.input(passkeyLoginSchema).mutation(({ ctx, input }) => staffLoginWithPasskey(ctx, input)),

  /** Ends the session on the server (whatever kind it is) and clears the cookie. */
  logout: publicProcedure.mutation(({ ctx }) => staffLogout(ctx)),

  /** Who the session belongs to: the dashboard's check that the server, not local storage, says yes. */
  me: factorSetupProcedure.query(({ ctx }) => staffMe(ctx)),

  /** 'Forgot your password?' on /admin/login: a one-hour single-use link, the same answer for any e-mail. */
  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) => requestStaffReset(ctx, input.email)),

  /** /admin/set-password: an invitation's or a reset link's token and the new password. */
  setPassword: publicProcedure.input(staffSetPasswordSchema).mutation(({ ctx, input }) => setPasswordWithLink(ctx, input)),

  /** /admin/setup: the first start's link creates the director and signs her in (ADR 091). */
  setup: publicProcedure.input(firstStartSetupSchema).mutation(({ ctx, input }) => completeFirstStart(ctx, input)),

  /** The password again, before a second-factor change: stamps this session as proved now (auth/recent-proof.ts). */
  reauth: factorSetupProcedure.input(reauthSchema).mutation(({ ctx, input }) => staffReauth(ctx, input)),

  /** Any staff member's own password; their other sessions end. */
  changePassword: staffProcedure.input(staffChangePasswordSchema).mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),
});
