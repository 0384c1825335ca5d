import { z } from 'zod';
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

export const MEAL_LABELS: Record<(typeof MEALS)[number], string> = {
  breakfast: 'Breakfast',
  am_snack: 'AM snack',
  lunch: 'Lunch',
  pm_snack: 'PM snack',
  dinner: 'Dinner',
};
export const AMOUNT_LABELS: Record<(typeof MEAL_AMOUNTS)[number], string> = { none: 'None', some: 'Some', most: 'Most', all: 'All' };
export const DIAPER_LABELS: Record<(typeof DIAPER_TYPES)[number], string> = { wet: 'Wet', bm: 'BM', dry: 'Dry' };
export const TOILET_LABELS: Record<(typeof TOILET_RESULTS)[number], string> = { success: 'Success', attempt: 'Tried' };

/** The longest nap a sheet takes: a longer one is a mistake in the times. */
export const NAP_MAX_MS = 4 * 60 * 60 * 1000;
export const NAP_ORDER_MESSAGE = 'The nap must end after it starts';
export const NAP_TOO_LONG_MESSAGE = 'A nap can be at most 4 hours';
/** A moment a little ahead of the server's clock (a tablet's clock running fast) is accepted; more is a mistake. */
export const FUTURE_SLACK_MS = 5 * 60 * 1000;
export const FUTURE_MESSAGE = 'The time cannot be in the future';
/** A nap's moment is its start (`at` is kept equal to it), and it ends on the centre's day it started (ADR 066). */
export const NAP_AT_MESSAGE = "A nap's time is when it started: please change the start instead";
export const NAP_ONE_DAY_MESSAGE = 'A nap must end on the day it started';
/** How many of the centre's days back a teacher records or corrects the sheet; older corrections are a director's (ADR 066). */
export const TEACHER_DAYS_BACK = 31;
export const TOO_OLD_MESSAGE = `A teacher can record or change only the last ${TEACHER_DAYS_BACK} days of the sheets. Please ask a director.`;
/** A teacher changes or deletes only the entries they recorded, a director any (ADR 039, ADR 066). */
export const NOT_YOUR_ENTRY = 'A teacher can change or delete only the entries they recorded. Please ask a director.';
/** An entry dated before the child's first day at the centre (`startDate`, YYYY-MM-DD). */
export function beforeStartMessage(childName: string, startDate: string): string {
  const day = new Date(`${startDate}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  });
  return `The time cannot be before ${childName}'s first day at the centre (${day})`;
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
    meal: enumField(MEALS, 'Please choose the meal: breakfast, am_snack, lunch, pm_snack or dinner'),
    amount: enumField(MEAL_AMOUNTS, 'Please choose how much was eaten: none, some, most or all'),
    food: optionalText(200),
  },
  { error: 'A meal has meal, amount and food' },
);
const bottleDetails = z.strictObject(
  {
    ounces: z
      .number({ error: 'Please enter the ounces as a number' })
      .positive('The ounces must be more than 0')
      .max(16, 'A bottle holds at most 16 ounces'),
  },
  { error: 'A bottle has ounces' },
);
/** A nap: `end` after `start`, at most 4 hours. `end: null` is a nap still going on (ended by a PATCH). */
const napDetails = z
  .strictObject(
    { start: momentField('Please give the time the nap started'), end: momentField('Please give the time the nap ended').nullable() },
    { error: 'A nap has start and end' },
  )
  .refine((n) => n.end === null || n.end.getTime() > n.start.getTime(), { message: NAP_ORDER_MESSAGE, path: ['end'] })
  .refine((n) => n.end === null || n.end.getTime() - n.start.getTime() <= NAP_MAX_MS, { message: NAP_TOO_LONG_MESSAGE, path: ['end'] });
const diaperDetails = z.strictObject(
  { type: enumField(DIAPER_TYPES, 'Please choose the diaper: wet, bm or dry') },
  { error: 'A diaper has type' },
);
const toiletDetails = z.strictObject(
  { result: enumField(TOILET_RESULTS, 'Please choose the result: success or attempt') },
  { error: 'A toilet visit has result' },
);
const moodDetails = z.strictObject({ mood: requiredText('Please describe the mood', 100) }, { error: 'A mood has mood' });
const noteDetails = z.strictObject(
  { text: requiredText('Please write the note', 1000, { multiline: true }) },
  { error: 'A note has text' },
);

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

const KIND_MESSAGE = 'Please choose the kind: meal, bottle, nap, diaper, toilet, mood or note';
const atField = momentField('Please give the time as an ISO date-time').optional();

function variants<Extra extends z.ZodRawShape>(extra: Extra) {
  return [
    z.object({ ...extra, at: atField, kind: z.literal('meal'), details: mealDetails }),
    z.object({ ...extra, at: atField, kind: z.literal('bottle'), details: bottleDetails }),
    z.object({ ...extra, at: atField, kind: z.literal('nap'), details: napDetails }),
    z.object({ ...extra, at: atField, kind: z.literal('diaper'), details: diaperDetails }),
    z.object({ ...extra, at: atField, kind: z.literal('toilet'), details: toiletDetails }),
    z.object({ ...extra, at: atField, kind: z.literal('mood'), details: moodDetails }),
    z.object({ ...extra, at: atField, kind: z.literal('note'), details: noteDetails }),
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
      .array(idField('Please choose the children'), { error: 'Please choose the children' })
      .min(1, 'Please choose at least one child')
      .max(BATCH_MAX_CHILDREN, `A group entry names at most ${BATCH_MAX_CHILDREN} children`)
      .refine((ids) => new Set(ids).size === ids.length, 'A child is named twice'),
  }),
  { error: KIND_MESSAGE },
);
export type DailyEntryBatchInput = z.input<typeof dailyEntryBatchSchema>;

/** PATCH /api/admin/daily-entries/{id}: a new time and/or new details (checked against the entry's own kind). */
export const dailyEntryUpdateSchema = z
  .strictObject(
    { id: idSchema, at: atField, details: z.record(z.string().max(20), z.unknown()).optional() },
    { error: 'Only at and details can be changed' },
  )
  .refine((v) => v.at !== undefined || v.details !== undefined, 'Please send at or details to change');
export type DailyEntryUpdateInput = z.input<typeof dailyEntryUpdateSchema>;

/** The day asked for (`?date=YYYY-MM-DD`; none: today in Columbus). */
const dayField = z
  .string()
  .max(10, 'Please give the date as YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give the date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Please give the date as YYYY-MM-DD')
  .nullish();
export const childDaySchema = z.object({ childId: idSchema, date: dayField });

/** The Daily sheets tab's room: a classroom (none: every child) on a day (none: today). */
export const roomDaySchema = z.object({ classroomId: idField().nullish(), date: dayField }).prefault({});

/** Photos of the day: the caption staff write and the children tagged (each must have photo consent). */
export const CAPTION_MAX = 300;
export const childPhotoFieldsSchema = z.object({
  childIds: z
    .array(idField('Please tag at least one child'), { error: 'Please tag at least one child' })
    .min(1, 'Please tag at least one child')
    .max(BATCH_MAX_CHILDREN, `A photo tags at most ${BATCH_MAX_CHILDREN} children`)
    .refine((ids) => new Set(ids).size === ids.length, 'A child is tagged twice'),
  caption: optionalText(CAPTION_MAX, { multiline: false }),
});
