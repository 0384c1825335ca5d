import { errorsEn } from '~/shared/i18n/errors-en';
import { RESET_PAGE_REFUSALS, type ResetPasswordWords } from '~/shared/i18n/reset-password';
import { PARENT_PASSWORD_HINT } from '~/shared/schemas/password-policy';

/** The page's words, as the product and the page have always said them; its Spanish twin's are shared/i18n/reset-password-es.ts. */
export const resetPasswordEn: ResetPasswordWords = {
  language: 'en',
  title: 'Choose a New Password',
  checking: 'Checking your link...',
  intro: 'At least 10 characters. You will be signed out everywhere and can then sign in with the new password.',
  hint: PARENT_PASSWORD_HINT,
  newPassword: 'New password',
  repeat: 'Repeat the new password',
  mismatch: 'The two passwords are not the same',
  save: 'Save new password',
  saving: 'Saving...',
  show: 'Show password',
  hide: 'Hide password',
  notChanged: 'Password Not Changed',
  tryAgain: 'Please try again.',
  notChecked: 'This link could not be checked. Please open the link from the e-mail again.',
  goToSignIn: 'Go to sign in',
  incomplete: 'This link is not complete. Please open the link from the e-mail again, or ask for a new one on the sign-in page.',
  refusals: Object.fromEntries(RESET_PAGE_REFUSALS.map((id) => [id, errorsEn[id]])),
  otherRefusal: null,
};
