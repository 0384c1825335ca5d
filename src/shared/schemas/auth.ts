import { z } from 'zod';
import { isCommonPassword } from '../common-passwords';
import { emailField, passwordField } from './fields';

/** Admin and parent sign-in (SPEC.md §5). */
export const loginSchema = z.object({
  email: emailField(),
  password: passwordField(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_TOO_SHORT = `Password must be at least ${STAFF_PASSWORD_MIN} characters`;
export const STAFF_PASSWORD_TOO_COMMON = 'This password is too common. Please choose another one.';

/**
 * A new staff password (ADR 006): at least 12 characters and not a common password. Every path that sets one
 * uses it: ADMIN_PASSWORD in the configuration, `npm run admin:upsert`, and any staff password form. The
 * generated passwords (auth/password.ts generatePassword: 16 random characters) always pass.
 */
export function staffPasswordField() {
  return passwordField()
    .min(STAFF_PASSWORD_MIN, STAFF_PASSWORD_TOO_SHORT)
    .refine((p) => !isCommonPassword(p), STAFF_PASSWORD_TOO_COMMON);
}
