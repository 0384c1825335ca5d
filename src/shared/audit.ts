/**
 * The audit trail's vocabulary (ADR 038): what a row's `action` and `entity` may be. Shared by the
 * server that writes and filters rows and the Audit tab that offers the filters and links a row to its record.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'send',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'password',
  'export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Kinds of record; the Audit tab's words for each are `staff.audit.entity.*` (staff-tabs-en.ts). */
export const AUDIT_ENTITY_IDS = [
  'event',
  'announcement',
  'application',
  'child',
  'parent-login',
  'activity',
  'note',
  'achievement',
  'report',
  'message',
  'document-request',
  'upload',
  'receipt',
  'tax-statement',
  'picture',
  'daily-entry',
  'child-photo',
  'staff',
  'session',
  'classroom',
  'attendance',
  'staff-attendance',
  'pickup',
  'incident',
  'centre',
  'medication-authorization',
  'medication-dose',
  'health-record',
  'annual-review',
  'staff-record',
  'compliance',
  'billing-plan',
  'billing-terms',
  'invoice',
  'late-fee',
  'aging',
  'second-factor',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITY_IDS)[number];

/** Field names whose values the log never keeps (passwords, tokens, hashes, secrets): it says only that they changed. */
export const AUDIT_SECRET_FIELD = /password|token|secret|hash/i;

/** The longest name the Audit tab searches for (a child's or a staff member's, or part of one). */
export const AUDIT_NAME_MAX = 60;

/** What a field's value reads in the log when the value is not kept (free text, ADR 064). */
export const AUDIT_CHANGED = 'changed';
