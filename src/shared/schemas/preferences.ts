import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n/languages';
import { enumField } from './fields';

/**
 * A parent's own choices (`GET` and `PATCH /api/parent/preferences`): the language of the portal, its e-mails
 * and PDFs, how messages are e-mailed and the end-of-day summary.
 */
export { LANGUAGES, type Language } from '../i18n/languages';

/** `each`: every message at once (the default); `digest`: one e-mail a day; `urgent_only`: only urgent messages. */
export const MESSAGE_EMAILS = ['each', 'digest', 'urgent_only'] as const;
export type MessageEmails = (typeof MESSAGE_EMAILS)[number];

export type Preferences = { language: Language; messageEmails: MessageEmails; dailySummary: boolean };
export const DEFAULT_PREFERENCES: Preferences = { language: 'en', messageEmails: 'each', dailySummary: false };

/** A partial update: any of the three, at least one, nothing else. */
export const preferencesUpdateSchema = z
  .strictObject(
    {
      language: enumField(LANGUAGES, 'Please choose a language: en or es').optional(),
      messageEmails: enumField(MESSAGE_EMAILS, 'Please choose how messages are e-mailed: each, digest or urgent_only').optional(),
      dailySummary: z.boolean({ error: 'dailySummary must be true or false' }).optional(),
    },
    { error: 'Only language, messageEmails and dailySummary can be changed' },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Please send a preference to change');
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
