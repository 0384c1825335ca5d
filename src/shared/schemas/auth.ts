import { z } from 'zod';
import { emailField, passwordField } from './fields';

/**
 * Sign-in and 'Forgot your password?' (docs/product.md §5). The rules for a new password (length, not a common one)
 * are in ./password-policy.ts: they need the common-password dictionary (a few hundred KB), which the sign-in
 * pages must not load.
 */

/** Admin and parent sign-in (docs/product.md §5). */
export const loginSchema = z.object({
  email: emailField(),
  password: passwordField(),
});
export type LoginInput = z.input<typeof loginSchema>;

/** A signed-in staff member's password typed again before a second-factor change (ADR 102). */
export const reauthSchema = z.object({ password: passwordField() });

/** 'Forgot your password?' (the answer is the same whether or not the e-mail has an account). */
export const forgotPasswordSchema = z.object({ email: emailField() });
