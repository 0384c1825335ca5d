/**
 * The parent reset-password page's words (`/parent-reset-password`), in English exactly as the page has always said
 * them; reset-password-es.ts is its Spanish twin, `/es/parent-reset-password`. Each route's chunk carries only its
 * own language: shared/i18n/reset-password.ts makes a page's words from one of these and its refusals.
 * `{min}` is the least number of characters a parent's password has (shared/schemas/password-policy.ts).
 */
export const resetPasswordEn = {
  'resetPassword.title': 'Choose a New Password',
  'resetPassword.checking': 'Checking your link...',
  'resetPassword.intro': 'At least {min} characters. You will be signed out everywhere and can then sign in with the new password.',
  'resetPassword.hint': 'At least {min} characters, and not a common password.',
  'resetPassword.newPassword': 'New password',
  'resetPassword.repeat': 'Repeat the new password',
  'resetPassword.mismatch': 'The two passwords are not the same',
  'resetPassword.save': 'Save new password',
  'resetPassword.saving': 'Saving...',
  'resetPassword.show': 'Show password',
  'resetPassword.hide': 'Hide password',
  'resetPassword.notChanged': 'Password Not Changed',
  'resetPassword.tryAgain': 'Please try again.',
  'resetPassword.notChecked': 'This link could not be checked. Please open the link from the e-mail again.',
  'resetPassword.goToSignIn': 'Go to sign in',
  'resetPassword.incomplete':
    'This link is not complete. Please open the link from the e-mail again, or ask for a new one on the sign-in page.',
  'resetPassword.otherRefusal': 'We could not complete your request. Please try again in a moment, or call the office.',
};

export type ResetPasswordKey = keyof typeof resetPasswordEn;
