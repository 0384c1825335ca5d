/**
 * Drizzle tables: one section per entity of docs/product.md §3, plus the session, outbox and private-file tables
 * that the server needs. Calendar dates are ISO `YYYY-MM-DD` text; moments are millisecond timestamps.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { CentreProfile } from '../src/shared/centre-profile';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const stringList = (name: string) =>
  text(name, { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

// ── users (legacy single-table login of the original design; kept for completeness) ──
export const users = sqliteTable('users', {
  id: id(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
});

// ── contact_messages ──
export const contactMessages = sqliteTable('contact_messages', {
  id: id(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  childAge: text('child_age'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

// ── enrollment_applications ──
export const enrollmentApplications = sqliteTable(
  'enrollment_applications',
  {
    id: id(),
    parentFirstName: text('parent_first_name').notNull(),
    parentLastName: text('parent_last_name').notNull(),
    parentEmail: text('parent_email').notNull(),
    parentPhone: text('parent_phone').notNull(),
    parentAddress: text('parent_address').notNull(),
    parentCity: text('parent_city').notNull(),
    parentState: text('parent_state').notNull(),
    parentZip: text('parent_zip').notNull(),
    childFirstName: text('child_first_name').notNull(),
    childLastName: text('child_last_name').notNull(),
    childDateOfBirth: text('child_date_of_birth').notNull(),
    childAge: text('child_age').notNull(),
    programRequested: text('program_requested').notNull(),
    startDate: text('start_date').notNull(),
    emergencyContactName: text('emergency_contact_name').notNull(),
    emergencyContactPhone: text('emergency_contact_phone').notNull(),
    emergencyContactRelationship: text('emergency_contact_relationship').notNull(),
    pediatricianName: text('pediatrician_name'),
    pediatricianPhone: text('pediatrician_phone'),
    allergies: text('allergies'),
    medications: text('medications'),
    medicalConditions: text('medical_conditions'),
    specialInstructions: text('special_instructions'),
    howDidYouHear: text('how_did_you_hear'),
    /** The language the family applied in ('en' | 'es'): the e-mails staff send them follow it. */
    language: text('language', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  // Pages newest first, of all applications or of one status (ADR 014); the status counts read the second.
  (t) => [
    index('enrollment_applications_created_idx').on(t.createdAt, t.id),
    index('enrollment_applications_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

// ── events ──
export const events = sqliteTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    eventDate: text('event_date').notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    category: text('category').notNull().default('general'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    location: text('location'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('events_date_idx').on(t.eventDate)],
);

// ── announcements ──
export const announcements = sqliteTable(
  'announcements',
  {
    id: id(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull().default('general'),
    priority: text('priority').notNull().default('normal'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    expiresAt: text('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt), index('announcements_expires_idx').on(t.expiresAt)],
);

// ── milestones (reference data, seeded) ──
export const milestones = sqliteTable('milestones', {
  id: id(),
  /**
   * The seed's stable key (db/milestones.ts), what the Spanish catalogue is keyed by. Null only for a row the seed
   * no longer writes (none is made any other way).
   */
  key: text('key').unique(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  ageRange: text('age_range').notNull(),
  badgeIcon: text('badge_icon').notNull(),
  badgeColor: text('badge_color').notNull(),
  difficulty: text('difficulty').notNull().default('normal'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
});

// ── admin_users and their sessions ──
export const adminUsers = sqliteTable('admin_users', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
  /** The sign-in before the current one, shown in the dashboard header so staff notice a login that was not theirs. */
  previousLoginAt: integer('previous_login_at', { mode: 'timestamp_ms' }),
  /** 'director' (everything) or 'teacher' (the children's day; ADR 039). Accounts from before roles are directors. */
  role: text('role').$type<StaffRole>().notNull().default('director'),
  /** A deactivated account cannot sign in and holds no session; it is kept so its name stays on what it wrote. */
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  /** When this director put away the Overview's first-run checklist (ADR 082); null while it shows. */
  setupChecklistDismissedAt: integer('setup_checklist_dismissed_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type StaffRole = 'director' | 'teacher';

/**
 * Single-use links for staff: an invitation (7 days) or a 'forgot your password' link (one hour). Only SHA-256
 * of the token is stored, as for parents (parent_password_resets); a used link keeps usedAt.
 */
export const staffPasswordLinks = sqliteTable(
  'staff_password_links',
  {
    id: id(),
    adminId: text('admin_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'invite' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_password_links_admin_idx').on(t.adminId)],
);

/**
 * The first start's setup link (ADR 091): made at start while no staff account exists, valid 24 hours, used once
 * to create the director. Only SHA-256 of the token is stored, as for every single-use link.
 */
export const setupLinks = sqliteTable('setup_links', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
});

/**
 * The audit trail (ADR 038): one row per staff write, in the write's transaction. Append-only: the
 * migration adds triggers that refuse UPDATE and DELETE, and each row's hash chains over the previous row's
 * hash and its own content (src/server/audit/record.ts), so a row edited behind the app's back is found.
 * The id is the chain's order and the list's sort key (newest first).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** Null for a failed sign-in with an unknown e-mail. */
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** The names of the fields written, with their values where they are not secret (null otherwise). */
    fields: text('fields', { mode: 'json' }).$type<Record<string, AuditValue>>().notNull(),
    address: text('address').notNull(),
    /**
     * For an update, the value each changed field had before it, only for fields whose values the log keeps
     * (src/server/audit/fields.ts); null when there is none (a create, a private field, rows written before it).
     */
    before: text('before', { mode: 'json' }).$type<Record<string, AuditValue>>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  // The Audit tab's pages, newest first by (at, id), for each filter (ADR 038): SQLite ends every index with
  // the rowid (the id), so each index is already in the page's order and a page is one index range. Which
  // index a set of filters reads is chosen in src/server/audit/log.ts; a record's id alone (the tab's "Record"
  // field without a kind) has its own, so it never walks the whole log.
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.at),
    index('audit_log_actor_entity_idx').on(t.actorId, t.entity, t.at),
    index('audit_log_entity_id_idx').on(t.entityId, t.at),
  ],
);

export type AuditValue = string | number | boolean | null;

/** Server-side admin sessions: the cookie holds `id.secret`; only SHA-256(secret) is stored. */
export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * When the person last proved it is them on this session: the password typed again (POST /api/admin/reauth).
     * With `createdAt` (the sign-in), it says whether a second-factor change may go ahead (auth/recent-proof.ts).
     */
    reauthenticatedAt: integer('reauthenticated_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId), index('admin_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A staff member's authenticator app (ADR 102): the TOTP secret sealed with AES-GCM under the key in the private
 * folder (auth/mfa-secrets.ts), never in the clear. `confirmedAt` is null until one code has been accepted: an
 * unconfirmed secret is no factor. `lastStep` is the last 30-second step accepted, so no code is used twice.
 */
export const staffMfa = sqliteTable('staff_mfa', {
  adminId: text('admin_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret').notNull(),
  confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  lastStep: integer('last_step'),
  /**
   * Wrong app codes on this account, from every pending sign-in and address, in the window that began at
   * `codeFailuresSince` (ADR 102): past the cap a code is refused until the window ends; recovery codes and
   * passkeys still sign in.
   */
  codeFailures: integer('code_failures').notNull().default(0),
  codeFailuresSince: integer('code_failures_since', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per staff member, as SHA-256; a new set deletes the old one. */
export const staffRecoveryCodes = sqliteTable(
  'staff_recovery_codes',
  {
    id: id(),
    adminId: text('admin_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_admin_idx').on(t.adminId)],
);

/** A staff member's passkeys (WebAuthn credentials), each named; the public key only, base64url. */
export const staffPasskeys = sqliteTable(
  'staff_passkeys',
  {
    id: id(),
    adminId: text('admin_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>(),
    name: text('name').notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_passkeys_credential_uq').on(t.credentialId), index('staff_passkeys_admin_idx').on(t.adminId)],
);

/**
 * Short-lived sign-in states bound to one browser (ADR 102): the second step after a right password ('mfa'), and
 * WebAuthn challenges ('passkey-login', 'passkey-register'). The browser holds a random token in an HttpOnly
 * SameSite=Strict cookie; only its SHA-256 is here. `address` is the caller's address key, to cap each address's rows.
 */
export const staffSignInStates = sqliteTable(
  'staff_sign_in_states',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').$type<'mfa' | 'passkey-login' | 'passkey-register'>().notNull(),
    adminId: text('admin_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    challenge: text('challenge'),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sign_in_states_address_idx').on(t.address), index('staff_sign_in_states_expires_idx').on(t.expiresAt)],
);

/** The director's rule (one row, id 1): every staff account must have a second factor. */
export const staffMfaPolicy = sqliteTable('staff_mfa_policy', {
  id: integer('id').primaryKey(),
  required: integer('required', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
});

// ── enrolled_children ──
export const enrolledChildren = sqliteTable(
  'enrolled_children',
  {
    id: id(),
    childName: text('child_name').notNull(),
    parentName: text('parent_name').notNull(),
    parentEmail: text('parent_email').notNull(),
    parentPhone: text('parent_phone'),
    dateOfBirth: text('date_of_birth').notNull(),
    program: text('program').notNull().default('preschool'),
    startDate: text('start_date').notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    notes: text('notes'),
    /** Unique: one application can be enrolled once, even by two requests at the same moment. */
    applicationId: text('application_id').references(() => enrollmentApplications.id, { onDelete: 'set null' }),
    /** The room the child belongs to (at most one); null until staff assign one. */
    classroomId: text('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    /** Set by staff from the signed consent form; a child without it is never tagged in a photo of the day. */
    photoConsent: integer('photo_consent', { mode: 'boolean' }).notNull().default(false),
    /**
     * The consent's record (ADR 073): the day the family gave or withdrew it, the parent who did, and the staff
     * member who recorded it and when. Null on a child whose consent was never recorded.
     */
    photoConsentDate: text('photo_consent_date'),
    photoConsentGivenBy: text('photo_consent_given_by'),
    /** The staff account's id, kept as text (no reference: a column added later cannot say ON DELETE in SQLite). */
    photoConsentRecordedById: text('photo_consent_recorded_by_id'),
    photoConsentRecordedByName: text('photo_consent_recorded_by_name'),
    photoConsentRecordedAt: integer('photo_consent_recorded_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('enrolled_children_application_uq').on(t.applicationId),
    index('enrolled_children_parent_email_idx').on(t.parentEmail),
    index('enrolled_children_classroom_idx').on(t.classroomId),
  ],
);

// ── classrooms ──
/** A room of the centre; `ageGroup` is one of CLASSROOM_AGE_GROUPS (src/shared/schemas/classrooms.ts). */
export const classrooms = sqliteTable('classrooms', {
  id: id(),
  name: text('name').notNull(),
  ageGroup: text('age_group').notNull(),
  capacity: integer('capacity').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Staff assigned to a room (a teacher may work in several); the Classrooms view sets each room's list. */
export const classroomStaff = sqliteTable(
  'classroom_staff',
  {
    classroomId: text('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('classroom_staff_uq').on(t.classroomId, t.staffId), index('classroom_staff_staff_idx').on(t.staffId)],
);

// ── authorized pickups ──
/** Adults besides the parents who may pick a child up; added by staff or by the child's parents. */
export const authorizedPickups = sqliteTable(
  'authorized_pickups',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    /** Staff only: what the centre checked ("ID checked"). Never shown to the family (ADR 073). */
    note: text('note'),
    /** Who added the person: a staff member's or a parent's name. */
    addedBy: text('added_by').notNull(),
    /** Whether a staff member or a parent added the person, and their account's id. */
    addedByKind: text('added_by_kind').$type<'staff' | 'parent'>().notNull().default('staff'),
    addedById: text('added_by_id'),
    createdAt: createdAt(),
    /** The last change by staff (name, relationship, phone or note), and who made it. */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    updatedByName: text('updated_by_name'),
  },
  (t) => [index('authorized_pickups_child_idx').on(t.childId, t.createdAt)],
);

// ── attendance (ADR 041) ──
/**
 * One row per check-in or check-out: the sign-in record Ohio asks a centre to keep. A correction changes `at`
 * and is kept in attendance_corrections (the time before, who, when); nothing is ever deleted.
 */
export const attendanceEvents = sqliteTable(
  'attendance_events',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    /** 'in' or 'out'. */
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The adult dropping off or picking up. */
    by: text('by').notNull(),
    /** A check-out by someone neither a parent nor on the pickup list, allowed by staff with a reason. */
    override: integer('override', { mode: 'boolean' }).notNull().default(false),
    overrideReason: text('override_reason'),
    recordedById: text('recorded_by_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    /** The last correction (the whole history is in attendance_corrections). */
    correctedAt: integer('corrected_at', { mode: 'timestamp_ms' }),
    correctedByName: text('corrected_by_name'),
    createdAt: createdAt(),
  },
  (t) => [index('attendance_events_at_idx').on(t.at), index('attendance_events_child_idx').on(t.childId, t.at)],
);

/** Every correction of an attendance event's time: from, to, who and when. */
export const attendanceCorrections = sqliteTable(
  'attendance_corrections',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .references(() => attendanceEvents.id, { onDelete: 'cascade' }),
    fromAt: integer('from_at', { mode: 'timestamp_ms' }).notNull(),
    toAt: integer('to_at', { mode: 'timestamp_ms' }).notNull(),
    correctedById: text('corrected_by_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    correctedByName: text('corrected_by_name').notNull(),
    correctedAt: integer('corrected_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('attendance_corrections_event_idx').on(t.eventId, t.correctedAt)],
);

/** Staff clocking in and out of a room: what the ratio counts. */
export const staffAttendance = sqliteTable(
  'staff_attendance',
  {
    id: id(),
    staffId: text('staff_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    staffName: text('staff_name').notNull(),
    classroomId: text('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'in' | 'out'>().notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_attendance_at_idx').on(t.at), index('staff_attendance_staff_idx').on(t.staffId, t.at)],
);

// ── child_achievements ──
export const childAchievements = sqliteTable(
  'child_achievements',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    achievedAt: text('achieved_at').notNull(),
    notes: text('notes'),
    witnessedBy: text('witnessed_by'),
    photoUrl: text('photo_url'),
    parentNotified: integer('parent_notified', { mode: 'boolean' }).notNull().default(false),
    celebrationLevel: text('celebration_level').notNull().default('standard'),
    /** Staff ticked 'share on the public page': only then do the notes appear on /milestones. */
    sharePublicly: integer('share_publicly', { mode: 'boolean' }).notNull().default(false),
    /** The staff account that recorded it; null on rows from before staff accounts (shown as 'Staff'). */
    authorId: text('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('child_achievements_achieved_idx').on(t.achievedAt),
    index('child_achievements_child_idx').on(t.childId, t.achievedAt),
    index('child_achievements_milestone_idx').on(t.milestoneId),
  ],
);

// ── pictures (public gallery) ──
export const pictures = sqliteTable(
  'pictures',
  {
    id: id(),
    fileName: text('file_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    category: text('category').notNull().default('general'),
    caption: text('caption'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    uploadedAt: integer('uploaded_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /** The stored picture's pixel size; null for pictures uploaded before it was recorded, until the start-up backfill. */
    width: integer('width'),
    height: integer('height'),
    /**
     * Smaller copies for `srcset` (AVIF and WebP, ADR 012), files beside the picture under UPLOADS_DIR. Null: not
     * made yet (an upload from before variants existed; made at the next start); []: none could be made.
     */
    variants: text('variants', { mode: 'json' }).$type<PictureVariant[]>(),
  },
  (t) => [index('pictures_active_idx').on(t.isActive, t.uploadedAt)],
);

/** One resized copy of a gallery picture, published at /uploads/{fileName}. */
export interface PictureVariant {
  fileName: string;
  mimeType: 'image/avif' | 'image/webp';
  width: number;
  height: number;
}

// ── parent_emails (log of e-mails sent to parents) ──
export const parentEmails = sqliteTable('parent_emails', {
  id: id(),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  recipients: stringList('recipients'),
  sentAt: integer('sent_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  sentBy: text('sent_by'),
});

// ── parent_users, their children and sessions ──
export const parentUsers = sqliteTable('parent_users', {
  id: id(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  phone: text('phone'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
});

/** One row per parent once they choose anything; a parent without a row has the defaults of shared/schemas/preferences.ts. */
export const parentPreferences = sqliteTable('parent_preferences', {
  parentId: text('parent_id')
    .primaryKey()
    .references(() => parentUsers.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('en'),
  messageEmails: text('message_emails').notNull().default('each'),
  dailySummary: integer('daily_summary', { mode: 'boolean' }).notNull().default(false),
  updatedAt: updatedAt(),
});

export const parentChildRelationships = sqliteTable(
  'parent_child_relationships',
  {
    id: id(),
    parentId: text('parent_id')
      .notNull()
      .references(() => parentUsers.id, { onDelete: 'cascade' }),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    relationship: text('relationship').notNull().default('parent'),
    isPrimary: integer('is_primary', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parent_child_uq').on(t.parentId, t.childId), index('parent_child_child_idx').on(t.childId)],
);

/** Parent sessions: `token` holds SHA-256 of the token's secret part, never the token itself. */
export const parentSessions = sqliteTable(
  'parent_sessions',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id')
      .notNull()
      .references(() => parentUsers.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('parent_sessions_parent_idx').on(t.parentId), index('parent_sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use 'forgot your password' links: only SHA-256 of the token is stored; a used link keeps usedAt. */
export const parentPasswordResets = sqliteTable(
  'parent_password_resets',
  {
    id: id(),
    parentId: text('parent_id')
      .notNull()
      .references(() => parentUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('parent_password_resets_parent_idx').on(t.parentId)],
);

// ── development_notes ──
export const developmentNotes = sqliteTable(
  'development_notes',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    skillsObserved: stringList('skills_observed'),
    developmentAreas: stringList('development_areas'),
    isPrivate: integer('is_private', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('development_notes_child_idx').on(t.childId, t.createdAt)],
);

// ── daily_activities ──
export const dailyActivities = sqliteTable(
  'daily_activities',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    activityDate: text('activity_date').notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    duration: integer('duration'),
    skillsPracticed: stringList('skills_practiced'),
    enjoymentLevel: integer('enjoyment_level'),
    participationLevel: text('participation_level'),
    notes: text('notes'),
    /** The staff account that recorded it; null on rows from before staff accounts (shown as 'Staff'). */
    authorId: text('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [index('daily_activities_child_idx').on(t.childId, t.activityDate, t.createdAt)],
);

// ── daily_entries (daily sheets) ──
/**
 * One thing recorded about a child's day: a meal, a bottle, a nap, a diaper, the toilet, the mood or a note.
 * `details` is the kind's own object, checked by shared/schemas/daily-entries.ts. `date` is the centre's calendar
 * date of `at`, kept beside it so that a day's timeline is one index range (child, date), not a scan.
 */
export const dailyEntries = sqliteTable(
  'daily_entries',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    date: text('date').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    authorId: text('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    /** Recorded by a director for a day the child was not checked in (ADR 080): the sheet shows it as a correction. */
    correction: integer('correction', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('daily_entries_child_day_idx').on(t.childId, t.date, t.at)],
);

// ── child_photos (photos of the day, ADR 043) ──
/**
 * A private photo of the day: its files live in the private folder (`child-photos/`), never under /uploads, and
 * are served only to staff and to the parents of a child tagged in it (child_photo_tags).
 */
export const childPhotos = sqliteTable(
  'child_photos',
  {
    id: id(),
    /** `{uuid}.webp`: the whole picture (re-encoded, no EXIF); `{uuid}-640w.webp` beside it for the timeline. */
    storedName: text('stored_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: text('caption'),
    takenAt: integer('taken_at', { mode: 'timestamp_ms' }).notNull(),
    date: text('date').notNull(),
    authorId: text('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [index('child_photos_date_idx').on(t.date, t.takenAt)],
);

/** Which children a photo of the day shows: only children with photo consent are ever tagged. */
export const childPhotoTags = sqliteTable(
  'child_photo_tags',
  {
    photoId: text('photo_id')
      .notNull()
      .references(() => childPhotos.id, { onDelete: 'cascade' }),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    /** The photo's moment and day, copied here so a child's photos (a page, or one day) are one index range. */
    takenAt: integer('taken_at', { mode: 'timestamp_ms' }).notNull(),
    date: text('date').notNull(),
  },
  (t) => [
    uniqueIndex('child_photo_tags_uq').on(t.photoId, t.childId),
    index('child_photo_tags_child_idx').on(t.childId, t.takenAt, t.photoId),
    index('child_photo_tags_child_day_idx').on(t.childId, t.date, t.takenAt),
  ],
);

/**
 * The end-of-day e-mail's record: one row per child and day, written in the transaction that queues
 * the e-mails, so a second tick or a restart never sends the day again.
 */
export const dailySummaries = sqliteTable(
  'daily_summaries',
  {
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('daily_summaries_child_day_uq').on(t.childId, t.date)],
);

// ── communication_messages ──
export const communicationMessages = sqliteTable(
  'communication_messages',
  {
    id: id(),
    type: text('type').notNull().default('general_message'),
    senderType: text('sender_type').notNull(),
    senderId: text('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    recipientType: text('recipient_type').notNull(),
    /** Holds an e-mail address (docs/product.md §3). */
    recipientId: text('recipient_id').notNull(),
    recipientName: text('recipient_name'),
    childId: text('child_id').references(() => enrolledChildren.id, { onDelete: 'set null' }),
    childName: text('child_name'),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    documentUrl: text('document_url'),
    documentName: text('document_name'),
    documentSize: integer('document_size'),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    /** When the recipient first had the message's text on screen (staff see when a parent read theirs). */
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    isUrgent: integer('is_urgent', { mode: 'boolean' }).notNull().default(false),
    /**
     * When a staff message's notice was e-mailed to the parent at once: null while it waits for the
     * parent's daily digest, or when their choice sends none. The digest counts the ones never e-mailed.
     */
    emailedAt: integer('emailed_at', { mode: 'timestamp_ms' }),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('communication_recipient_idx').on(t.recipientType, t.recipientId, t.createdAt),
    index('communication_sender_idx').on(t.senderType, t.senderId, t.createdAt),
    index('communication_child_idx').on(t.childId),
    // Staff's pages, newest first: (created_at, id) is the whole sort key, so a page is an index range (ADR 014).
    index('communication_created_idx').on(t.createdAt, t.id),
    // Unread badges: the centre's (recipient_type, is_read) and a parent's (with recipient_id), counted from the index.
    index('communication_unread_idx').on(t.recipientType, t.isRead, t.recipientId),
  ],
);

// ── document_requests ──
export const documentRequests = sqliteTable(
  'document_requests',
  {
    id: id(),
    adminId: text('admin_id'),
    adminName: text('admin_name').notNull(),
    /** An e-mail address (docs/product.md §3). */
    parentId: text('parent_id').notNull(),
    parentName: text('parent_name'),
    childId: text('child_id').references(() => enrolledChildren.id, { onDelete: 'set null' }),
    childName: text('child_name'),
    documentType: text('document_type').notNull().default('other'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dueDate: text('due_date'),
    isUrgent: integer('is_urgent', { mode: 'boolean' }).notNull().default(false),
    status: text('status').notNull().default('pending'),
    responseDocumentUrl: text('response_document_url'),
    responseDocumentName: text('response_document_name'),
    responseMessage: text('response_message'),
    respondedAt: integer('responded_at', { mode: 'timestamp_ms' }),
    /** When staff first had the parent's answer on screen: until then it counts as a new upload. */
    responseSeenAt: integer('response_seen_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Pages newest first (ADR 014): the sort key (created_at, id) completes each index.
    index('document_requests_parent_idx').on(t.parentId, t.createdAt, t.id),
    index('document_requests_child_idx').on(t.childId),
    index('document_requests_created_idx').on(t.createdAt, t.id),
    // The pending badges: staff's (status) and a parent's (status, parent_id).
    index('document_requests_status_idx').on(t.status, t.parentId),
  ],
);

/** Private files (parents' documents): stored outside the public uploads folder, served with checks. */
export const privateFiles = sqliteTable('private_files', {
  id: id(),
  storedName: text('stored_name').notNull().unique(),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  ownerType: text('owner_type').notNull(),
  ownerId: text('owner_id').notNull(),
  createdAt: createdAt(),
});

// ── payment_receipts ──
export const paymentReceipts = sqliteTable(
  'payment_receipts',
  {
    id: id(),
    /** Kept when a child is removed: receipts are financial records. */
    childId: text('child_id').references(() => enrolledChildren.id, { onDelete: 'set null' }),
    childName: text('child_name').notNull(),
    parentName: text('parent_name').notNull(),
    parentEmail: text('parent_email').notNull(),
    paymentType: text('payment_type').notNull(),
    amount: text('amount').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentDate: text('payment_date').notNull(),
    description: text('description'),
    checkNumber: text('check_number'),
    transactionId: text('transaction_id'),
    periodCovered: text('period_covered'),
    receiptNumber: text('receipt_number').notNull().unique(),
    emailSent: integer('email_sent', { mode: 'boolean' }).notNull().default(false),
    emailSentAt: integer('email_sent_at', { mode: 'timestamp_ms' }),
    emailSentBy: text('email_sent_by'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_receipts_parent_idx').on(t.parentEmail, t.paymentDate),
    // Parents' receipts are found by the e-mail compared without case (server/payments/receipts.ts).
    index('payment_receipts_parent_lower_idx').on(sql`lower(${t.parentEmail})`, t.paymentDate, t.createdAt, t.receiptNumber),
    index('payment_receipts_child_idx').on(t.childId),
    // Staff's pages, newest payment first: the whole sort key (ADR 014).
    index('payment_receipts_date_idx').on(t.paymentDate, t.createdAt, t.receiptNumber),
  ],
);

/**
 * The last receipt number given out in each year. Numbers come from here, not from the highest receipt on
 * file, so the number of a deleted receipt (perhaps already e-mailed to a family) is never given out again.
 */
export const receiptNumberCounters = sqliteTable('receipt_number_counters', {
  year: text('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

// ── outbox: every e-mail composed while no SMTP server is configured ──
export const outboxMessages = sqliteTable(
  'outbox_messages',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    emlFile: text('eml_file').notNull(),
    /**
     * The parent account (its e-mail) whose password this message carries, while it still does: cleared when
     * the password is removed from the stored copy (services/outbox.ts). Null for every other message.
     */
    credentialsFor: text('credentials_for'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);

/**
 * E-mails accepted but not sent yet (services/mail-queue.ts): the forgot-password answer queues its e-mail here
 * and returns at once, the same for known and unknown addresses; a sender sends the rows after the answer,
 * again after a restart, with retries and backoff. A row is deleted once the mail server (or the outbox) took
 * the message, so a secret it carries (a reset link) is not kept after sending.
 */
export const mailQueue = sqliteTable(
  'mail_queue',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** What the parent_emails log keeps instead of the text (the text without its secret). */
    loggedText: text('logged_text').notNull(),
    sentBy: text('sent_by').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_queue_next_idx').on(t.nextAttemptAt)],
);

/**
 * Upload permits (`POST /api/objects/upload`): one row per signed upload URL, so each can be used once, only
 * by the account it was issued to, and only until it expires. The row's id becomes the private file's id.
 */
export const uploadTokens = sqliteTable(
  'upload_tokens',
  {
    id: text('id').primaryKey(),
    ownerType: text('owner_type').notNull(),
    ownerId: text('owner_id').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('upload_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * The daily digests of staff messages sent (services/message-digest.ts): one row per parent and centre
 * day, written in the same transaction as the digest's e-mail is queued, so a restart, a second tick or a second
 * process never sends a parent two digests for one day.
 */
export const messageDigests = sqliteTable(
  'message_digests',
  {
    parentId: text('parent_id')
      .notNull()
      .references(() => parentUsers.id, { onDelete: 'cascade' }),
    /** The centre's calendar day (`YYYY-MM-DD`) the digest is for. */
    day: text('day').notNull(),
    messageCount: integer('message_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_digests_parent_day_idx').on(t.parentId, t.day)],
);

/**
 * The weekly e-mails of what is due (compliance/weekly-mail.ts): one row per recipient and week, written in the
 * transaction that queues the e-mail, so a restart or a second server process never sends the week's twice.
 * `recipient` is `director:<staff id>` or `parent:<parent id>`.
 */
export const complianceMails = sqliteTable(
  'compliance_mails',
  {
    recipient: text('recipient').notNull(),
    /** The Monday (`YYYY-MM-DD`, the centre's calendar) of the week the e-mail is for. */
    week: text('week').notNull(),
    itemCount: integer('item_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('compliance_mails_recipient_week_idx').on(t.recipient, t.week)],
);

/**
 * Incident and injury reports (ADR 093): written by staff, given to the parent the same day (acknowledged in the
 * portal with a typed signature, or handed over on paper), told to the licensing office when serious or an
 * unusual event. Never deleted: a correction is an amendment (incident_amendments), and a child's record removed
 * leaves the report with the child's name (child_id set to null), so the two-year injury counts stay whole.
 */
export const incidentReports = sqliteTable(
  'incident_reports',
  {
    id: id(),
    childId: text('child_id').references(() => enrolledChildren.id, { onDelete: 'set null' }),
    /** The child's name when the report was written: kept with the report whatever becomes of the child's record. */
    childName: text('child_name').notNull(),
    occurredAt: integer('occurred_at', { mode: 'timestamp_ms' }).notNull(),
    location: text('location').notNull(),
    /** 'injury' | 'illness' | 'head-bump' | 'emergency-transport' | 'unusual-event' (shared/licensing-notice.ts). */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    firstAid: text('first_aid').notNull(),
    /** Who was told (a parent by phone, the director) and when. */
    whoWasTold: text('who_was_told'),
    toldAt: integer('told_at', { mode: 'timestamp_ms' }),
    witnesses: stringList('witnesses'),
    serious: integer('serious', { mode: 'boolean' }).notNull().default(false),
    authorId: text('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** The parent's acknowledgement in the portal: their typed signature, when, and the account. */
    acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
    acknowledgedSignature: text('acknowledged_signature'),
    acknowledgedById: text('acknowledged_by_id').references(() => parentUsers.id, { onDelete: 'set null' }),
    /** Given on paper at pickup instead: to whom, when, and by which staff member. */
    handedOverAt: integer('handed_over_at', { mode: 'timestamp_ms' }),
    handedOverTo: text('handed_over_to'),
    handedOverByName: text('handed_over_by_name'),
    /** The director's record of telling the licensing office: when, how, the office's reference. */
    licensingNotifiedAt: integer('licensing_notified_at', { mode: 'timestamp_ms' }),
    licensingMethod: text('licensing_method'),
    licensingReference: text('licensing_reference'),
    licensingRecordedByName: text('licensing_recorded_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('incident_reports_occurred_idx').on(t.occurredAt),
    index('incident_reports_child_idx').on(t.childId, t.occurredAt),
    // The inspector's list reads the reports still open by these, never the whole table (incidents/compliance.ts).
    index('incident_reports_unacknowledged_idx').on(t.acknowledgedAt, t.handedOverAt),
    index('incident_reports_notice_idx').on(t.licensingNotifiedAt, t.serious, t.kind),
  ],
);

/** A correction of an incident report: kept beside the original, which is never changed. */
export const incidentAmendments = sqliteTable(
  'incident_amendments',
  {
    id: id(),
    incidentId: text('incident_id')
      .notNull()
      .references(() => incidentReports.id),
    text: text('text').notNull(),
    authorId: text('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('incident_amendments_incident_idx').on(t.incidentId, t.createdAt)],
);
// ── the centre's profile (ADR 090) ──
/**
 * The centre's profile: one row (id 1), its fields as one JSON document validated by
 * src/shared/centre-profile.ts on every write and read. Without a row the centre is the default profile
 * (src/shared/centre.ts); the first write stores the whole profile.
 */
export const centreProfile = sqliteTable('centre_profile', {
  id: integer('id').primaryKey(),
  profile: text('profile', { mode: 'json' }).$type<CentreProfile>().notNull(),
  updatedAt: updatedAt(),
});

// ── medication (ADR 092) ──
/**
 * One medication a parent asked the centre to give (form JFS 01217). `status` is pending, active (approved) or
 * returned; "ended" is read from `end_date`, never stored. `signed_on` is the centre's date of the signature,
 * the account that signed or entered it is kept beside it. `document_id` is the private file (physician's
 * instructions, pharmacy label or the paper form's scan).
 */
export const medicationAuthorizations = sqliteTable(
  'medication_authorizations',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    medicationName: text('medication_name').notNull(),
    reason: text('reason').notNull(),
    dose: text('dose').notNull(),
    route: text('route').notNull(),
    times: stringList('times'),
    asNeeded: text('as_needed'),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    refrigerate: integer('refrigerate', { mode: 'boolean' }).notNull().default(false),
    prescription: integer('prescription', { mode: 'boolean' }).notNull().default(false),
    physicianNeeded: integer('physician_needed', { mode: 'boolean' }).notNull().default(false),
    physicianReasons: stringList('physician_reasons'),
    signature: text('signature').notNull(),
    signedOn: text('signed_on').notNull(),
    /** Who sent it: 'parent' (from the portal) or 'staff' (from the paper form), and that account's id and name. */
    enteredByKind: text('entered_by_kind').notNull(),
    enteredById: text('entered_by_id').notNull(),
    enteredByName: text('entered_by_name').notNull(),
    documentId: text('document_id').references(() => privateFiles.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    returnReason: text('return_reason'),
    reviewedById: text('reviewed_by_id'),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('medication_authorizations_child_idx').on(t.childId, t.createdAt),
    index('medication_authorizations_status_idx').on(t.status, t.endDate),
    uniqueIndex('medication_authorizations_document_uq').on(t.documentId),
  ],
);

/**
 * A dose given, recorded right after (ADR 092). A scheduled dose names its slot (`slot_date`, `slot_time`): the
 * unique index refuses the same slot twice, even from two tablets at once. An "as needed" dose has no slot.
 */
export const medicationDoses = sqliteTable(
  'medication_doses',
  {
    id: id(),
    authorizationId: text('authorization_id')
      .notNull()
      .references(() => medicationAuthorizations.id, { onDelete: 'cascade' }),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    givenAt: integer('given_at', { mode: 'timestamp_ms' }).notNull(),
    /** The centre's date the dose counts for: its slot's date, or the date it was given. */
    date: text('date').notNull(),
    slotTime: text('slot_time'),
    dose: text('dose').notNull(),
    notes: text('notes'),
    authorId: text('author_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('medication_doses_slot_uq').on(t.authorizationId, t.date, t.slotTime),
    index('medication_doses_child_day_idx').on(t.childId, t.date),
    index('medication_doses_day_idx').on(t.date),
  ],
);

// ── health records, the yearly review, staff records (ADR 094) ──
/**
 * A child's health record: the medical statement (exam date, examiner, the signed file), the immunization record
 * and the care plan with what staff must do. One row per child, written on the first save; the files are in
 * health_files.
 */
export const childHealth = sqliteTable('child_health', {
  childId: text('child_id')
    .primaryKey()
    .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
  medicalExamDate: text('medical_exam_date'),
  examiner: text('examiner'),
  /** One of IMMUNIZATION_STATUSES (src/shared/compliance-rules.ts), or null when none is recorded. */
  immunizations: text('immunizations'),
  carePlanRequired: integer('care_plan_required', { mode: 'boolean' }).notNull().default(false),
  /** The short "what staff must do", shown to teachers on the child's card. */
  carePlanSummary: text('care_plan_summary'),
  updatedAt: updatedAt(),
  updatedByName: text('updated_by_name'),
});

/**
 * The signed files of a child's health record (the medical statement, the immunization record, the care plan): private
 * documents (their download paths), uploaded by a parent from the portal or by staff from a paper form. Every file
 * handed in is kept; the latest of each kind is the one on file.
 */
export const healthFiles = sqliteTable(
  'health_files',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    /** One of HEALTH_FILES (src/shared/schemas/health.ts). */
    kind: text('kind').notNull(),
    /** The private document's download path (`/api/documents/<id>`): the upload pipeline keeps a file referred to here. */
    fileUrl: text('file_url').notNull().unique(),
    uploadedByKind: text('uploaded_by_kind').$type<'staff' | 'parent'>().notNull(),
    uploadedById: text('uploaded_by_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('health_files_child_idx').on(t.childId, t.kind, t.createdAt)],
);

/**
 * The parent's yearly review of the child's record (form JFS 01234): the typed signature, the parent's account, the
 * sections changed in the same visit, and the director's countersignature. Never deleted: the latest countersigned
 * one dates the next.
 */
export const annualReviews = sqliteTable(
  'annual_reviews',
  {
    id: id(),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').notNull(),
    signature: text('signature').notNull(),
    /** The centre's calendar day the parent signed. */
    signedOn: text('signed_on').notNull(),
    signedAt: integer('signed_at', { mode: 'timestamp_ms' }).notNull(),
    /** The sections the parent changed or asked to change in the same visit, each with what. */
    changes: text('changes', { mode: 'json' })
      .$type<{ section: string; note: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    countersignedAt: integer('countersigned_at', { mode: 'timestamp_ms' }),
    countersignedById: text('countersigned_by_id'),
    countersignedByName: text('countersigned_by_name'),
  },
  (t) => [index('annual_reviews_child_idx').on(t.childId, t.signedAt)],
);

/** A staff member's record for the licence (director only): the background check, the credentials' expiry, training hours. */
export const staffRecords = sqliteTable('staff_records', {
  staffId: text('staff_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  backgroundCheckDate: text('background_check_date'),
  firstAidExpires: text('first_aid_expires'),
  cprExpires: text('cpr_expires'),
  communicableDiseaseExpires: text('communicable_disease_expires'),
  childAbuseExpires: text('child_abuse_expires'),
  trainingHours: integer('training_hours').notNull().default(0),
  updatedAt: updatedAt(),
});

// ── tuition billing ──
/** A tuition plan: what a program costs per period, in integer cents. A plan in use is retired, never deleted. */
export const billingPlans = sqliteTable('billing_plans', {
  id: id(),
  name: text('name').notNull(),
  program: text('program').notNull(),
  /** `weekly` or `monthly`. */
  period: text('period').notNull(),
  amountCents: integer('amount_cents').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A child's billing terms (one row per child): the plan, from when (and until when, for a child who leaves), a
 * discount in whole percent with its reason (for example "Sibling"), and an optional subsidy: the agency and
 * the family's share per period in cents; the rest of the plan's amount is owed by the agency.
 */
export const childBillingTerms = sqliteTable(
  'child_billing_terms',
  {
    childId: text('child_id')
      .primaryKey()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => billingPlans.id),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    discountPercent: integer('discount_percent').notNull().default(0),
    discountReason: text('discount_reason'),
    subsidyAgency: text('subsidy_agency'),
    subsidyFamilyShareCents: integer('subsidy_family_share_cents'),
    updatedAt: updatedAt(),
  },
  (t) => [index('child_billing_terms_plan_idx').on(t.planId)],
);

/**
 * An invoice to one family (the parent e-mail, kept lower-case) for one period. Never deleted: a mistake is
 * voided with a reason. Money is integer cents; `paid_cents` is the sum of the payments applied to it.
 * Generating a period twice finds the open or paid invoice of that family and period and creates nothing.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    /** "INV-2026-0001": sequential per year, from invoice_number_counters. */
    number: text('number').notNull().unique(),
    familyEmail: text('family_email').notNull(),
    familyName: text('family_name').notNull(),
    /** `monthly` or `weekly`. */
    periodKind: text('period_kind').notNull(),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    /** `open`, `paid` or `void`. */
    status: text('status').notNull().default('open'),
    voidReason: text('void_reason'),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidedById: text('voided_by_id'),
    emailedAt: integer('emailed_at', { mode: 'timestamp_ms' }),
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_family_period_uq')
      .on(t.familyEmail, t.periodKind, t.periodStart)
      .where(sql`status <> 'void'`),
    index('invoices_family_idx').on(t.familyEmail, t.periodStart),
    index('invoices_status_idx').on(t.status, t.dueDate),
    index('invoices_period_idx').on(t.periodStart),
  ],
);

/** One line of an invoice: tuition per child, its discount, a fee, a late-pickup fee or a credit (negative). */
export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** Kept when a child is removed: invoices are financial records. */
    childId: text('child_id').references(() => enrolledChildren.id, { onDelete: 'set null' }),
    /** `tuition`, `discount`, `fee`, `late_fee` or `credit`. */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    position: integer('position').notNull(),
    createdById: text('created_by_id'),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/** What a subsidy agency owes for a child and period: reported apart, never on the family's invoice total. */
export const agencyCharges = sqliteTable(
  'agency_charges',
  {
    id: id(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    childId: text('child_id').references(() => enrolledChildren.id, { onDelete: 'set null' }),
    agency: text('agency').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('agency_charges_invoice_idx').on(t.invoiceId), index('agency_charges_agency_idx').on(t.agency)],
);

/** The last invoice number given out in each year (like receipt_number_counters). */
export const invoiceNumberCounters = sqliteTable('invoice_number_counters', {
  year: text('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Which receipt paid how much of which invoice (server/billing/settle.ts, ADR 101). A receipt's amount not yet in
 * any row here is the family's credit, applied to its next open invoice. Undone with its receipt.
 */
export const paymentAllocations = sqliteTable(
  'payment_allocations',
  {
    id: id(),
    receiptId: text('receipt_id')
      .notNull()
      .references(() => paymentReceipts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_allocations_receipt_idx').on(t.receiptId), index('payment_allocations_invoice_idx').on(t.invoiceId)],
);

/**
 * A check-out after the centre's closing time proposes a late-pickup fee (server/billing/late-fees.ts): one row per
 * check-out. The director confirms it (the fee in cents is fixed then) or dismisses it. A confirmed fee is a line
 * of the family's open invoice for that period, or waits (`invoice_id` null) for the next invoice generated.
 */
export const lateFeeProposals = sqliteTable(
  'late_fee_proposals',
  {
    id: id(),
    eventId: text('event_id')
      .notNull()
      .unique()
      .references(() => attendanceEvents.id, { onDelete: 'cascade' }),
    childId: text('child_id')
      .notNull()
      .references(() => enrolledChildren.id, { onDelete: 'cascade' }),
    /** The centre day of the check-out (YYYY-MM-DD). */
    date: text('date').notNull(),
    minutesLate: integer('minutes_late').notNull(),
    /** `proposed`, `confirmed` or `dismissed`. */
    status: text('status').notNull().default('proposed'),
    feeCents: integer('fee_cents'),
    invoiceId: text('invoice_id').references(() => invoices.id),
    decidedById: text('decided_by_id'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('late_fee_proposals_status_idx').on(t.status, t.date)],
);
