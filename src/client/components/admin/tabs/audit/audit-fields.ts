import { AUDIT_SECRET_FIELD } from '~/shared/audit';
import { formatDateTime } from '~/client/lib/format';
import { staffText } from '../../staff-words';
import { tabText } from '../tab-words';

/** A moment as the server keeps it (`Date.toISOString()`), shown in the director's own time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** A field's name in words: `checkedInAt` → `Checked in at`, `parent_email` → `Parent email`. */
export function auditFieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

function auditFieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined)
    return tabText(AUDIT_SECRET_FIELD.test(key) ? 'staff.audit.notKept' : 'staff.audit.emptyValue');
  if (typeof value === 'boolean') return tabText(value ? 'staff.audit.yes' : 'staff.audit.no');
  if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value) || value;
  return String(value);
}

/**
 * What a row of the Audit tab says was written: each field in words, moments in local time, secrets never; and
 * for a field whose earlier value the log keeps (`before`, server/audit/fields.ts), the value before and after.
 */
export function auditFieldsText(fields: Record<string, unknown>, before?: Record<string, unknown> | null): string {
  return Object.entries(fields)
    .map(([key, value]) =>
      before && key in before
        ? staffText('staff.audit.fieldChange', {
            field: auditFieldLabel(key),
            before: auditFieldValue(key, before[key]),
            after: auditFieldValue(key, value),
          })
        : tabText('staff.audit.field', { field: auditFieldLabel(key), value: auditFieldValue(key, value) }),
    )
    .join('; ');
}
