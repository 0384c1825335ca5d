import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { isCommonPassword } from '../common-passwords';
import { emailField, passwordField, requiredText } from './fields';

/**
 * Every rule for a password someone chooses, in one place. This module pulls in the common-password dictionary
 * (~49,000 words, about 300 KB compressed): the server imports it, the browser only in the chunks of the forms
 * that set a password (the reset page, and the change-password dialog, itself loaded when opened). Sign-in
 * needs none of it (./auth.ts).
 */

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_TOO_SHORT = errorId('error.staffPasswordTooShort', { min: STAFF_PASSWORD_MIN });
export const STAFF_PASSWORD_TOO_COMMON = 'error.passwordTooCommon';

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

export const PARENT_PASSWORD_MIN = 10;
const PARENT_PASSWORD_TOO_SHORT = errorId('error.passwordTooShort', { min: PARENT_PASSWORD_MIN });
/** Said under the field where a parent chooses a password, before anything is checked. */
export const PARENT_PASSWORD_HINT = `At least ${PARENT_PASSWORD_MIN} characters, and not a common password.`;

/** A new password a parent chooses: long enough to resist guessing, not a common one, short enough to hash quickly. */
export const newPasswordField = passwordField(PARENT_PASSWORD_TOO_SHORT)
  .min(PARENT_PASSWORD_MIN, PARENT_PASSWORD_TOO_SHORT)
  .refine((p) => !isCommonPassword(p), STAFF_PASSWORD_TOO_COMMON);

const INVALID_RESET_LINK = 'error.resetLinkInvalid';

/** The reset link's form: the token from the link and the new password. */
export const resetPasswordSchema = z.object({
  token: requiredText(INVALID_RESET_LINK, 200),
  password: newPasswordField,
});

/** The reset page asks whether its link still works before showing the form. */
export const resetLinkSchema = z.object({ token: requiredText(INVALID_RESET_LINK, 200) });

/** Change password while signed in. */
export const changePasswordSchema = z.object({
  currentPassword: passwordField(),
  newPassword: newPasswordField,
});

const INVALID_STAFF_LINK = 'error.staffLinkInvalidShort';

/** A staff invitation's or reset link's form: the token from the link and the new password (staff policy). */
export const staffSetPasswordSchema = z.object({
  token: requiredText(INVALID_STAFF_LINK, 200),
  password: staffPasswordField(),
});

/** A signed-in staff member changes their own password. */
export const staffChangePasswordSchema = z.object({
  currentPassword: passwordField(),
  newPassword: staffPasswordField(),
});

/** The first start's setup form (ADR 091): the link's token and the director's name, e-mail and password. */
export const firstStartSetupSchema = z.object({
  token: requiredText('error.setupLinkInvalid', 200),
  name: requiredText('error.nameRequired', 100),
  email: emailField(),
  password: staffPasswordField(),
});
