import { z } from 'zod';
import { idField, plainString, requiredText } from './fields';

/**
 * The staff second factor (ADR 102): the inputs of the authenticator app's setup, the sign-in's second step, the
 * director's rule and passkeys. A code is checked by the server; here it is only bounded and shaped.
 */

/** Six digits, as the app shows them (a space in the middle is allowed and dropped). */
export const totpCodeField = () =>
  plainString('error.mfaCode')
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'error.mfaCode'));

/** A recovery code as typed: letters and digits, with spaces or a dash anywhere. */
export const recoveryCodeField = () =>
  plainString('error.mfaRecoveryCode')
    .max(40, 'error.mfaRecoveryCode')
    .regex(/^[A-Za-z0-9\s-]+$/, 'error.mfaRecoveryCode')
    .refine((v) => v.replace(/[\s-]/g, '').length === 10, 'error.mfaRecoveryCode');

export const totpConfirmSchema = z.object({ code: totpCodeField() });

/** The second step of a sign-in: a code from the app, or one recovery code. */
export const mfaLoginSchema = z.union(
  [z.object({ code: totpCodeField() }).strict(), z.object({ recoveryCode: recoveryCodeField() }).strict()],
  { error: 'error.mfaCode' },
);
export type MfaLoginInput = z.input<typeof mfaLoginSchema>;

export const mfaPolicySchema = z.object({ required: z.boolean({ error: 'error.mfaPolicyBoolean' }) });

export const mfaResetSchema = z.object({ id: idField() });

/** What the browser's WebAuthn call answered, as @simplewebauthn/browser hands it over (checked by the server's library). */
const webAuthnResponse = z.record(z.string(), z.unknown(), { error: 'error.passkeyFailed' });

export const passkeyRegisterSchema = z.object({
  name: requiredText('error.passkeyName', 60),
  response: webAuthnResponse,
});

export const passkeyLoginSchema = z.object({ response: webAuthnResponse });

export const passkeyIdSchema = z.object({ id: idField() });
