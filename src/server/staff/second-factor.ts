/**
 * A staff member's second factor (ADR 102): the authenticator app, recovery codes, the director's rule and reset,
 * and the sign-in's second step. The queries and writes behind routers/staff-mfa.ts and the second step of
 * routers/admin-auth.ts; the codes, the sealed secret and the sign-in states are auth/second-factor.ts's.
 */
import type { z } from 'zod';
import { createTOTPKeyURI } from '@oslojs/otp';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { adminUsers, staffMfa, staffMfaPolicy, staffPasskeys, staffRecoveryCodes, staffSignInStates } from '~/db/schema';
import type { mfaLoginSchema, mfaPolicySchema, totpConfirmSchema } from '../../shared/schemas/second-factor';
import type { Context, StaffContext } from '../context';
import type { Db } from '../db';
import { recordAudit } from '../audit/record';
import { bookkeeping } from '../cache/store';
import { failedStaffSignIn } from '../auth/failed-sign-ins';
import { beginLogin } from '../auth/login-throttle';
import {
  closeState,
  failState,
  matchingStep,
  newRecoveryCodes,
  newTotpKey,
  openSecret,
  openState,
  readState,
  recoveryCodeHash,
  sealSecret,
  stateStillOpen,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '../auth/second-factor';
import { assertRecentProof } from '../auth/recent-proof';
import { deleteAdminSessions } from '../auth/session';
import { centre } from '../centre/profile';
import { refuse } from '../refusal';
import { NOT_SIGNED_IN, openStaffSession } from './sign-in';
import { consumeForAccount } from '../services/rate-limit';

export type SignInMethod = 'totp' | 'recovery-code' | 'passkey';

/**
 * Wrong app codes one account takes, from all its pending sign-ins and addresses together, in a window of fifteen
 * minutes from the first (ADR 102): five per pending state and the throttles' slow-down alone would let someone who
 * holds the password open state after state from address after address and keep guessing.
 */
export const CODE_FAILURES_MAX = 10;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The ways this account can finish a sign-in; empty when it has no second factor. */
export function signInMethods(db: Db, adminId: string): SignInMethod[] {
  const totp = db
    .select({ id: staffMfa.adminId })
    .from(staffMfa)
    .where(and(eq(staffMfa.adminId, adminId), isNotNull(staffMfa.confirmedAt)))
    .get();
  const passkeys =
    db
      .select({ n: sql<number>`count(*)` })
      .from(staffPasskeys)
      .where(eq(staffPasskeys.adminId, adminId))
      .get()?.n ?? 0;
  if (!totp && passkeys === 0) return [];
  const codes = recoveryCodesLeft(db, adminId);
  return [
    ...(totp ? (['totp'] as const) : []),
    ...(codes > 0 ? (['recovery-code'] as const) : []),
    ...(passkeys > 0 ? (['passkey'] as const) : []),
  ];
}

function recoveryCodesLeft(db: Db, adminId: string): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.adminId, adminId), isNull(staffRecoveryCodes.usedAt)))
      .get()?.n ?? 0
  );
}

/** Whether the director's rule is on. */
export function policyRequired(db: Db): boolean {
  return db.select({ required: staffMfaPolicy.required }).from(staffMfaPolicy).where(eq(staffMfaPolicy.id, 1)).get()?.required ?? false;
}

/** Account: what this staff member has set up, and whether the rule holds them to the setup page. */
export function mfaStatus(ctx: StaffContext) {
  const id = ctx.admin.id;
  const app = ctx.db.select({ confirmedAt: staffMfa.confirmedAt }).from(staffMfa).where(eq(staffMfa.adminId, id)).get();
  const passkeys =
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(staffPasskeys)
      .where(eq(staffPasskeys.adminId, id))
      .get()?.n ?? 0;
  const totp = Boolean(app?.confirmedAt);
  const required = policyRequired(ctx.db);
  return {
    totp,
    passkeys,
    recoveryCodesLeft: recoveryCodesLeft(ctx.db, id),
    policyRequired: required,
    setupRequired: required && !totp && passkeys === 0,
  };
}

