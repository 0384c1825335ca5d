import { z } from 'zod';
import { errorId } from '../i18n/error-ids';
import { isValidIsoDate } from './fields';

const date = (name: 'from' | 'to') =>
  z
    .string({ error: errorId('error.paramGive', { name }) })
    .max(10, errorId('error.paramDate', { name }))
    .refine(isValidIsoDate, errorId('error.paramDate', { name }));

/** The payments export's dates (GET /api/admin/export/payments.csv?from=&to=): both included, `from` first. */
export const exportRangeSchema = z
  .object({ from: date('from'), to: date('to') })
  .refine((r) => r.from <= r.to, { message: 'error.fromOnOrBeforeTo', path: ['to'] });
export type ExportRange = z.infer<typeof exportRangeSchema>;
