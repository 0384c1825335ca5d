import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { enumField, idField, optionalText, requiredText } from './fields';
import { idSchema } from './content';

/**
 * Daily sheets: what staff record about a child's day. One discriminated union on `kind`, shared by
 * the Daily sheets tab's buttons and forms and by the server (POST, PATCH, the group entry).
 */
export const DAILY_ENTRY_KINDS = ['meal', 'bottle', 'nap', 'diaper', 'toilet', 'mood', 'note'] as const;
export type DailyEntryKind = (typeof DAILY_ENTRY_KINDS)[number];

export const MEALS = ['breakfast', 'am_snack', 'lunch', 'pm_snack', 'dinner'] as const;
export const MEAL_AMOUNTS = ['none', 'some', 'most', 'all'] as const;
export const DIAPER_TYPES = ['wet', 'bm', 'dry'] as const;
export const TOILET_RESULTS = ['success', 'attempt'] as const;

/** The longest nap a sheet takes: a longer one is a mistake in the times. */
export const NAP_MAX_MS = 4 * 60 * 60 * 1000;
export const NAP_ORDER_MESSAGE = 'error.napOrder';
export const NAP_TOO_LONG_MESSAGE = 'error.napTooLong';
/** A moment a little ahead of the server's clock (a tablet's clock running fast) is accepted; more is a mistake. */
export const FUTURE_SLACK_MS = 5 * 60 * 1000;
export const FUTURE_MESSAGE = 'error.timeInFuture';
/** A nap's moment is its start (`at` is kept equal to it), and it ends on the centre's day it started (ADR 066). */
export const NAP_AT_MESSAGE = 'error.napAt';
export const NAP_ONE_DAY_MESSAGE = 'error.napOneDay';
/** How many of the centre's days back a teacher records or corrects the sheet; older corrections are a director's (ADR 066). */
export const TEACHER_DAYS_BACK = 31;
export const TOO_OLD_MESSAGE = errorId('error.teacherDaysBack', { days: TEACHER_DAYS_BACK });
/** A teacher changes or deletes only the entries they recorded, a director any (ADR 039, ADR 066). */
export const NOT_YOUR_ENTRY = 'error.notYourEntry';
/**
 * An entry is about a child who was checked in that day (a group entry: checked in at its moment); a director may
 * record one for a day the child was not, as a correction (ADR 080), which the sheet shows as such.
 */
export const CORRECTION_DIRECTOR_MESSAGE = 'error.correctionDirector';
const correctionField = z.boolean({ error: 'error.correctionBoolean' }).optional();
/** An entry dated before the child's first day at the centre (`startDate`, YYYY-MM-DD). */
export function beforeStartMessage(childName: string, startDate: string): string {
  return errorId('error.beforeFirstDay', beforeStartValues(childName, startDate));
}