/** Replaces the account's recovery codes with a new set (the old ones stop working); answers the codes. */
function replaceRecoveryCodes(db: Db, adminId: string): string[] {
  const codes = newRecoveryCodes();
  db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, adminId)).run();
  db.insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ adminId, codeHash: recoveryCodeHash(code) })))
    .run();
  return codes;
}

/**
 * Starts the app's setup: a new secret, sealed, not yet a factor. Answers the secret (base32, as apps take it
 * typed), the otpauth:// URL and the same URL as a QR code (an SVG data URL). An app already confirmed is refused:
 * it is removed first, so a session left open cannot swap it silently.
 */
export async function startTotpSetup(ctx: StaffContext) {
  consumeForAccount(ctx, ctx.limits.secondFactor);
  const id = ctx.admin.id;
  const key = newTotpKey();
  const sealed = sealSecret(ctx.config, id, key);
  ctx.db.transaction(() => {
    assertRecentProof(ctx);
    const app = ctx.db.select({ confirmedAt: staffMfa.confirmedAt }).from(staffMfa).where(eq(staffMfa.adminId, id)).get();
    if (app?.confirmedAt) throw refuse('CONFLICT', 'error.mfaAlreadyOn');
    ctx.db
      .insert(staffMfa)
      .values({ adminId: id, totpSecret: sealed, confirmedAt: null, lastStep: null, createdAt: ctx.clock.now() })
      .onConflictDoUpdate({ target: staffMfa.adminId, set: { totpSecret: sealed, confirmedAt: null, lastStep: null } })
      .run();
  });
  const otpauthUrl = createTOTPKeyURI(centre.name, ctx.admin.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret: encodeBase32UpperCaseNoPadding(key),
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Confirms the app with one code: from now on it is a factor. Answers ten recovery codes, shown this once. */
export function confirmTotp(ctx: StaffContext, input: z.output<typeof totpConfirmSchema>) {
  consumeForAccount(ctx, ctx.limits.secondFactor);
  const id = ctx.admin.id;
  return ctx.db.transaction(() => {
    assertRecentProof(ctx);
    const app = ctx.db.select().from(staffMfa).where(eq(staffMfa.adminId, id)).get();
    if (!app) throw refuse('BAD_REQUEST', 'error.mfaNoSetup');
    if (app.confirmedAt) throw refuse('CONFLICT', 'error.mfaAlreadyOn');
    const step = matchingStep(openSecret(ctx.config, id, app.totpSecret), input.code, ctx.clock.now(), app.lastStep);
    if (step === null) throw refuse('BAD_REQUEST', 'error.mfaCodeWrong');
    ctx.db.update(staffMfa).set({ confirmedAt: ctx.clock.now(), lastStep: step }).where(eq(staffMfa.adminId, id)).run();
    const recoveryCodes = replaceRecoveryCodes(ctx.db, id);
    recordAudit(ctx.db, ctx, { action: 'create', entity: 'second-factor', entityId: id, fields: { kind: 'totp' } });
    return { recoveryCodes };
  });
}

/** Removes the app. Without a passkey left, the recovery codes go too (they stand in for a factor that is gone). */
export function removeTotp(ctx: StaffContext) {
  consumeForAccount(ctx, ctx.limits.secondFactor);
  const id = ctx.admin.id;
  ctx.db.transaction(() => {
    assertRecentProof(ctx);
    const removed = ctx.db.delete(staffMfa).where(eq(staffMfa.adminId, id)).returning({ confirmedAt: staffMfa.confirmedAt }).all();
    // A setup never confirmed is no factor: the answer is that no app is set up (and the row stays, rolled back).
    if (!removed[0]?.confirmedAt) throw refuse('NOT_FOUND', 'error.mfaAppNotSet');
    const passkeys =
      ctx.db
        .select({ n: sql<number>`count(*)` })
        .from(staffPasskeys)
        .where(eq(staffPasskeys.adminId, id))
        .get()?.n ?? 0;
    if (passkeys === 0) ctx.db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, id)).run();
    recordAudit(ctx.db, ctx, { action: 'delete', entity: 'second-factor', entityId: id, fields: { kind: 'totp' } });
  });
  return { success: true as const };
}

