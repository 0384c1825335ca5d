import { t } from '../../src/shared/i18n';
import { errorRef } from '../../src/shared/i18n/error-ids';

/**
 * A refusal's id (a server or schema constant, or a schema message with its values, ADR 069) as the English reader
 * reads it: what an answer's `message` says. Anything that is no id is returned as it is.
 */
export function english(message: string, values: Record<string, string | number> = {}): string {
  const ref = errorRef(message);
  return ref ? t('en', ref.id, { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])), ...ref.values }) : message;
}

/** A schema refusal's field messages (fieldMessages) in English. */
export function englishFields(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, english(message)]));
}
