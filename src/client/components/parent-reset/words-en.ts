import { errorsEn } from '~/shared/i18n/errors-en';
import { resetPasswordWords } from '~/shared/i18n/reset-password';
import { resetPasswordEn } from '~/shared/i18n/reset-password-en';
import { PARENT_PASSWORD_MIN } from '~/shared/schemas/password-policy';

/** `/parent-reset-password`'s words, from the English catalogue; its Spanish twin's are words-es.ts. */
export const resetPasswordWordsEn = resetPasswordWords('en', resetPasswordEn, errorsEn, { min: PARENT_PASSWORD_MIN });
