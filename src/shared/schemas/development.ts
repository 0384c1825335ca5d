import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { ACTIVITY_CATEGORIES, CELEBRATION_LEVELS, NOTE_CATEGORIES, PARTICIPATION_LEVELS } from '../constants';
import { idSchema } from './content';
import { idField, isoDate, looseBoolean, optionalText, requiredText } from './fields';
import { pageFields } from './page';

/**
 * A comma-separated list as the forms send it ("Counting, sharing ,") or an array: split on commas, each
 * item trimmed through the shared text helper, blanks dropped (docs/product.md §5).
 */
export function listField(itemMax = 100, maxItems = 30) {
  return z
    .union([
      z.string().max(5000, 'error.listTooLong'),
      z.array(z.string().max(itemMax * 2, errorId('error.itemTooLong', { max: itemMax }))).max(maxItems * 2, 'error.listTooLong'),
    ])
    .nullish()
    .transform((v): (string | null | undefined)[] => (v == null ? [] : typeof v === 'string' ? v.split(',') : v))
    .pipe(z.array(optionalText(itemMax)))
    .transform((items) => [...new Set(items.filter((i): i is string => !!i))])
    .refine((items) => items.length <= maxItems, errorId('error.atMostItems', { max: maxItems }));
}

/** A whole number typed in a form (string) or sent as a number; blank means none. */
function optionalWholeNumber(min: number, max: number, message: string) {
  return z
    .union([z.number(), z.string().trim().max(10, message)])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

const PARTICIPATION_MESSAGE = 'error.participation';
const optionalParticipation = z
  .string({ error: PARTICIPATION_MESSAGE })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (PARTICIPATION_LEVELS as readonly string[]).includes(v), PARTICIPATION_MESSAGE)
  .transform((v) => v as (typeof PARTICIPATION_LEVELS)[number] | null);

/** Add Daily Activity (docs/product.md §3 daily_activities, §5 Daily activity). */
export const activityFields = z.object({
  activityDate: isoDate('error.dateRequired'),
  category: z.enum(ACTIVITY_CATEGORIES, { error: 'error.category' }),
  title: requiredText('error.titleRequired', 200),
  description: requiredText('error.descriptionRequired', 5000, { multiline: true }),
  duration: optionalWholeNumber(1, 1440, 'error.duration'),
  skillsPracticed: listField(),
  enjoymentLevel: optionalWholeNumber(1, 5, 'error.enjoyment'),
  participationLevel: optionalParticipation,
  notes: optionalText(2000, { multiline: true }),
});
export const activitySchema = activityFields.extend({ childId: idSchema });
export const activityUpdateSchema = activityFields.extend({ id: idSchema });
export type ActivityInput = z.input<typeof activitySchema>;

/** Add Development Note (docs/product.md §3 development_notes, §5 Development note). The author is set by the server. */
export const noteFields = z.object({
  category: z.enum(NOTE_CATEGORIES, { error: 'error.category' }),
  title: requiredText('error.titleRequired', 200),
  content: requiredText('error.contentRequired', 10000, { multiline: true }),
  skillsObserved: listField(),
  developmentAreas: listField(),
  isPrivate: looseBoolean.default(false),
});
export const noteSchema = noteFields.extend({ childId: idSchema });
export const noteUpdateSchema = noteFields.extend({ id: idSchema });
export type NoteInput = z.input<typeof noteSchema>;

export const MISSING_DATES = 'error.missingDates';

/**
 * A weekly report with nothing in it (no activity and no note the parents may read in its dates) is refused, not
 * sent empty: the message sits at the week's start date.
 */
export const NOTHING_TO_REPORT = 'error.nothingToReport';

/** Send Weekly Report (docs/product.md §5 Weekly report): both dates, in order, at most five weeks apart. */
export const weeklyReportSchema = z
  .object({
    childId: idSchema,
    weekStartDate: z.string({ error: MISSING_DATES }).trim().min(1, MISSING_DATES).refine(isValidDate, 'error.date'),
    weekEndDate: z.string({ error: MISSING_DATES }).trim().min(1, MISSING_DATES).refine(isValidDate, 'error.date'),
  })
  .refine((r) => r.weekEndDate >= r.weekStartDate, { message: 'error.endBeforeStart', path: ['weekEndDate'] })
  .refine((r) => spanDays(r.weekStartDate, r.weekEndDate) <= 35, { message: 'error.reportWeeks', path: ['weekEndDate'] });

function isValidDate(v: string): boolean {
  return isoDate('x').safeParse(v).success;
}
function spanDays(a: string, b: string): number {
  return (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
}

/** The summary's range (GET activities-summary/{childId}/{start}/{end}): in order, at most a year. */
export const summaryRangeSchema = z
  .object({ childId: idSchema, start: isoDate('error.startDateRequired'), end: isoDate('error.endDateRequired') })
  .refine((r) => r.end >= r.start, { message: 'error.endBeforeStart', path: ['end'] })
  .refine((r) => spanDays(r.start, r.end) <= 366, { message: 'error.summaryYear', path: ['end'] });

/** Staff record that a child achieved a milestone. */
export const achievementSchema = z.object({
  childId: idSchema,
  milestoneId: idField('error.chooseMilestone'),
  achievedAt: isoDate('error.theDateRequired'),
  notes: optionalText(2000, { multiline: true }),
  witnessedBy: optionalText(100),
  celebrationLevel: z.enum(CELEBRATION_LEVELS, { error: 'error.celebration' }).default('standard'),
  /** Off by default: the notes appear on the public milestones page only when staff tick it. */
  sharePublicly: looseBoolean.default(false),
});
export type AchievementInput = z.input<typeof achievementSchema>;

/** A page of a long list: `cursor` is what the previous page answered as nextCursor. */
export const pageSchema = z.object({ childId: idSchema, ...pageFields });
