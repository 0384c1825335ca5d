/** Enumerations of docs/product.md §3 and the choice lists of §5, shared by forms, server and database. */

export const AGE_RANGES = ['0-6months', '6-12months', '1-2years', '3-4years', '4-5years'] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

export const MILESTONE_CATEGORIES = ['physical', 'cognitive', 'social', 'language', 'self-care'] as const;
export type MilestoneCategory = (typeof MILESTONE_CATEGORIES)[number];

export const DIFFICULTIES = ['easy', 'normal', 'challenging'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Categories the public pages know how to colour; anything else falls back to general. */
export const PUBLIC_EVENT_CATEGORIES = ['general', 'holiday', 'field-trip', 'conference', 'health'] as const;
/** Categories offered by the admin event form. */
export const ADMIN_EVENT_CATEGORIES = ['general', 'education', 'parent-meeting', 'holiday', 'field-trip'] as const;
export const EVENT_CATEGORIES = [...new Set([...PUBLIC_EVENT_CATEGORIES, ...ADMIN_EVENT_CATEGORIES])] as readonly string[];

export const ANNOUNCEMENT_CATEGORIES = ['general', 'health', 'enrollment'] as const;
export const PRIORITIES = ['high', 'normal', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'waitlist', 'more-info'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const PROGRAMS = ['infant', 'preschool', 'kindergarten'] as const;
export type Program = (typeof PROGRAMS)[number];

export const GALLERY_CATEGORIES = ['general', 'activities', 'classroom', 'outdoor', 'events'] as const;

export const NOTE_CATEGORIES = ['physical', 'cognitive', 'social', 'language', 'creativity'] as const;
export const ACTIVITY_CATEGORIES = ['learning', 'play', 'meals', 'rest', 'outdoor', 'creative'] as const;
export const PARTICIPATION_LEVELS = ['eager', 'willing', 'reluctant', 'observer'] as const;
/** How big a celebration a milestone gets; 'standard' is the default of docs/product.md §9. */
export const CELEBRATION_LEVELS = ['standard', 'special', 'major'] as const;
export const DOCUMENT_TYPES = ['medical_form', 'immunization', 'emergency_contact', 'photo_permission', 'other'] as const;
export const DOCUMENT_REQUEST_STATUSES = ['pending', 'fulfilled', 'overdue'] as const;
export const PAYMENT_TYPES = ['tuition', 'registration', 'activity_fee', 'late_fee', 'other'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'credit_card', 'bank_transfer', 'other'] as const;

/** A select's option: the stored value and the words the form shows. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

/**
 * The programs a form may send: each by its id, or by the words the enrollment form has always shown for it, which
 * the API keeps accepting (tests/integration/public-api.test.ts). What a page shows is the catalogue's
 * (`enrollment.program.*` on the site, `staff.program.*` on the staff screens, `portal.program.*` in the portal).
 */
export const PROGRAM_CHOICES = [
  { value: 'infant', label: 'Infant Care (6 weeks - 18 months)' },
  { value: 'preschool', label: 'Preschool Program (19 months - 4 years)' },
  { value: 'kindergarten', label: 'Kindergarten Prep (4-5 years)' },
] as const satisfies readonly Choice<Program>[];

/** Upload limit of docs/product.md §9: one file, 10 MB. */
export const MAX_UPLOAD_BYTES = 10_485_760;

/** The most calls one tRPC request may carry: the server's maxBatchSize and the client link's maxItems. */
export const TRPC_MAX_BATCH = 10;
