import { z } from 'zod';
import { AUDIT_ENTITY_IDS, AUDIT_NAME_MAX } from '../audit';
import { emailField, enumField, idField, isoDate, optionalText, requiredText } from './fields';
import { pageFields } from './page';

/**
 * Staff accounts and the audit log. The forms that set a password import ./password-policy.ts
 * themselves (its dictionary is large): staffSetPasswordSchema and staffChangePasswordSchema live there.
 */
export const STAFF_ROLES = ['director', 'teacher'] as const;
export type StaffRoleId = (typeof STAFF_ROLES)[number];

/**
 * Whether `id` is the only active director of the list: the Staff tab offers that account no demotion or
 * deactivation, which the server refuses anyway (LAST_DIRECTOR in server/staff/accounts.ts).
 */
export function isOnlyActiveDirector(list: readonly { id: string; role: StaffRoleId; isActive: boolean }[], id: string): boolean {
  const directors = list.filter((s) => s.role === 'director' && s.isActive);
  return directors.length === 1 && directors[0]!.id === id;
}

const role = enumField(STAFF_ROLES, 'error.chooseRole');

export const staffInviteSchema = z.object({
  name: requiredText('error.nameRequired', 100),
  email: emailField(),
  role,
});
export type StaffInviteInput = z.input<typeof staffInviteSchema>;

export const staffUpdateSchema = z
  .object({ id: idField(), role: role.optional(), isActive: z.boolean({ error: 'error.isActiveBoolean' }).optional() })
  .refine((v) => v.role !== undefined || v.isActive !== undefined, 'error.roleOrActive');

const DATE = 'error.date';

/** `GET /api/admin/audit-log` and the Audit tab: a page, newest first, of the rows matching every filter given. */
export const auditQuerySchema = z
  .object({
    ...pageFields,
    actorId: idField().optional(),
    entity: enumField([...AUDIT_ENTITY_IDS] as [string, ...string[]], 'error.unknownRecord').optional(),
    entityId: idField().optional(),
    /** Calendar dates in the centre, inclusive. */
    from: isoDate(DATE).optional(),
    to: isoDate(DATE).optional(),
    /** A child's or a person's name, or part of it: the rows of the records so named and of the staff so named. */
    name: optionalText(AUDIT_NAME_MAX),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, 'error.startAfterEnd')
  .prefault({});
export type AuditQuery = z.input<typeof auditQuerySchema>;
