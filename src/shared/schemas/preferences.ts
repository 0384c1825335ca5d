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
      language: enumField(LANGUAGES, 'error.chooseLanguage').optional(),
      messageEmails: enumField(MESSAGE_EMAILS, 'error.chooseMessageEmails').optional(),
      dailySummary: z.boolean({ error: 'error.dailySummary' }).optional(),
    },
    { error: 'error.preferenceFields' },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'error.noPreference');
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
