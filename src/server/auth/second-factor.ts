/**
 * The pieces of the staff second factor (ADR 102) that are not about one request: the TOTP secret sealed at rest,
 * codes checked against the injected clock's time step, recovery codes and their hashes, and the short-lived
 * sign-in states a browser holds by an HttpOnly SameSite=Strict cookie (the step after a right password, and the
 * WebAuthn challenges). The algorithms are the libraries' (@oslojs/otp's HOTP per RFC 4226, which TOTP runs on
 * the 30-second step of RFC 6238); nothing here re-implements them.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateHOTP } from '@oslojs/otp';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, asc, eq, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { staffMfa, staffMfaPolicy, staffPasskeys, staffSignInStates } from '~/db/schema';
import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { bookkeeping } from '../cache/store';
import { privateKey } from '../private-files';
import { addressKey } from '../services/window-counter';
import { cookieName, readCookie } from './cookies';

/** RFC 6238 as authenticator apps use it: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after are accepted too (a phone's clock a little off, a code typed as it turned). */
const STEP_DRIFT = 1;
export const RECOVERY_CODE_COUNT = 10;
/** The key file in the private folder that seals the TOTP secrets (made on first use, 0600). */
export const MFA_KEY_FILE = 'mfa-secrets.key';

/** How long a browser has for the second step after a right password, and for a passkey's ceremony. */
export const SIGN_IN_STATE_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in takes before it ends (the throttles of auth/login-throttle.ts count them too). */
export const SIGN_IN_STATE_TRIES = 5;
/** Live states one address may hold: a new one pushes out its oldest, so nobody else's is touched. */
const STATES_PER_ADDRESS = 10;
/** Live states in all: past it the oldest goes (anyone who lost one asks for a new one in a click). */
const STATES_MAX = 5000;

export type SignInPurpose = 'mfa' | 'passkey-login' | 'passkey-register';
/** One cookie for the step after the password, one for a passkey's challenge: a sign-in page may hold both. */
export const MFA_STATE_COOKIE = 'admin_mfa_pending';
export const PASSKEY_STATE_COOKIE = 'admin_passkey_challenge';

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

// ── The secret at rest ──

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation). */
export function newTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

/** AES-256-GCM under the private folder's key; the account id is the additional data, so a sealed secret moved to another account does not open. */
export function sealSecret(config: Pick<Config, 'privateDir'>, adminId: string, key: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', privateKey(config.privateDir, MFA_KEY_FILE), iv);
  cipher.setAAD(Buffer.from(adminId));
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export function openSecret(config: Pick<Config, 'privateDir'>, adminId: string, stored: string): Uint8Array {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('A sealed TOTP secret has an unknown form');
  const decipher = createDecipheriv('aes-256-gcm', privateKey(config.privateDir, MFA_KEY_FILE), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(adminId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]));
}

// ── Codes ──

/** The time step of `now` (RFC 6238's T). */
export function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, of the steps around `now` later than `lastStep` (a step already used is never
 * accepted again); null when none.
 */
export function matchingStep(key: Uint8Array, code: string, now: Date, lastStep: number | null): number | null {
  const step = timeStep(now);
  const typed = new TextEncoder().encode(code);
  let found: number | null = null;
  for (let s = step - STEP_DRIFT; s <= step + STEP_DRIFT; s++) {
    const expected = new TextEncoder().encode(generateHOTP(key, BigInt(s), TOTP_DIGITS));
    // Every step is compared, found or not, so the time taken says nothing about which one matched.
    if (constantTimeEqual(expected, typed) && found === null && (lastStep === null || s > lastStep)) found = s;
  }
  return found;
}

/** Ten codes such as `k3m9p-x2t7q` (50 random bits each): shown once, stored only as SHA-256. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32LowerCaseNoPadding(new Uint8Array(randomBytes(7))).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces or a dash) to the form it is hashed in. */
export function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export const recoveryCodeHash = (code: string) => sha256Hex(normalRecoveryCode(code));

// ── Sign-in states ──

/** A Set-Cookie value for a sign-in state: HttpOnly, SameSite=Strict, gone with the state. */
export function stateCookie(config: Pick<Config, 'secureCookies'>, base: string, token: string | null): string {
  const parts = [
    `${cookieName(config, base)}=${token ?? ''}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${token ? SIGN_IN_STATE_MS / 1000 : 0}`,
  ];
  if (config.secureCookies) parts.push('Secure');
  return parts.join('; ');
}

export interface StateContext {
  db: Db;
  clock: Clock;
  config: Config;
  ip: string;
  requestCookies?: string | null;
  resHeaders: Headers;
}

const cookieOf = (purpose: SignInPurpose) => (purpose === 'mfa' ? MFA_STATE_COOKIE : PASSKEY_STATE_COOKIE);

/**
 * Opens a sign-in state for this browser: a random token in its cookie, the token's SHA-256 in the table. These rows
 * are bookkeeping (cache/store.ts): no cached answer reads them, so making one empties no cache. Expired rows go
 * first; then the address's oldest past STATES_PER_ADDRESS, and the oldest of all past STATES_MAX.
 */