/** A new set of recovery codes, voiding the old; only for an account with a factor. */
export function regenerateRecoveryCodes(ctx: StaffContext) {
  consumeForAccount(ctx, ctx.limits.secondFactor);
  const id = ctx.admin.id;
  return ctx.db.transaction(() => {
    assertRecentProof(ctx);
    if (signInMethods(ctx.db, id).length === 0) throw refuse('CONFLICT', 'error.mfaNoFactor');
    const recoveryCodes = replaceRecoveryCodes(ctx.db, id);
    recordAudit(ctx.db, ctx, { action: 'create', entity: 'second-factor', entityId: id, fields: { kind: 'recovery-codes' } });
    return { recoveryCodes };
  });
}

/**
 * The director's rule. Turning it on asks the director to have a factor first: the rule would otherwise send her
 * own session to the setup page the moment she saves it.
 */
export function setMfaPolicy(ctx: StaffContext, input: z.output<typeof mfaPolicySchema>) {
  return ctx.db.transaction(() => {
    if (input.required && signInMethods(ctx.db, ctx.admin.id).length === 0) throw refuse('CONFLICT', 'error.mfaNoFactor');
    const before = policyRequired(ctx.db);
    ctx.db
      .insert(staffMfaPolicy)
      .values({ id: 1, required: input.required, updatedAt: ctx.clock.now() })
      .onConflictDoUpdate({ target: staffMfaPolicy.id, set: { required: input.required, updatedAt: ctx.clock.now() } })
      .run();
    recordAudit(ctx.db, ctx, {
      action: 'update',
      entity: 'second-factor',
      entityId: null,
      fields: { required: input.required },
      before: { required: before },
    });
    return { required: input.required };
  });
}

/** Takes every second factor off `adminId` (app, recovery codes, passkeys, sign-ins under way). */
export function clearFactors(db: Db, adminId: string): void {
  db.delete(staffMfa).where(eq(staffMfa.adminId, adminId)).run();
  db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, adminId)).run();
  db.delete(staffPasskeys).where(eq(staffPasskeys.adminId, adminId)).run();
  db.delete(staffSignInStates).where(eq(staffSignInStates.adminId, adminId)).run();
}

/** A lost phone: the director takes another staff member's second factor off; their sessions end. */
export function resetStaffFactor(ctx: StaffContext, input: { id: string }) {
  if (input.id === ctx.admin.id) throw refuse('CONFLICT', 'error.mfaResetSelf');
  return ctx.db.transaction(() => {
    // The director proves it is her, as for her own factor: a session left open cannot strip a colleague's.
    assertRecentProof(ctx);
    const person = ctx.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, input.id)).get();
    if (!person) throw refuse('NOT_FOUND', 'error.staffNotFound');
    clearFactors(ctx.db, person.id);
    deleteAdminSessions(ctx.db, person.id);
    recordAudit(ctx.db, ctx, { action: 'delete', entity: 'second-factor', entityId: person.id, fields: { kind: 'reset' } });
    return { success: true as const };
  });
}

/**
 * The second step of a sign-in: this browser's pending state (made by the right password, ADR 102) and one code
 * from the app or one recovery code. Each try counts in the sign-in throttles like a password (login-throttle.ts),
 * so a wrong code is a failure of that account from that address; five wrong codes end the pending state.
 */
