import { errorsEs } from '~/shared/i18n/errors-es';
import { resetPasswordWords } from '~/shared/i18n/reset-password';
import { resetPasswordEs } from '~/shared/i18n/reset-password-es';
import { PARENT_PASSWORD_MIN } from '~/shared/schemas/password-policy';

/** `/es/parent-reset-password`'s words, from the Spanish catalogue: loaded with that page's own chunk only. */
export const resetPasswordWordsEs = resetPasswordWords('es', resetPasswordEs, errorsEs, { min: PARENT_PASSWORD_MIN });