export function openState(ctx: StateContext, purpose: SignInPurpose, fields: { adminId?: string | null; challenge?: string | null }): void {
  const token = encodeBase32LowerCaseNoPadding(new Uint8Array(randomBytes(24)));
  const now = ctx.clock.now();
  const address = addressKey(ctx.ip);
  const previous = readCookie(ctx.requestCookies, cookieName(ctx.config, cookieOf(purpose)));
  bookkeeping(ctx.db, () =>
    ctx.db.transaction((tx) => {
      tx.delete(staffSignInStates).where(lt(staffSignInStates.expiresAt, now)).run();
      // This browser's earlier state of the same kind is replaced, not kept beside the new one.
      if (previous && previous.length <= 100)
        tx.delete(staffSignInStates)
          .where(eq(staffSignInStates.tokenHash, sha256Hex(previous)))
          .run();
      const dropOldest = (where: ReturnType<typeof eq> | undefined, keep: number) => {
        const old = tx
          .select({ tokenHash: staffSignInStates.tokenHash })
          .from(staffSignInStates)
          .where(where)
          .orderBy(asc(staffSignInStates.createdAt))
          .all();
        for (const row of old.slice(0, Math.max(0, old.length - keep + 1)))
          tx.delete(staffSignInStates).where(eq(staffSignInStates.tokenHash, row.tokenHash)).run();
      };
      dropOldest(eq(staffSignInStates.address, address), STATES_PER_ADDRESS);
      const total =
        tx
          .select({ n: sql<number>`count(*)` })
          .from(staffSignInStates)
          .get()?.n ?? 0;
      if (total >= STATES_MAX) dropOldest(undefined, STATES_MAX);
      tx.insert(staffSignInStates)
        .values({
          tokenHash: sha256Hex(token),
          purpose,
          adminId: fields.adminId ?? null,
          challenge: fields.challenge ?? null,
          address,
          expiresAt: new Date(now.getTime() + SIGN_IN_STATE_MS),
          createdAt: now,
        })
        .run();
    }),
  );
  ctx.resHeaders.append('Set-Cookie', stateCookie(ctx.config, cookieOf(purpose), token));
}

export interface SignInState {
  tokenHash: string;
  adminId: string | null;
  challenge: string | null;
  failures: number;
}

/** This browser's live state of `purpose`, or null (no cookie, an unknown token, another purpose, expired). */
export function readState(ctx: StateContext, purpose: SignInPurpose): SignInState | null {
  const token = readCookie(ctx.requestCookies, cookieName(ctx.config, cookieOf(purpose)));
  if (!token || token.length > 100) return null;
  const row = ctx.db
    .select()
    .from(staffSignInStates)
    .where(and(eq(staffSignInStates.tokenHash, sha256Hex(token)), eq(staffSignInStates.purpose, purpose)))
    .get();
  if (!row) return null;
  if (row.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    closeState(ctx, purpose, row.tokenHash);
    return null;
  }
  return { tokenHash: row.tokenHash, adminId: row.adminId, challenge: row.challenge, failures: row.failures };
}

/** Ends a state (used, expired, or out of tries) and clears its cookie. */
export function closeState(ctx: StateContext, purpose: SignInPurpose, tokenHash: string): void {
  bookkeeping(ctx.db, () => ctx.db.delete(staffSignInStates).where(eq(staffSignInStates.tokenHash, tokenHash)).run());
  ctx.resHeaders.append('Set-Cookie', stateCookie(ctx.config, cookieOf(purpose), null));
}

/**
 * Whether `state` is still open with tries left, read again from the table: a request that waited (the throttles'
 * slow-down) may find that other requests with the same cookie have used its tries meanwhile. Call it with no await
 * between it and the code's check and `failState`, so checking and counting are one step for every request.
 */
export function stateStillOpen(ctx: StateContext, state: SignInState): boolean {
  const row = ctx.db
    .select({ failures: staffSignInStates.failures, expiresAt: staffSignInStates.expiresAt })
    .from(staffSignInStates)
    .where(eq(staffSignInStates.tokenHash, state.tokenHash))
    .get();
  return Boolean(row && row.failures < SIGN_IN_STATE_TRIES && row.expiresAt.getTime() > ctx.clock.now().getTime());
}

/** Counts a wrong code against the state (the table's count, not the one read earlier); answers whether it may take another. */
export function failState(ctx: StateContext, state: SignInState): boolean {
  const counted = bookkeeping(ctx.db, () =>
    ctx.db
      .update(staffSignInStates)
      .set({ failures: sql`${staffSignInStates.failures} + 1` })
      .where(eq(staffSignInStates.tokenHash, state.tokenHash))
      .returning({ failures: staffSignInStates.failures })
      .get(),
  );
  if (counted && counted.failures < SIGN_IN_STATE_TRIES) return true;
  closeState(ctx, 'mfa', state.tokenHash);
  return false;
}

// ── The director's rule ──

/**
 * SQL that is 1 when the director's rule is on and the account `adminId` names has no second factor (no confirmed
 * app, no passkey): its session then reaches only the setup paths (trpc.ts `factorSetupProcedure`). Read with the
 * session (session.ts) and again inside each write (write-rights.ts).
 */
export function setupRequiredSql(adminId: SQLWrapper) {
  return sql<number>`(coalesce((select ${staffMfaPolicy.required} from ${staffMfaPolicy} where ${staffMfaPolicy.id} = 1), 0)
    and not exists (select 1 from ${staffMfa} where ${staffMfa.adminId} = ${adminId} and ${staffMfa.confirmedAt} is not null)
    and not exists (select 1 from ${staffPasskeys} where ${staffPasskeys.adminId} = ${adminId}))`;
}