/** beforeStartMessage's values: the child and the day, as the sheets write it. */
export function beforeStartValues(childName: string, startDate: string): { child: string; day: string } {
  const day = new Date(`${startDate}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  });
  return { child: childName, day };
}
/** The most children one group entry names (a room, with room to spare). */
export const BATCH_MAX_CHILDREN = 60;

/** A moment: a Date (tRPC) or an ISO 8601 date-time with its offset (REST), as a Date. */
export function momentField(message: string) {
  return z
    .union(
      [
        z.date({ error: message }),
        z
          .string({ error: message })
          .max(40, message)
          .pipe(z.iso.datetime({ offset: true, error: message })),
      ],
      {
        error: message,
      },
    )
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), message);
}

const mealDetails = z.strictObject(
  {
    meal: enumField(MEALS, 'error.meal'),
    amount: enumField(MEAL_AMOUNTS, 'error.mealAmount'),
    food: optionalText(200),
  },
  { error: 'error.mealFields' },
);
const bottleDetails = z.strictObject(
  {
    ounces: z.number({ error: 'error.ouncesNumber' }).positive('error.ouncesMin').max(16, 'error.ouncesMax'),
  },
  { error: 'error.bottleFields' },
);
/** A nap: `end` after `start`, at most 4 hours. `end: null` is a nap still going on (ended by a PATCH). */
const napDetails = z
  .strictObject({ start: momentField('error.napStart'), end: momentField('error.napEnd').nullable() }, { error: 'error.napFields' })
  .refine((n) => n.end === null || n.end.getTime() > n.start.getTime(), { message: NAP_ORDER_MESSAGE, path: ['end'] })
  .refine((n) => n.end === null || n.end.getTime() - n.start.getTime() <= NAP_MAX_MS, { message: NAP_TOO_LONG_MESSAGE, path: ['end'] });
const diaperDetails = z.strictObject({ type: enumField(DIAPER_TYPES, 'error.diaper') }, { error: 'error.diaperFields' });
const toiletDetails = z.strictObject({ result: enumField(TOILET_RESULTS, 'error.toilet') }, { error: 'error.toiletFields' });
const moodDetails = z.strictObject({ mood: requiredText('error.mood', 100) }, { error: 'error.moodFields' });
const noteDetails = z.strictObject({ text: requiredText('error.note', 1000, { multiline: true }) }, { error: 'error.noteFields' });

/** Each kind's details, for the server's PATCH (the kind of an entry never changes). */
export const DETAILS_SCHEMAS = {
  meal: mealDetails,
  bottle: bottleDetails,
  nap: napDetails,
  diaper: diaperDetails,
  toilet: toiletDetails,
  mood: moodDetails,
  note: noteDetails,
} as const;

export type DailyEntryDetails = { [K in DailyEntryKind]: z.output<(typeof DETAILS_SCHEMAS)[K]> };
/** One entry's kind and details, as the API answers them (moments as Dates over tRPC, ISO strings over REST). */
export type DailyEntryBody = { [K in DailyEntryKind]: { kind: K; details: DailyEntryDetails[K] } }[DailyEntryKind];

const KIND_MESSAGE = 'error.entryKind';
const atField = momentField('error.timeIso').optional();

function variants<Extra extends z.ZodRawShape>(extra: Extra) {
  return [
    z.object({ ...extra, at: atField, correction: correctionField, kind: z.literal('meal'), details: mealDetails }),
    z.object({ ...extra, at: atField, correction: correctionField, kind: z.literal('bottle'), details: bottleDetails }),
    z.object({ ...extra, at: atField, correction: correctionField, kind: z.literal('nap'), details: napDetails }),
    z.object({ ...extra, at: atField, correction: correctionField, kind: z.literal('diaper'), details: diaperDetails }),
    z.object({ ...extra, at: atField, correction: correctionField, kind: z.literal('toilet'), details: toiletDetails }),
    z.object({ ...extra, at: atField, correction: correctionField, kind: z.literal('mood'), details: moodDetails }),
    z.object({ ...extra, at: atField, correction: correctionField, kind: z.literal('note'), details: noteDetails }),
  ] as const;
}

/** POST /api/admin/daily-entries: `{ childId, kind, at, details }`; `at` defaults to now (a nap's: its start). */
export const dailyEntrySchema = z.discriminatedUnion('kind', variants({ childId: idSchema }), { error: KIND_MESSAGE });
export type DailyEntryInput = z.input<typeof dailyEntrySchema>;

/** POST /api/admin/daily-entries/batch: one entry for several children ("lunch, all ate most"). */
export const dailyEntryBatchSchema = z.discriminatedUnion(
  'kind',
  variants({
    childIds: z
      .array(idField('error.chooseChildren'), { error: 'error.chooseChildren' })
      .min(1, 'error.atLeastOneChild')
      .max(BATCH_MAX_CHILDREN, errorId('error.groupMax', { max: BATCH_MAX_CHILDREN }))
      .refine((ids) => new Set(ids).size === ids.length, 'error.childNamedTwice'),
  }),
  { error: KIND_MESSAGE },
);
export type DailyEntryBatchInput = z.input<typeof dailyEntryBatchSchema>;

/**
 * PATCH /api/admin/daily-entries/{id}: a new time and/or new details (checked against the entry's own kind); a
 * director's `correction: true` moves it to a day the child was not checked in.
 */
export const dailyEntryUpdateSchema = z
  .strictObject(
    { id: idSchema, at: atField, details: z.record(z.string().max(20), z.unknown()).optional(), correction: correctionField },
    { error: 'error.entryFields' },
  )
  .refine((v) => v.at !== undefined || v.details !== undefined, 'error.entryPatch');
export type DailyEntryUpdateInput = z.input<typeof dailyEntryUpdateSchema>;

/** The day asked for (`?date=YYYY-MM-DD`; none: today in Columbus). */
const dayField = z
  .string()
  .max(10, 'error.dateAsIso')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'error.dateAsIso')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'error.dateAsIso')
  .nullish();
export const childDaySchema = z.object({ childId: idSchema, date: dayField });

/** The Daily sheets tab's room: a classroom (none: every child) on a day (none: today). */
export const roomDaySchema = z.object({ classroomId: idField().nullish(), date: dayField }).prefault({});

/** Photos of the day: the caption staff write and the children tagged (each must have photo consent). */
export const CAPTION_MAX = 300;
export const childPhotoFieldsSchema = z.object({
  childIds: z
    .array(idField('error.tagChild'), { error: 'error.tagChild' })
    .min(1, 'error.tagChild')
    .max(BATCH_MAX_CHILDREN, errorId('error.photoTagsMax', { max: BATCH_MAX_CHILDREN }))
    .refine((ids) => new Set(ids).size === ids.length, 'error.childTaggedTwice'),
  caption: optionalText(CAPTION_MAX, { multiline: false }),
});
