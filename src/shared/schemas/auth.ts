import { z } from 'zod';
import { emailField } from './fields';

/** Admin and parent sign-in (SPEC.md §5). */
export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.input<typeof loginSchema>;
