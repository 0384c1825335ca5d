/**
 * portal-errors-en.ts holds the shared schemas' and the server's refusals exactly as they say them, so a
 * Spanish parent reads each one in Spanish (shared/i18n/portal-errors.ts). Every message the portal's forms can
 * produce, and the server's own sentences, must be found; English must stay as it is; a message the catalogue
 * does not know is never English to a Spanish parent.
 */
import { describe, expect, it } from 'vitest';
import { portalIntl } from '../../src/client/i18n';
import { registerPortalCatalogue } from '../../src/client/lib/portal-catalogue';
import { matchMessage } from '../../src/shared/i18n/field-messages';
import { formatLite } from '../../src/shared/i18n/lite';
import { portalEn } from '../../src/shared/i18n/portal-en';
import { portalErrorIn, portalErrorsIn } from '../../src/shared/i18n/portal-errors';
import { portalErrorsEn } from '../../src/shared/i18n/portal-errors-en';
import { portalErrorsEs } from '../../src/shared/i18n/portal-errors-es';
import { portalEs } from '../../src/shared/i18n/portal-es';
import { pickupAddSchema } from '../../src/shared/schemas/attendance';
import { documentResponseSchema, messageSchema } from '../../src/shared/schemas/communication';
import { pageSchema } from '../../src/shared/schemas/development';
import { fieldMessages } from '../../src/shared/schemas/fields';
import { changePasswordSchema, PARENT_PASSWORD_HINT, PARENT_PASSWORD_MIN } from '../../src/shared/schemas/password-policy';
import { preferencesUpdateSchema } from '../../src/shared/schemas/preferences';
import { NOT_AN_OBJECT, UNREADABLE_REQUEST } from '../../src/server/client-errors';
import { EXPIRED_MESSAGE, QUOTA_MESSAGE, TOO_LARGE_MESSAGE, WRONG_TYPE_MESSAGE } from '../../src/server/documents/uploads';
import { CHILD_NOT_FOUND } from '../../src/server/parents/access';
import { PICKUP_NOT_FOUND } from '../../src/server/attendance/pickups';
import { PHOTO_NOT_FOUND } from '../../src/server/daily/photos';
import { RECEIPT_NOT_FOUND } from '../../src/server/payments/receipts';
import { BUSY_MESSAGE, RateLimitedError, SLOW_DOWN_MESSAGE } from '../../src/server/services/rate-limit';

/** Every message a schema gives for `input`. */
function refusals(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success, JSON.stringify(input)).toBe(false);
  return Object.values(fieldMessages(result.error as never));
}

const id = 'child-1';
const SCHEMA_MESSAGES = [
  ...refusals(messageSchema, { subject: '', content: '' }),
  ...refusals(messageSchema, { subject: 'x'.repeat(201), content: 'x'.repeat(5001) }),
  ...refusals(messageSchema, { subject: 'a\u202Eb', content: 'ok' }),
  ...refusals(documentResponseSchema, { documentUrl: '', documentName: '' }),
  ...refusals(changePasswordSchema, { currentPassword: '', newPassword: 'short' }),
  ...refusals(changePasswordSchema, { currentPassword: 'x'.repeat(201), newPassword: 'password123' }),
  ...refusals(preferencesUpdateSchema, { language: 'fr', messageEmails: 'never', dailySummary: 'yes' }),
  ...refusals(preferencesUpdateSchema, {}),
  ...refusals(preferencesUpdateSchema, { isAdmin: true }),
  ...refusals(pickupAddSchema, { childId: '', name: '', relationship: '', phone: '12' }),
  ...refusals(pickupAddSchema, { childId: 'x'.repeat(65), name: 'A', relationship: 'B', phone: '6145550100', extra: 1 }),
  ...refusals(pageSchema, { childId: id, limit: 'ten', cursor: 'x'.repeat(501) }),
  ...refusals(pageSchema, { childId: id, limit: 1.5 }),
  ...refusals(pageSchema, { childId: id, limit: 0 }),
  ...refusals(pageSchema, { childId: id, limit: 101 }),
];

