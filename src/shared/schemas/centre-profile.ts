/**
 * The centre's profile as the director edits it (ADR 090): the full profile's schema, read back on every load, and
 * the strict patch the Settings tab and `PATCH /api/admin/centre` send. Apart from src/shared/centre-profile.ts, whose
 * types and small helpers the public pages and the parent dashboard load: zod stays out of their first load
 * (tests/e2e/size-budget.spec.ts).
 */
import { z } from 'zod';
import { STATE_CHOICES } from '../enrollment-choices';
import { errorId } from '../i18n/error-ids';
import { choiceField, emailField, optionalPhoneField, optionalText, phoneField, plainString, requiredText } from './fields';
import { DEFAULT_CENTRE_BILLING, WEEKDAYS, type Weekday } from '../centre-profile';

/** Whether this runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = plainString('error.timeHhMm').regex(TIME, 'error.timeHhMm');
const dayHoursSchema = z
  .object({ opens: hhmm, closes: hhmm })
  .nullable()
  .refine((h) => h === null || h.closes > h.opens, { message: 'error.endTime', path: ['closes'] });

const hoursSchema = z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>);

const programSchema = z
  .object({
    id: plainString('error.centreProgram').regex(/^[a-z_]{1,32}$/, 'error.centreProgram'),
    fromMonths: z
      .number({ error: 'error.centreProgramAges' })
      .int('error.centreProgramAges')
      .min(0, 'error.centreProgramAges')
      .max(216, 'error.centreProgramAges'),
    toMonths: z
      .number({ error: 'error.centreProgramAges' })
      .int('error.centreProgramAges')
      .min(0, 'error.centreProgramAges')
      .max(216, 'error.centreProgramAges'),
  })
  .refine((p) => p.toMonths >= p.fromMonths, { message: 'error.centreProgramAges', path: ['toMonths'] });

/** The billing settings (ADR 100): days to pay an invoice, and the late-pickup fee per started 15 minutes. */
export const billingSettingsSchema = z.object({
  invoiceDueDays: z
    .number({ error: 'error.billingDueDays' })
    .int('error.billingDueDays')
    .min(0, 'error.billingDueDays')
    .max(90, 'error.billingDueDays'),
  lateFeePerQuarterHour: plainString('error.billingLateFee').regex(/^\d{1,4}\.\d{2}$/, 'error.billingLateFee'),
});
/** The logo's public path, as server/centre/logo.ts names it; only the upload sets it, never the patch. */
export const LOGO_PATH = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
/** The largest logo file taken (it is re-encoded to at most LOGO_EDGE pixels a side); under the API's 1 MB body limit. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_EDGE = 512;

/** Every field of the profile, as the server stores it and the Settings form sends it. */
export const centreProfileSchema = z.object({
  name: requiredText('error.centreName', 120),
  shortName: requiredText('error.centreShortName', 60),
  address: z.object({
    street: requiredText('error.parentAddress', 200),
    city: requiredText('error.parentCity', 100),
    state: choiceField(STATE_CHOICES, 'error.state'),
    zip: plainString('error.zip').regex(/^\d{5}(-\d{4})?$/, 'error.zip'),
  }),
  phone: phoneField(),
  secondPhone: optionalPhoneField(),
  email: emailField(),
  hours: hoursSchema,
  licenceNumber: optionalText(60),
  taxId: plainString('error.centreTaxId').regex(/^\d{2}-\d{7}$/, 'error.centreTaxId'),
  timeZone: plainString('error.centreTimeZone').refine(isTimeZone, 'error.centreTimeZone'),
  licensingState: choiceField(STATE_CHOICES, 'error.state'),
  programs: z
    .array(programSchema)
    .max(12, errorId('error.centreTooManyPrograms', { max: 12 }))
    .superRefine((programs, ctx) => {
      const seen = new Set<string>();
      programs.forEach((p, i) => {
        if (seen.has(p.id)) ctx.addIssue({ code: 'custom', message: 'error.centreProgramTwice', path: [i, 'id'] });
        seen.add(p.id);
      });
    }),
  // A profile stored before billing existed reads the defaults (ADR 100).
  billing: billingSettingsSchema.default(DEFAULT_CENTRE_BILLING),
  // A profile stored before logos has none.
  logo: z.string().regex(LOGO_PATH).nullable().default(null),
  // A logo stored before its size was kept has none: the header draws it in a square.
  logoSize: z
    .object({ width: z.number().int().min(1).max(LOGO_EDGE), height: z.number().int().min(1).max(LOGO_EDGE) })
    .nullable()
    .default(null),
});

/** `PATCH /api/admin/centre`: any of the profile's fields; the address only whole. Unknown fields are refused. */
export const centreProfilePatchSchema = z
  // The billing settings without their default: a patch that leaves them out leaves them as they are; the logo is
  // set only by its upload.
  .strictObject(
    { ...centreProfileSchema.omit({ logo: true, logoSize: true }).partial().shape, billing: billingSettingsSchema.optional() },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? 'error.centreUnknownField' : undefined),
    },
  )
  .refine((p) => Object.keys(p).length > 0, 'error.centreNothingToChange');
export type CentreProfilePatch = z.input<typeof centreProfilePatchSchema>;
