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

/** Kinds of record, with the label the Audit tab's filter shows. */
export const AUDIT_ENTITIES = {
  event: 'Event',
  announcement: 'Announcement',
  application: 'Application',
  child: 'Enrolled child',
  'parent-login': 'Parent login',
  activity: 'Daily activity',
  note: 'Development note',
  achievement: 'Achievement',
  report: 'Weekly report',
  message: 'Message',
  'document-request': 'Document request',
  upload: 'Upload link',
  receipt: 'Payment receipt',
  'tax-statement': 'Tax statement',
  picture: 'Gallery picture',
  'daily-entry': 'Daily sheet entry',
  'child-photo': 'Photo of the day',
  staff: 'Staff account',
  session: 'Sign-in',
  classroom: 'Classroom',
  attendance: 'Attendance',
  'staff-attendance': 'Staff clock-in',
  pickup: 'Authorized pickup',
  incident: 'Incident report',
  centre: 'Centre profile',
  'medication-authorization': 'Medication authorization',
  'medication-dose': 'Medication dose',
  'health-record': 'Health record',
  'annual-review': 'Yearly review',
  'staff-record': 'Staff record',
  compliance: 'Compliance export',
  'second-factor': 'Second factor',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_IDS = Object.keys(AUDIT_ENTITIES) as AuditEntity[];

/** Field names whose values the log never keeps (passwords, tokens, hashes, secrets): it says only that they changed. */
export const AUDIT_SECRET_FIELD = /password|token|secret|hash/i;

/** The longest name the Audit tab searches for (a child's or a staff member's, or part of one). */
export const AUDIT_NAME_MAX = 60;

/** What a field's value reads in the log when the value is not kept (free text, ADR 064). */
export const AUDIT_CHANGED = 'changed';