export async function staffLoginSecondStep(ctx: Context, input: z.output<typeof mfaLoginSchema>) {
  const state = readState(ctx, 'mfa');
  const account = state?.adminId
    ? ctx.db
        .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name, isActive: adminUsers.isActive })
        .from(adminUsers)
        .where(eq(adminUsers.id, state.adminId))
        .get()
    : undefined;
  if (!state || !account?.isActive) {
    if (state) closeState(ctx, 'mfa', state.tokenHash);
    throw refuse('BAD_REQUEST', 'error.mfaPendingExpired');
  }
  const attempt = await beginLogin(ctx, 'admin', account.email);
  // Read again after the throttle's wait: requests sent together with this cookie may have used its tries. From
  // here to failState nothing waits, so each try is checked and counted before the next is looked at.
  if (!stateStillOpen(ctx, state)) {
    closeState(ctx, 'mfa', state.tokenHash);
    throw refuse('BAD_REQUEST', 'error.mfaPendingExpired');
  }
  const now = ctx.clock.now();
  const used = ctx.db.transaction(() => {
    if ('code' in input) {
      const app = ctx.db
        .select({
          totpSecret: staffMfa.totpSecret,
          lastStep: staffMfa.lastStep,
          codeFailures: staffMfa.codeFailures,
          codeFailuresSince: staffMfa.codeFailuresSince,
        })
        .from(staffMfa)
        .where(and(eq(staffMfa.adminId, account.id), isNotNull(staffMfa.confirmedAt)))
        .get();
      if (!app) return null;
      // The account's cap on wrong codes, across every pending sign-in and address: read and counted in this
      // transaction, so codes sent together are each checked against the count the ones before them left.
      const since = app.codeFailuresSince?.getTime() ?? null;
      const windowOpen = since !== null && now.getTime() - since < CODE_FAILURE_WINDOW_MS;
      if (windowOpen && app.codeFailures >= CODE_FAILURES_MAX) return { pausedMs: since + CODE_FAILURE_WINDOW_MS - now.getTime() };
      const step = matchingStep(openSecret(ctx.config, account.id, app.totpSecret), input.code, now, app.lastStep);
      if (step === null) {
        // Bookkeeping (ADR 065): no cached answer reads the count, so a stranger's wrong code empties no cache.
        bookkeeping(ctx.db, () =>
          ctx.db
            .update(staffMfa)
            .set(windowOpen ? { codeFailures: sql`${staffMfa.codeFailures} + 1` } : { codeFailures: 1, codeFailuresSince: now })
            .where(eq(staffMfa.adminId, account.id))
            .run(),
        );
        return null;
      }
      // The step is stored as used, so the same code (or an earlier one) is refused from now on.
      ctx.db.update(staffMfa).set({ lastStep: step }).where(eq(staffMfa.adminId, account.id)).run();
      return 'totp' as const;
    }
    const code = ctx.db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.adminId, account.id),
          eq(staffRecoveryCodes.codeHash, recoveryCodeHash(input.recoveryCode)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id })
      .all();
    return code.length === 1 ? ('recovery-code' as const) : null;
  });
  if (used && typeof used === 'object') {
    // Past the cap, no code is checked until the window ends; a recovery code or a passkey still signs in, so the
    // owner is never locked out by someone who holds the password.
    ctx.resHeaders.set('Retry-After', String(Math.max(1, Math.ceil(used.pausedMs / 1000))));
    throw refuse('TOO_MANY_REQUESTS', 'error.mfaCodesPaused');
  }
  if (!used) {
    failState(ctx, state);
    const listing = failedStaffSignIn(ctx.limits.failedSignIns, account.id, now);
    if (listing)
      recordAudit(ctx.db, ctx, {
        action: 'sign-in-failed',
        entity: 'session',
        entityId: account.id,
        actor: { id: null, name: NOT_SIGNED_IN },
        fields: { email: account.email, kind: 'code' in input ? 'totp' : 'recovery-code', ...listing },
      });
    throw refuse('UNAUTHORIZED', 'code' in input ? 'error.mfaCodeWrong' : 'error.mfaRecoveryCodeWrong');
  }
  attempt.succeeded();
  closeState(ctx, 'mfa', state.tokenHash);
  return openStaffSession(ctx, account.id, used);
}

/** The password was right and the account has a second factor: no session yet, only this browser's pending state. */
export function startSecondStep(ctx: Context, adminId: string, methods: SignInMethod[]) {
  openState(ctx, 'mfa', { adminId });
  return { mfaRequired: true as const, methods };
}
