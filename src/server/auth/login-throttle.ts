/**
 * Sign-in throttling for every kind of account (staff now, parents next), ADR 006.
 *
 * Three counters of failed attempts, each over a fixed window that starts at the first failure:
 *
 * | key                 | limit                      | over the limit                                   |
 * | ------------------- | -------------------------- | ------------------------------------------------ |
 * | address             | 30 failures / 15 min       | 429 with Retry-After, for every account          |
 * | address + account   | 5 failures / 15 min        | 429 with Retry-After, for that account only      |
 * | account (any address) | 5 free, then slower      | a delay before the password check, doubling from |
 * |                     |                            | 250 ms to at most 4 s; never a refusal           |
 *
 * So a stranger guessing the director's password locks out only their own address, never the director: an
 * attack spread over many addresses makes each check slower, yet a correct password from an address that is
 * not guessing still signs in (after at most 4 s). What stops such an attack is the password policy
 * (staffPasswordField, shared/schemas/password-policy.ts): 12+ characters and not a common password.
 *
 * Usage, from any login procedure:
 *
 * ```ts
 * const attempt = await beginLogin(ctx, 'admin', input.email); // may throw TOO_MANY_REQUESTS (429 + Retry-After)
 * const ok = ...check the password...;
 * if (!ok) throw new TRPCError({ code: 'UNAUTHORIZED', ... });   // the failure is already counted
 * attempt.succeeded();                                           // forgives this attempt
 * ```
 *
 * beginLogin counts the attempt as a failure before it returns (synchronously, before any await), so attempts
 * sent in parallel or in one tRPC batch are counted like attempts sent one after another; `succeeded()` takes
 * it back. Time comes from the injected clock (windows, Retry-After) and the delay is `clock.sleep` when the
 * clock has one (the tests' fake clock moves forward instead of waiting). Counters live in memory, per app:
 * one server process, as this centre runs (a restart forgets them, which only helps the people locked out).
 */
import type { Clock } from '../clock';
import type { Config } from '../config';
import { admitted, isKnownDevice, knownDeviceCookie, type PasswordCheckAdmission } from './password-checks';
import { verifyAgainstDummy, verifyPassword } from './password';
import { addressKey, WindowCounter as FailureCounter } from '../services/window-counter';
import { refuse as refuseWith } from '../refusal';

export type AccountKind = 'admin' | 'parent';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const ADDRESS_LIMIT = 30;
export const ADDRESS_ACCOUNT_LIMIT = 5;
/** Failures on one account (from anywhere) before its checks start to slow down. */
export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_DELAY_BASE_MS = 250;
export const ACCOUNT_DELAY_CAP_MS = 4000;

export const THROTTLED_MESSAGE = 'error.throttled';

/** The counters of failures, bounded like every limiter (services/window-counter.ts). */
export { WindowCounter as FailureCounter } from '../services/window-counter';

export interface LoginThrottle {
  byAddress: FailureCounter;
  byAddressAccount: FailureCounter;
  byAccount: FailureCounter;
}

/** One per app (createLimiters), so tests never share counters. */
export function createLoginThrottle(): LoginThrottle {
  return {
    byAddress: new FailureCounter(LOGIN_WINDOW_MS),
    byAddressAccount: new FailureCounter(LOGIN_WINDOW_MS),
    byAccount: new FailureCounter(LOGIN_WINDOW_MS),
  };
}

/** What beginLogin needs from the request context. */
export interface LoginThrottleContext {
  clock: Clock;
  config: Config;
  ip: string;
  /** The request's Cookie header (the known-device cookie). */
  requestCookies?: string | null;
  resHeaders: Headers;
  limits: { login: LoginThrottle; passwordChecks: PasswordCheckAdmission };
}

export interface LoginAttempt {
  /**
   * Checks the password against `passwordHash` (null: an unknown account, checked against a dummy hash for the
   * same time), admitted by auth/password-checks.ts: may throw 429 when too many checks are running.
   */
  check(passwordHash: string | null, password: string): Promise<boolean>;
  /**
   * The password was right: this attempt is not held against the address or the account. With `secondStep` a
   * second factor is still to come (ADR 102): only this attempt is forgiven, the address keeps its earlier failures
   * on the account (its wrong codes among them) and the browser is not yet a known device.
   */
  succeeded(options?: { secondStep?: boolean }): void;
}

/** The delay before an account's next check, from the failures it has seen in the window. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_DELAY_CAP_MS, ACCOUNT_DELAY_BASE_MS * 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

function refuse(ctx: LoginThrottleContext, ms: number): never {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  ctx.resHeaders.set('Retry-After', String(seconds));
  throw refuseWith('TOO_MANY_REQUESTS', THROTTLED_MESSAGE);
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts a sign-in attempt for `kind` account `email` (lower-cased by the schema) from ctx.ip: refuses it
 * with 429 + Retry-After when the address, or the address on this account, is over its limit; otherwise
 * counts it as a failure, waits the account's slow-down delay, and hands back the attempt.
 */
export async function beginLogin(ctx: LoginThrottleContext, kind: AccountKind, email: string): Promise<LoginAttempt> {
  const { byAddress, byAddressAccount, byAccount } = ctx.limits.login;
  const now = ctx.clock.now().getTime();
  const account = `${kind}:${email}`;
  // An IPv6 caller is counted by its /64: a home or a phone has the whole block to rotate through.
  const address = addressKey(ctx.ip);
  const addressAccount = `${address}|${account}`;

  if (byAddressAccount.count(addressAccount, now) >= ADDRESS_ACCOUNT_LIMIT) refuse(ctx, byAddressAccount.msLeft(addressAccount, now));
  if (byAddress.count(address, now) >= ADDRESS_LIMIT) refuse(ctx, byAddress.msLeft(address, now));

  const earlierFailures = byAccount.count(account, now);
  byAddress.add(address, now);
  byAddressAccount.add(addressAccount, now);
  byAccount.add(account, now);

  // A browser that signed in to this account before is not slowed by the others' guesses, and has its own lane.
  const knownDevice = isKnownDevice(ctx.config, ctx.requestCookies, account);
  const delay = knownDevice ? 0 : accountDelayMs(earlierFailures);
  if (delay > 0) await (ctx.clock.sleep ?? realSleep)(delay);

  return {
    check(passwordHash, password) {
      const lane = knownDevice ? `${account}#device` : account;
      return admitted(ctx.limits.passwordChecks, lane, knownDevice, ctx.resHeaders, () =>
        passwordHash ? verifyPassword(passwordHash, password) : verifyAgainstDummy(password),
      );
    },
    succeeded(options) {
      const at = ctx.clock.now().getTime();
      if (options?.secondStep) {
        byAddress.forgiveOne(address, at);
        byAddressAccount.forgiveOne(addressAccount, at);
        byAccount.forgiveOne(account, at);
        return;
      }
      ctx.resHeaders.append('Set-Cookie', knownDeviceCookie(ctx.config, account, ctx.clock.now()));
      byAddress.forgiveOne(address, at);
      // The address knows the password: its earlier typos on this account are forgiven too.
      byAddressAccount.clear(addressAccount);
      // Only this attempt: the account's slow-down keeps counting the others' guesses.
      byAccount.forgiveOne(account, at);
    },
  };
}
