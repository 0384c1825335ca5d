import { z } from 'zod';
import { emailField, passwordField } from './fields';

/** Admin and parent sign-in (SPEC.md §5). */
export const loginSchema = z.object({
  email: emailField(),
  password: passwordField(),
});
export type LoginInput = z.input<typeof loginSchema>;