const SERVER_MESSAGES = [
  SLOW_DOWN_MESSAGE,
  BUSY_MESSAGE,
  new RateLimitedError(1).message,
  WRONG_TYPE_MESSAGE,
  TOO_LARGE_MESSAGE,
  QUOTA_MESSAGE,
  EXPIRED_MESSAGE,
  CHILD_NOT_FOUND,
  RECEIPT_NOT_FOUND,
  PHOTO_NOT_FOUND,
  PICKUP_NOT_FOUND,
  NOT_AN_OBJECT,
  UNREADABLE_REQUEST,
];

describe("the portal's refusals in Spanish", () => {
  it("knows every message the portal's schemas and the server's constants give, word for word", () => {
    expect(SCHEMA_MESSAGES.length).toBeGreaterThan(20);
    for (const message of [...SCHEMA_MESSAGES, ...SERVER_MESSAGES])
      expect({ message, found: !!matchMessage(message, portalErrorsEn) }).toEqual({ message, found: true });
  });

  it('says them in Spanish with their figures, and leaves English as it is', () => {
    expect(portalErrorIn('es', 'Must be at most 5000 characters')).toBe('Use como máximo 5000 caracteres');
    expect(portalErrorIn('es', 'Please choose a password of at least 10 characters')).toBe(
      'Elija una contraseña de al menos 10 caracteres',
    );
    expect(portalErrorIn('es', QUOTA_MESSAGE)).toBe(formatLite('es-US', portalErrorsEs['portal.error.uploadQuota'], { count: 5 }));
    for (const message of [...SCHEMA_MESSAGES, ...SERVER_MESSAGES]) {
      expect(portalErrorIn('en', message)).toBe(message);
      expect(portalErrorIn('es', message)).not.toBe(message);
    }
    expect(portalErrorsIn('es', { subject: 'Subject is required', content: undefined })).toEqual({ subject: 'Escriba el asunto' });
  });

  it('a message it does not know: the general Spanish sentence from the server, kept as it came in the portal', () => {
    expect(portalErrorIn('es', 'Some new refusal nobody translated')).toBe(portalErrorsEs['portal.error.other']);
    expect(portalErrorIn('es', 'Escriba el asunto', 'same')).toBe('Escriba el asunto');
    expect(portalErrorIn('en', 'Some new refusal nobody translated')).toBe('Some new refusal nobody translated');
  });

  it("the Change Password dialog's hint is the product's English word for word", () => {
    expect(formatLite('en-US', portalEn['portal.password.hint'], { min: PARENT_PASSWORD_MIN })).toBe(PARENT_PASSWORD_HINT);
  });
});

describe("the portal's toasts of a failed call", () => {
  registerPortalCatalogue('es', portalEs, portalErrorIn);
  const trpcError = (status: number | undefined, message: string) =>
    Object.assign(new Error(message), { name: 'TRPCClientError', data: status === undefined ? undefined : { httpStatus: status } });

  it("in Spanish: the server's words as they came, the catalogue's instead of the browser's or a bare status", () => {
    const es = portalIntl('es');
    expect(es.language).toBe('es');
    expect(es.callError(trpcError(404, 'No encontramos a ese niño'), 'Inténtelo de nuevo.')).toBe('No encontramos a ese niño');
    expect(es.callError(trpcError(undefined, 'Failed to fetch'), 'Inténtelo de nuevo.')).toBe('Inténtelo de nuevo.');
    expect(es.callError(new TypeError('Failed to fetch'), 'Inténtelo de nuevo.')).toBe('Inténtelo de nuevo.');
    expect(es.callError(new Error('HTTP error! status: 502'), 'No se pudo descargar.')).toBe('No se pudo descargar.');
    expect(es.callError(new Error('No hay pagos registrados a su nombre en 2025.'), 'x')).toBe(
      'No hay pagos registrados a su nombre en 2025.',
    );
    // A schema's English that reached the portal unmapped is mapped here.
    expect(es.error('Subject is required')).toBe('Escriba el asunto');
  });

  it('in English: exactly as before', () => {
    const en = portalIntl('en');
    expect(en.callError(trpcError(undefined, 'Failed to fetch'), 'Please try again.')).toBe('Failed to fetch');
    expect(en.callError(new Error('HTTP error! status: 502'), 'x')).toBe('HTTP error! status: 502');
    expect(en.error('Subject is required')).toBe('Subject is required');
  });
});
