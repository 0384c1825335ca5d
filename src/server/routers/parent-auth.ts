import { t } from '../../shared/i18n';
import { forgotPasswordSchema, loginSchema } from '../../shared/schemas/auth';
import { changePasswordSchema, resetLinkSchema, resetPasswordSchema } from '../../shared/schemas/password-policy';
import { callerLanguage } from '../parents/preferences';
import { changePassword, checkResetLink, requestPasswordReset, resetPassword } from '../parents/passwords';
import { signInParent } from '../parents/sign-in';
import { parentProcedure, publicProcedure, router } from '../trpc';
import { parentLogout, parentMe } from '../parents/session';

/** Parent sign-in and passwords (docs/product.md §2 Parent login, §7 POST /api/parent/login). */
export const parentAuthRouter = router({
  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const { token, parent } = await signInParent(ctx, input);
    return { success: true as const, message: 'Login successful', token, parent };
  }),

  /** Ends this parent session on the server and clears the cookie (a bearer token stops working too). */
  logout: publicProcedure.mutation(({ ctx }) => parentLogout(ctx)),

  /** The signed-in parent, as the server knows it: the page's check that the session still holds. */
  me: parentProcedure.query(({ ctx }) => parentMe(ctx)),

  forgotPassword: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),

  /** A mutation (a POST) so the token never rides in a URL or an access log. */
  checkResetLink: publicProcedure.input(resetLinkSchema).mutation(({ ctx, input }) => checkResetLink(ctx, input.token)),

  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => resetPassword(ctx, input)),

  changePassword: parentProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    const result = await changePassword(ctx, ctx.parent.id, ctx.auth.sessionId, input);
    // The dialog shows the server's sentence: in the parent's language.
    return { ...result, message: t(callerLanguage(ctx), 'error.passwordChanged') };
  }),
});
