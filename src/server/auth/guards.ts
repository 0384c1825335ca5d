import { TRPCError } from '@trpc/server';
import type { Auth } from './session';

export type AdminAuth = Extract<Auth, { kind: 'admin' }>;
export type ParentAuth = Extract<Auth, { kind: 'parent' }>;

/**
 * The one admin check: no session answers 401, a parent session 403. adminProcedure runs it, and so do
 * REST handlers that must decide before they read a request body (the gallery upload).
 */
export function assertAdmin(auth: Auth | null): asserts auth is AdminAuth {
  if (!auth) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in as staff' });
  if (auth.kind !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Staff only' });
}

export const DIRECTOR_ONLY = "Only a director can do this. Please ask the centre's director.";

/** The director check, after assertAdmin: a teacher's session answers 403 with a plain sentence (ADR 039). */
export function assertDirector(auth: Auth | null): asserts auth is AdminAuth {
  assertAdmin(auth);
  if (auth.admin.role !== 'director') throw new TRPCError({ code: 'FORBIDDEN', message: DIRECTOR_ONLY });
}
