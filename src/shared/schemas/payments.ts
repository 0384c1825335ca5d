import { z } from 'zod';
import type { Choice, PAYMENT_METHODS, PAYMENT_TYPES } from '../constants';
import { centsToAmount, parseCents } from '../money';
import { idSchema } from './content';
import { choiceField, emailField, isoDate, optionalText, requiredText } from './fields';
import { pageFields } from './page';

export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_TYPE_CHOICES: Choice<PaymentType>[] = [
  { value: 'tuition', label: 'Tuition' },
  { value: 'registration', label: 'Registration' },
  { value: 'activity_fee', label: 'Activity Fee' },
  { value: 'late_fee', label: 'Late Fee' },
  { value: 'other', label: 'Other' },
];

export const PAYMENT_METHOD_CHOICES: Choice<PaymentMethod>[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'credit_card', label: 'Credit Card' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'other', label: 'Other' },
];

/** A payment type as people read it ('Activity Fee', not 'activity_fee'): the receipt form's own label. */
export function paymentTypeLabel(value: string): string {
  return PAYMENT_TYPE_CHOICES.find((c) => c.value === value)?.label ?? spaced(value);
}

/** A payment method as people read it ('Credit Card', not 'credit_card'). */
export function paymentMethodLabel(value: string): string {
  return PAYMENT_METHOD_CHOICES.find((c) => c.value === value)?.label ?? spaced(value);
}

/** docs/product.md §2 Payment receipt card: a stored value with its underscores shown as spaces. */
export function spaced(value: string): string {
  return value.replace(/_/g, ' ');
}

/** docs/product.md §5 Receipt form: the check number belongs to checks, the transaction ID to cards and transfers. */
export const takesCheckNumber = (method: string) => method === 'check';
export const takesTransactionId = (method: string) => method === 'credit_card' || method === 'bank_transfer';

/** The largest single receipt staff may write: far above any fee, low enough to catch a slipped key. */
export const MAX_RECEIPT_CENTS = 100_000_000;

const ENTERED_AMOUNT = /^\$?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d{1,2})?$/;
export const AMOUNT_FORMAT_MESSAGE = 'error.amountFormat';

/**
 * An amount as staff type it (or a client posts it, as text or a number): positive, at most two decimals,
 * answered as the stored text `1234.50`.
 */
export const amountField = z
  .union([z.string({ error: 'error.amountRequired' }), z.number({ error: 'error.amountRequired' }).transform(String)], {
    error: 'error.amountRequired',
  })
  .pipe(requiredText('error.amountRequired', 20))
  .transform((v, ctx) => {
    const cents = ENTERED_AMOUNT.test(v) ? parseCents(v) : null;
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_FORMAT_MESSAGE });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'error.amountMin' });
      return z.NEVER;
    }
    if (cents > MAX_RECEIPT_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'error.amountMax' });
      return z.NEVER;
    }
    return centsToAmount(cents);
  });

/** The new receipt form (docs/product.md §5 Receipt form): one schema for the form and the server. */
export const receiptSchema = z
  .object({
    childId: requiredText('error.chooseChild', 64),
    parentName: requiredText('error.parentNameRequired', 100),
    parentEmail: emailField(),
    paymentType: choiceField(PAYMENT_TYPE_CHOICES, 'error.paymentType').default('tuition'),
    amount: amountField,
    paymentMethod: choiceField(PAYMENT_METHOD_CHOICES, 'error.paymentMethod').default('cash'),
    paymentDate: isoDate('error.paymentDateRequired'),
    description: optionalText(500, { multiline: true }),
    checkNumber: optionalText(40),
    transactionId: optionalText(100),
    periodCovered: optionalText(100),
    notes: optionalText(2000, { multiline: true }),
  })
  // A value the form hid (a check number left over after switching to cash) is not part of the receipt.
  .transform((r) => ({
    ...r,
    checkNumber: takesCheckNumber(r.paymentMethod) ? r.checkNumber : null,
    transactionId: takesTransactionId(r.paymentMethod) ? r.transactionId : null,
  }));
export type ReceiptInput = z.input<typeof receiptSchema>;

export const EMPTY_RECEIPT = {
  childId: '',
  parentName: '',
  parentEmail: '',
  paymentType: 'tuition',
  amount: '',
  paymentMethod: 'cash',
  paymentDate: '',
  description: '',
  checkNumber: '',
  transactionId: '',
  periodCovered: '',
  notes: '',
};

export const MISSING_TAX_INPUT = 'error.missingTaxInput';
/** The earliest tax year a statement can be made for: older records are not kept in this system. */
export const FIRST_TAX_YEAR = 2000;

/** A tax year, as text (docs/product.md §7) or a number: four digits. The range against today is checked by the server. */
export const taxYearField = z
  .union([z.string({ error: MISSING_TAX_INPUT }), z.number({ error: MISSING_TAX_INPUT }).transform(String)], { error: MISSING_TAX_INPUT })
  .pipe(requiredText(MISSING_TAX_INPUT, 10))
  .refine((v) => /^\d{4}$/.test(v), 'error.taxYearFormat');

/** POST /api/admin/year-end-tax-receipt (docs/product.md §7). */
export const taxStatementSchema = z.object({
  parentEmail: z.string({ error: MISSING_TAX_INPUT }).pipe(requiredText(MISSING_TAX_INPUT, 254)).pipe(emailField()),
  taxYear: taxYearField,
});
export type TaxStatementInput = z.input<typeof taxStatementSchema>;

/** The tax years the panel offers (docs/product.md §9): the current year and the 4 previous. */
export function offeredTaxYears(currentYear: number): string[] {
  return Array.from({ length: 5 }, (_, i) => String(currentYear - i));
}

export const receiptIdSchema = idSchema;

/** The parent's Payments tab: a page of their receipts (ADR 014), optionally of one of their children. */
export const parentReceiptsInput = z.object({ childId: idSchema.nullish(), ...pageFields }).prefault({});
