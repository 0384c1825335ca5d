import { z } from 'zod';
import { emailField } from './fields';

/** Admin and parent sign-in (SPEC.md §5). */
export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.input<typeof loginSchema>;

/** A new password a parent chooses: long enough to resist guessing, short enough to hash quickly. */
export const newPasswordField = z
  .string({ error: 'Please choose a password of at least 10 characters' })
  .min(10, 'Please choose a password of at least 10 characters')
  .max(200, 'Password is too long');

/** 'Forgot your password?' (the answer is the same whether or not the e-mail has an account). */
export const forgotPasswordSchema = z.object({ email: emailField() });

/** The reset link's form: the token from the link and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'This reset link is invalid or has expired' }).min(1, 'This reset link is invalid or has expired').max(200, 'This reset link is invalid or has expired'),
  password: newPasswordField,
});

/** Change password while signed in. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
  newPassword: newPasswordField,
});
