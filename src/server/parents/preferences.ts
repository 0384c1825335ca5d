import { eq } from 'drizzle-orm';
import { enrolledChildren, enrollmentApplications, parentPreferences, parentUsers } from '~/db/schema';
import { DEFAULT_PREFERENCES, type Preferences, type PreferencesUpdate } from '../../shared/schemas/preferences';
import type { Language } from '../../shared/i18n/languages';
import type { Auth } from '../auth/session';
import type { Db } from '../db';

/** The parent's preferences, the defaults where they have chosen nothing. The one place the mailers and pages read them. */
export function preferencesOf(db: Db, parentId: string): Preferences {
  const row = db
    .select({
      language: parentPreferences.language,
      messageEmails: parentPreferences.messageEmails,
      dailySummary: parentPreferences.dailySummary,
    })
    .from(parentPreferences)
    .where(eq(parentPreferences.parentId, parentId))
    .get();
  return row ? (row as Preferences) : { ...DEFAULT_PREFERENCES };
}

/**
 * The language a request is answered in where the words are the server's own (its refusals): the
 * signed-in parent's saved one; English for staff and for anyone not signed in. Never Accept-Language (ADR 045).
 */
export function callerLanguage(ctx: { db: Db; auth: Auth | null } | null | undefined): Language {
  if (ctx?.auth?.kind !== 'parent') return 'en';
  try {
    return preferencesOf(ctx.db, ctx.auth.parent.id).language;
  } catch {
    // A refusal is never turned into a failure by the look-up: said in English instead.
    return 'en';
  }
}

/** Saves the fields given and answers every preference. */
export function updatePreferences(db: Db, parentId: string, patch: PreferencesUpdate, now: Date): Preferences {
  const next = { ...preferencesOf(db, parentId), ...definedOnly(patch) };
  db.insert(parentPreferences)
    .values({ parentId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: parentPreferences.parentId, set: { ...next, updatedAt: now } })
    .run();
  return next;
}

function definedOnly(patch: PreferencesUpdate): Partial<Preferences> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}

/**
 * The preferences of whoever holds the parent account with this e-mail address (staff messages and requests
 * are addressed by e-mail, docs/product.md §3): the defaults when no account has it yet.
 */
export function preferencesOfAddress(db: Db, email: string): Preferences {
  const parent = db.select({ id: parentUsers.id }).from(parentUsers).where(eq(parentUsers.email, email.trim().toLowerCase())).get();
  return parent ? preferencesOf(db, parent.id) : { ...DEFAULT_PREFERENCES };
}

/**
 * The language a family applied in: the one their Parent Portal account starts with, so that a family
 * who applied in Spanish gets their credentials, the portal and staff's e-mails in Spanish from the first day.
 * English for a child added by staff without an application.
 */
export function appliedLanguage(db: Db, childId: string): Language {
  const row = db
    .select({ language: enrollmentApplications.language })
    .from(enrolledChildren)
    .innerJoin(enrollmentApplications, eq(enrollmentApplications.id, enrolledChildren.applicationId))
    .where(eq(enrolledChildren.id, childId))
    .get();
  return row?.language ?? 'en';
}
