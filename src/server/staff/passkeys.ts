/**
 * Staff passkeys (WebAuthn, ADR 102) through @simplewebauthn/server: registration by a signed-in staff member, and a
 * sign-in that opens the session by itself (a passkey is already two factors: the device and its user verification).
 * The relying party is the configured public origin (config.ts PUBLIC_URL): its host name is the RP ID. Each
 * ceremony's challenge is a sign-in state bound to the browser (auth/second-factor.ts) and used once.
 */
import type { z } from 'zod';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { adminUsers, staffPasskeys } from '~/db/schema';
import type { passkeyIdSchema, passkeyLoginSchema, passkeyRegisterSchema } from '../../shared/schemas/second-factor';
import type { Config } from '../config';
import type { Context, StaffContext } from '../context';
import { recordAudit } from '../audit/record';
import { failedStaffSignIn } from '../auth/failed-sign-ins';
import { beginLogin } from '../auth/login-throttle';
import { assertRecentProof } from '../auth/recent-proof';
import { closeState, openState, readState, SIGN_IN_STATE_MS } from '../auth/second-factor';
import { centre } from '../centre/profile';
import { refuse } from '../refusal';
import { NOT_SIGNED_IN, openStaffSession } from './sign-in';
import { consumeForAccount } from '../services/rate-limit';

/** Passkeys one person may keep. */
export const PASSKEYS_MAX = 10;
/** The throttles' account for a passkey no account holds: counted per address like any failure. */
const UNKNOWN_PASSKEY = '(unknown passkey)';

function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The library's own check failed, or the response was not one at all: said the same way. */
async function verified<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch {
    throw refuse('BAD_REQUEST', 'error.passkeyFailed');
  }
}

export function listPasskeys(ctx: StaffContext) {
  return ctx.db
    .select({ id: staffPasskeys.id, name: staffPasskeys.name, createdAt: staffPasskeys.createdAt, lastUsedAt: staffPasskeys.lastUsedAt })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.adminId, ctx.admin.id))
    .orderBy(asc(staffPasskeys.createdAt))
    .all();
}

/** The options for the browser's navigator.credentials.create(): a discoverable credential, user verification required. */
export async function passkeyRegistrationOptions(ctx: StaffContext) {
  consumeForAccount(ctx, ctx.limits.secondFactor);
  assertRecentProof(ctx);
  const { rpID } = relyingParty(ctx.config);
  const existing = ctx.db
    .select({ credentialId: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.adminId, ctx.admin.id))
    .all();
  if (existing.length >= PASSKEYS_MAX) throw refuse('CONFLICT', 'error.passkeyTooMany');
  const options = await generateRegistrationOptions({
    rpName: centre.name,
    rpID,
    userName: ctx.admin.email,
    userDisplayName: ctx.admin.name,
    userID: new TextEncoder().encode(ctx.admin.id),
    attestationType: 'none',
    timeout: SIGN_IN_STATE_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  openState(ctx, 'passkey-register', { adminId: ctx.admin.id, challenge: options.challenge });
  return options;
}

/** Checks the browser's answer against this browser's challenge and keeps the passkey under its name. */
export async function registerPasskey(ctx: StaffContext, input: z.output<typeof passkeyRegisterSchema>) {
  consumeForAccount(ctx, ctx.limits.secondFactor);
  // Before the challenge is used: refused here, the same answer is sent again once the password is (ADR 102).
  assertRecentProof(ctx);
  const state = readState(ctx, 'passkey-register');
  if (!state?.challenge || state.adminId !== ctx.admin.id) throw refuse('BAD_REQUEST', 'error.passkeyExpired');
  closeState(ctx, 'passkey-register', state.tokenHash);
  const { rpID, origin } = relyingParty(ctx.config);
  const result = await verified(() =>
    verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: state.challenge!,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }),
  );
  if (!result.verified) throw refuse('BAD_REQUEST', 'error.passkeyFailed');
  const { credential } = result.registrationInfo;
  return ctx.db.transaction(() => {
    assertRecentProof(ctx);
    const count =
      ctx.db
        .select({ n: sql<number>`count(*)` })
        .from(staffPasskeys)
        .where(eq(staffPasskeys.adminId, ctx.admin.id))
        .get()?.n ?? 0;
    if (count >= PASSKEYS_MAX) throw refuse('CONFLICT', 'error.passkeyTooMany');
    const taken = ctx.db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.credentialId, credential.id)).get();
    if (taken) throw refuse('CONFLICT', 'error.passkeyFailed');
    const row = ctx.db
      .insert(staffPasskeys)
      .values({
        adminId: ctx.admin.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? null,
        name: input.name,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: staffPasskeys.id, name: staffPasskeys.name, createdAt: staffPasskeys.createdAt })
      .get();
    recordAudit(ctx.db, ctx, {
      action: 'create',
      entity: 'second-factor',
      entityId: ctx.admin.id,
      fields: { kind: 'passkey', passkeyId: row.id },
    });
    return row;
  });
}

