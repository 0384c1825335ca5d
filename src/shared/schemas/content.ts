import { z } from 'zod';
import { ANNOUNCEMENT_CATEGORIES, EVENT_CATEGORIES, PRIORITIES } from '../constants';
import { LANGUAGES } from '../i18n/languages';
import { enumField, idField, isoDate, looseBoolean, optionalText, optionalTime, plainString, requiredText } from './fields';

/** Event form of the admin dashboard (docs/product.md §5 Event). */
export const eventSchema = z
  .object({
    title: requiredText('error.titleRequired', 200),
    description: requiredText('error.descriptionRequired', 5000, {
      multiline: true,
    }),
    eventDate: isoDate('error.dateRequired'),
    startTime: optionalTime(),
    endTime: optionalTime(),
    category: plainString()
      .refine((v) => EVENT_CATEGORIES.includes(v), 'error.category')
      .default('general'),
    isPublic: looseBoolean.default(true),
    location: optionalText(200),
  })
  .refine((e) => !e.startTime || !e.endTime || e.endTime >= e.startTime, {
    message: 'error.endTime',
    path: ['endTime'],
  });
export type EventInput = z.input<typeof eventSchema>;

export const EXPIRY_BEFORE_POSTING = 'error.expiryBeforePosting';

/** The expiry date (its last day shown), blank meaning none; with `postedDay`, not before it. */
function expiryField(postedDay?: string) {
  const date = isoDate('error.expiryDate');
  return plainString()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.union([z.null(), postedDay === undefined ? date : date.refine((v) => v >= postedDay, EXPIRY_BEFORE_POSTING)]));
}

const announcementObject = (postedDay?: string) =>
  z.object({
    title: requiredText('error.titleRequired', 200),
    content: requiredText('error.contentRequired', 10000, { multiline: true }),
    category: z.enum(ANNOUNCEMENT_CATEGORIES, { error: 'error.category' }).default('general'),
    priority: z.enum(PRIORITIES, { error: 'error.priority' }).default('normal'),
    isPublic: looseBoolean.default(true),
    expiresAt: expiryField(postedDay),
  });

/** Announcement form (docs/product.md §5 Announcement); a blank expiry is stored as null. */
export const announcementSchema = announcementObject();
/**
 * The form's schema: an announcement may not expire before the day it is posted (today for a new one, in the
 * centre's time zone), or it would be listed as posted and never shown. The server checks
 * `announcementExpirySchema` with its own clock.
 */
export const announcementSchemaFrom = (postedDay: string) => announcementObject(postedDay);
export const announcementExpirySchema = (postedDay: string) => z.object({ expiresAt: expiryField(postedDay) });
export type AnnouncementInput = z.input<typeof announcementSchema>;

export const idSchema = idField();

/** The events feed's language (`GET /api/events.ics?lang=es`): its name and description; English when not given. */
export const calendarInput = z.object({ lang: enumField(LANGUAGES, 'error.chooseLanguage').optional() }).optional();

/**
 * Editing replaces the whole item: the same fields and rules as creating it, plus the id. `safeExtend` keeps
 * the event's end-after-start rule.
 */
export const eventUpdateSchema = eventSchema.safeExtend({ id: idSchema });
export const announcementUpdateSchema = announcementSchema.extend({ id: idSchema });
