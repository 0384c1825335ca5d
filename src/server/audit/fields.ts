/**
 * What an audit row keeps of the fields a write changed (ADR 064). The log is append-only and kept for years, so
 * it must never hold free text a person typed about a child or a family (medical notes, a development note, a
 * daily-sheet note, an attendance override reason). It keeps every field's name, and a value only where the
 * field is on the allow-list below AND the value has the shape of its kind: an id, a date or time, a value of a
 * fixed list (a status, a role, a kind), an amount, or a boolean. Any other value reads `changed`, so a new
 * free-text field is private until someone adds it here on purpose.
 *
 * The same rule applies to the values of rows written before it existed (the one-time pass in chain.ts), and
 * it is the one place that says which fields the Audit tab shows before and after a change (keptBefore).
 */
import type { AuditValue } from '~/db/schema';
import { AUDIT_CHANGED, AUDIT_SECRET_FIELD, type AuditEntity } from '../../shared/audit';

export { AUDIT_CHANGED };

type Kind = 'id' | 'date' | 'token' | 'amount' | 'file' | 'public-text';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$|^\d{2}:\d{2}(:\d{2})?$/;
const TOKEN = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const AMOUNT = /^-?\d{1,12}([.,-]\d{1,6})?$/;
const FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;
const TEXT_MAX = 200;

/** Names whose values come from a fixed list of the app (schemas in src/shared): statuses, roles, kinds. */
const TOKENS = new Set([
  'status',
  'role',
  'kind',
  'type',
  'category',
  'meal',
  'program',
  'ageGroup',
  'paymentMethod',
  'paymentType',
  'documentType',
  'priority',
  'celebrationLevel',
  'enjoymentLevel',
  'participationLevel',
  'link',
  'language',
]);
/** Numbers: an amount, a count (`unlisted`: a failed sign-in row's count of the failures not listed, ADR 065). */
const AMOUNTS = new Set(['amount', 'capacity', 'size', 'taxYear', 'receiptNumber', 'duration', 'unlisted']);
const DATES = new Set(['at', 'previousAt', 'from', 'to']);
const IDS = new Set(['movedFrom']);
/** Titles of what the centre publishes on its public site: never about one child or family. */
const PUBLIC_TEXT: Partial<Record<AuditEntity, ReadonlySet<string>>> = {
  event: new Set(['title']),
  announcement: new Set(['title']),
};
/** The address a sign-in was tried with, and a staff account's own address: who, not what was said. */
const ACCOUNT_EMAIL: ReadonlySet<AuditEntity> = new Set<AuditEntity>(['session', 'staff']);

function kindOf(entity: AuditEntity, key: string): Kind | null {
  if (TOKENS.has(key)) return 'token';
  if (AMOUNTS.has(key)) return 'amount';
  if (DATES.has(key) || /[a-z](At|Date|Time)$/.test(key)) return 'date';
  if (IDS.has(key) || /[a-z]Ids?$/.test(key)) return 'id';
  if (key === 'file') return 'file';
  if (PUBLIC_TEXT[entity]?.has(key)) return 'public-text';
  if (key === 'email' && ACCOUNT_EMAIL.has(entity)) return 'public-text';
  return null;
}

function fits(kind: Kind, value: string): boolean {
  switch (kind) {
    case 'id':
      // A list of ids is kept joined by ', ' (the form rows written before this rule hold too).
      return value.split(', ').every((part) => ID.test(part));
    case 'date':
      return DATE.test(value);
    case 'token':
      return TOKEN.test(value);
    case 'amount':
      return AMOUNT.test(value);
    case 'file':
      return FILE.test(value);
    case 'public-text':
      return value.length <= TEXT_MAX;
  }
}

/** One field's value as the log keeps it: the value itself when allowed and of its kind's shape, else `changed`. */
export function keptValue(entity: AuditEntity, key: string, value: unknown): AuditValue {
  if (AUDIT_SECRET_FIELD.test(key)) return null;
  // Neither can carry words: a cleared field (null) and a yes/no say nothing anyone typed.
  if (value === null || typeof value === 'boolean') return value;
  const kind = kindOf(entity, key);
  if (!kind) return AUDIT_CHANGED;
  if (value instanceof Date) return kind === 'date' && Number.isFinite(value.getTime()) ? value.toISOString() : AUDIT_CHANGED;
  if (typeof value === 'number') return Number.isFinite(value) && (kind === 'amount' || kind === 'id') ? value : AUDIT_CHANGED;
  if (typeof value === 'string') return fits(kind, value) ? value : AUDIT_CHANGED;
  // A list of ids (the children one entry was for) is kept as one text; any other list or object is not.
  if (Array.isArray(value) && value.length <= 100 && value.every((v) => typeof v === 'string' && fits(kind, v)) && kind === 'id')
    return value.join(', ');
  return AUDIT_CHANGED;
}

/** The fields of an audit row: every name written (not `id`), with its value as keptValue says. */
export function keptFields(entity: AuditEntity, fields: Record<string, unknown>): Record<string, AuditValue> {
  const out: Record<string, AuditValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || key === 'id') continue;
    out[key] = keptValue(entity, key, value);
  }
  return out;
}

/**
 * What an update's row keeps of the values its changed fields had before: only for a field on the allow-list
 * above whose earlier value has its kind's shape, so the Audit tab shows "before → after" for a status, a room,
 * a date or a public title, and nothing at all for a private field (no `changed` either: the after value says it).
 * Null when nothing is kept, so a row without earlier values is as it was before this rule.
 */
export function keptBefore(
  entity: AuditEntity,
  before: Record<string, unknown>,
  kept: Record<string, AuditValue>,
): Record<string, AuditValue> | null {
  const out: Record<string, AuditValue> = {};
  for (const key of Object.keys(kept)) {
    if (!(key in before) || AUDIT_SECRET_FIELD.test(key) || !kindOf(entity, key)) continue;
    const value = keptValue(entity, key, before[key] ?? null);
    if (value !== AUDIT_CHANGED) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}
