import { formatErrorLite } from '~/shared/i18n/error-ids';
import { errorsEn } from '~/shared/i18n/errors-en';
import { registerCatalogue } from '~/shared/i18n/registry';

/**
 * The English refusals (ADR 069), with every form that may show one (lib/use-schema-form.ts imports this): not in
 * the parent dashboard's first load, which has no form (ADR 089). Registered as this module loads, so the portal's
 * messages (lib/portal-catalogue.ts portalError) have English to fall back on while another language's refusals load.
 */
registerCatalogue('errors', 'en', errorsEn);

/** A form's message in English: the staff pages' (and any page's outside the portal). */
export const refusalInEnglish = (message: string): string => formatErrorLite(errorsEn, 'en-US', message);
