import { z } from 'zod';
import { isValidIsoDate } from './fields';

const date = (name: 'from' | 'to') =>
  z
    .string({ error: `Please give ${name}=YYYY-MM-DD.` })
    .max(10, `${name} must be a date (YYYY-MM-DD).`)
    .refine(isValidIsoDate, `${name} must be a date (YYYY-MM-DD).`);

/** The payments export's dates (GET /api/admin/export/payments.csv?from=&to=): both included, `from` first. */
export const exportRangeSchema = z
  .object({ from: date('from'), to: date('to') })
  .refine((r) => r.from <= r.to, { message: 'from must be on or before to.', path: ['to'] });
export type ExportRange = z.infer<typeof exportRangeSchema>;