export function removePasskey(ctx: StaffContext, input: z.output<typeof passkeyIdSchema>) {
  consumeForAccount(ctx, ctx.limits.secondFactor);
  return ctx.db.transaction(() => {
    assertRecentProof(ctx);
    const removed = ctx.db
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.id, input.id), eq(staffPasskeys.adminId, ctx.admin.id)))
      .returning({ id: staffPasskeys.id })
      .all();
    if (removed.length === 0) throw refuse('NOT_FOUND', 'error.passkeyNotFound');
    recordAudit(ctx.db, ctx, {
      action: 'delete',
      entity: 'second-factor',
      entityId: ctx.admin.id,
      fields: { kind: 'passkey', passkeyId: input.id },
    });
    return { success: true as const };
  });
}

/** The options for navigator.credentials.get(): any passkey of this site (discoverable), user verification required. */
export async function passkeyLoginOptions(ctx: Context) {
  const { rpID } = relyingParty(ctx.config);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: SIGN_IN_STATE_MS });
  openState(ctx, 'passkey-login', { challenge: options.challenge });
  return options;
}

/**
 * A passkey sign-in: this browser's challenge (used once), the passkey the answer names, the library's check of the
 * signature. A failure counts in the sign-in throttles of the account the passkey belongs to (or, for a passkey no
 * account holds, of the address alone); success opens the session directly.
 */
export async function staffLoginWithPasskey(ctx: Context, input: z.output<typeof passkeyLoginSchema>) {
  const state = readState(ctx, 'passkey-login');
  if (!state?.challenge) throw refuse('BAD_REQUEST', 'error.passkeyExpired');
  closeState(ctx, 'passkey-login', state.tokenHash);
  const response = input.response as unknown as AuthenticationResponseJSON;
  const credentialId = typeof response.id === 'string' && response.id.length <= 1400 ? response.id : '';
  const passkey = credentialId
    ? ctx.db
        .select({
          id: staffPasskeys.id,
          adminId: staffPasskeys.adminId,
          publicKey: staffPasskeys.publicKey,
          counter: staffPasskeys.counter,
          transports: staffPasskeys.transports,
          email: adminUsers.email,
          isActive: adminUsers.isActive,
        })
        .from(staffPasskeys)
        .innerJoin(adminUsers, eq(adminUsers.id, staffPasskeys.adminId))
        .where(eq(staffPasskeys.credentialId, credentialId))
        .get()
    : undefined;
  const attempt = await beginLogin(ctx, 'admin', passkey?.email ?? UNKNOWN_PASSKEY);
  const { rpID, origin } = relyingParty(ctx.config);
  const result =
    passkey?.isActive &&
    (await verifyAuthenticationResponse({
      response,
      expectedChallenge: state.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports ?? undefined,
      },
      requireUserVerification: true,
    }).catch(() => null));
  if (!passkey || !result || !result.verified) {
    const listing = passkey ? failedStaffSignIn(ctx.limits.failedSignIns, passkey.adminId, ctx.clock.now()) : null;
    if (listing && passkey)
      recordAudit(ctx.db, ctx, {
        action: 'sign-in-failed',
        entity: 'session',
        entityId: passkey.adminId,
        actor: { id: null, name: NOT_SIGNED_IN },
        fields: { email: passkey.email, kind: 'passkey', ...listing },
      });
    throw refuse('UNAUTHORIZED', 'error.passkeyFailed');
  }
  attempt.succeeded();
  ctx.db
    .update(staffPasskeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: ctx.clock.now() })
    .where(eq(staffPasskeys.id, passkey.id))
    .run();
  return openStaffSession(ctx, passkey.adminId, 'passkey');
}
