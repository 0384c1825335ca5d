import type { Auth } from './session';
import { refuse } from '../refusal';

export type AdminAuth = Extract<Auth, { kind: 'admin' }>;
export type ParentAuth = Extract<Auth, { kind: 'parent' }>;

/**
 * The one admin check: no session answers 401, a parent session 403. adminProcedure runs it, and so do
 * REST handlers that must decide before they read a request body (the gallery upload).
 */
export function assertAdmin(auth: Auth | null): asserts auth is AdminAuth {
  assertStaffSession(auth);
  // The director's rule (ADR 102): a session without a second factor reaches only the setup paths.
  if (auth.admin.mfaSetupRequired) throw refuse('FORBIDDEN', MFA_SETUP_REQUIRED);
}

export const MFA_SETUP_REQUIRED = 'error.mfaSetupRequired';

/** A staff session, whether or not the director's rule still asks it for a second factor: the setup paths' check. */
export function assertStaffSession(auth: Auth | null): asserts auth is AdminAuth {
  if (!auth) throw refuse('UNAUTHORIZED', 'error.signInStaff');
  if (auth.kind !== 'admin') throw refuse('FORBIDDEN', 'error.staffOnly');
}

export const DIRECTOR_ONLY = 'error.directorOnly';

/** The director check, after assertAdmin: a teacher's session answers 403 with a plain sentence (ADR 039). */
export function assertDirector(auth: Auth | null): asserts auth is AdminAuth {
  assertAdmin(auth);
  if (auth.admin.role !== 'director') throw refuse('FORBIDDEN', DIRECTOR_ONLY);
}
