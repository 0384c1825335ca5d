/**
 * Tuition billing's inputs (ADR 100): plans, a child's billing terms, generating a period's invoices, the invoice
 * list, a line added to an invoice and a void. One schema per input, used by the dashboard and the procedures.
 * Amounts travel as strings with two decimals ("1080.00") and come out of these schemas in integer cents.
 */
import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { parseCents } from '../money';
import { isMonday } from '../billing/proration';
import { idField, isoDate, isValidIsoDate, optionalText, plainString, requiredText } from './fields';
import { pageFields } from './page';

export const BILLING_PERIODS = ['weekly', 'monthly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The largest amount one plan, share or line may carry: far above any tuition, low enough to catch a slipped key. */
export const MAX_BILLING_CENTS = 100_000_000;

const TYPED_AMOUNT = /^-?\$?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d{1,2})?$/;

/** An amount as text (or a number) in cents: `sign` says whether it must be above zero, at least zero, or not zero. */
function centsField(message: string, sign: 'positive' | 'nonNegative' | 'nonZero') {
  return z
    .union([z.string({ error: message }), z.number({ error: message }).transform(String)], { error: message })
    .pipe(requiredText(message, 20))
    .transform((v, ctx) => {
      const cents = TYPED_AMOUNT.test(v) ? parseCents(v) : null;
      const fits =
        cents !== null &&
        Math.abs(cents) <= MAX_BILLING_CENTS &&
        (sign === 'positive' ? cents > 0 : sign === 'nonNegative' ? cents >= 0 : cents !== 0);
      if (!fits) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return cents;
    });
}

const programField = plainString('error.billingProgram').regex(/^[a-z_]{1,32}$/, 'error.billingProgram');

/** POST /api/admin/billing/plans. The program must be one of the centre's (checked by the server). */
export const planSchema = z.object({
  name: requiredText('error.billingPlanName', 80),
  program: programField,
  period: z.enum(BILLING_PERIODS, { error: 'error.billingPeriod' }),
  amount: centsField('error.billingPlanAmount', 'positive'),
});
export type PlanInput = z.input<typeof planSchema>;

/** Renaming or retiring a plan (a plan in use is never deleted). */
export const planUpdateSchema = z
  .object({
    id: idField(),
    name: requiredText('error.billingPlanName', 80).optional(),
    active: z.boolean({ error: 'error.billingPlanActive' }).optional(),
  })
  .refine((p) => p.name !== undefined || p.active !== undefined, 'error.billingNothingToChange');

/** PUT /api/admin/children/{id}/billing. */
export const termsSchema = z
  .object({
    childId: idField(),
    planId: idField('error.billingPlanRequired'),
    startDate: isoDate('error.billingStartDate'),
    endDate: z
      .union([z.null(), z.literal(''), plainString('error.date').refine(isValidIsoDate, 'error.date')], { error: 'error.date' })
      .optional()
      .transform((v) => (v ? v : null)),
    discountPercent: z
      .number({ error: 'error.billingDiscountPercent' })
      .int('error.billingDiscountPercent')
      .min(0, 'error.billingDiscountPercent')
      .max(100, 'error.billingDiscountPercent')
      .default(0),
    discountReason: optionalText(80),
    subsidy: z
      .object({
        agency: requiredText('error.billingAgency', 120),
        familyShare: centsField('error.billingFamilyShare', 'nonNegative'),
      })
      .nullable()
      .default(null),
  })
  .refine((t) => t.endDate === null || t.endDate >= t.startDate, { message: 'error.billingEndBeforeStart', path: ['endDate'] })
  .refine((t) => t.discountPercent === 0 || t.discountReason !== null, {
    message: 'error.billingDiscountReason',
    path: ['discountReason'],
  });
export type TermsInput = z.input<typeof termsSchema>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = plainString('error.billingMonth').regex(MONTH, 'error.billingMonth');

/** POST /api/admin/invoices/generate: a month, or a week by its Monday. */
export const generateSchema = z.union(
  [
    z.strictObject({ period: monthField }),
    z.strictObject({
      weekOf: isoDate('error.billingWeekOf').refine(isMonday, 'error.billingWeekOf'),
    }),
  ],
  { error: 'error.billingPeriodOrWeek' },
);
export type GenerateInput = z.input<typeof generateSchema>;

/** GET /api/admin/invoices?status=&familyEmail=&period=, paged. */
export const invoiceListSchema = z
  .object({
    status: z.enum(INVOICE_STATUSES, { error: 'error.invoiceStatus' }).optional(),
    familyEmail: plainString('error.email')
      .max(254, errorId('error.tooLong', { max: 254 }))
      .optional(),
    period: monthField.optional(),
    ...pageFields,
  })
  .prefault({});
export type InvoiceListInput = z.input<typeof invoiceListSchema>;

/** POST /api/admin/invoices/{id}/lines: a fee (positive) or a credit (negative). */
export const invoiceLineSchema = z.object({
  id: idField(),
  description: requiredText('error.invoiceLineDescription', 200),
  amount: centsField('error.invoiceLineAmount', 'nonZero'),
});
export type InvoiceLineInput = z.input<typeof invoiceLineSchema>;

/** POST /api/admin/invoices/{id}/void. */
export const invoiceVoidSchema = z.object({
  id: idField(),
  reason: requiredText('error.invoiceVoidReason', 500, { multiline: true }),
});
