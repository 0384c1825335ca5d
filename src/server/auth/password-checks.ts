/**
 * Admission of password checks (ADR 019). An argon2id check takes 19 MiB and tens of milliseconds of a core,
 * so how many run at once is decided here, not by how many requests arrive:
 *
 * - per account, at most one check in flight; one more attempt may wait for it, any other is refused (429)
 *   at once: guesses sent side by side against one account are checked one after another;
 * - for the whole server, at most CHECKS_AT_ONCE checks, with a short queue; an attempt that finds the queue
 *   full, or waits longer than QUEUE_WAIT_MS, is refused (429 + Retry-After), so a flood of sign-ins cannot
 *   take the cores from every other request;
 * - an attempt from a browser that signed in to this account before (its known-device cookie, below) has a
 *   lane of its own for the account and goes to the front of the queue: the owner of an account still signs
 *   in while strangers flood the sign-in (OWASP's "device cookies").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { TRPCError } from '@trpc/server';
import type { Config } from '../config';
import { uploadSecret } from '../documents/upload-secret';
import { cookieName, readCookie } from './cookies';
import type { ErrorKey } from '../../shared/i18n/errors-en';
import { refuse } from '../refusal';

/** Every core but one: the checks never take the core that answers every other request (ADR 060). */
export const CHECKS_AT_ONCE = Math.max(1, availableParallelism() - 1);
export const QUEUE_MAX = 16;
export const QUEUE_WAIT_MS = 3000;
export const ACCOUNT_WAIT_MS = 3000;

export const ACCOUNT_BUSY_MESSAGE = 'error.accountBusy';
export const SERVER_BUSY_MESSAGE = 'error.signInBusy';

function busy(resHeaders: Headers, id: ErrorKey, seconds: number): TRPCError {
  resHeaders.set('Retry-After', String(seconds));
  return refuse('TOO_MANY_REQUESTS', id);
}

interface Waiter {
  start(): void;
  refuse(): void;
  timer: NodeJS.Timeout;
}

/** A counting semaphore with a bounded queue whose waiters give up after a while; priority waiters go first. */
class Gate {
  running = 0;
  /** The most that ever ran at once (what the tests and bench:abuse check). */
  peak = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    private readonly capacity: number,
    private readonly queueMax: number,
    private readonly waitMs: number,
  ) {}

  /** Resolves when the caller may run (call the release it gets once); null when it may not. */
  enter(priority: boolean): Promise<(() => void) | null> {
    if (this.running < this.capacity) {
      this.enterNow();
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.queueMax) {
      if (!priority) return Promise.resolve(null);
      // A priority caller takes the place of the last ordinary one.
      const last = this.queue.pop()!;
      clearTimeout(last.timer);
      last.refuse();
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.enterNow();
          resolve(this.releaser());
        },
        refuse: () => resolve(null),
        timer: setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at !== -1) this.queue.splice(at, 1);
          resolve(null);
        }, this.waitMs),
      };
      if (priority) this.queue.unshift(waiter);
      else this.queue.push(waiter);
    });
  }

  private enterNow(): void {
    this.running++;
    this.peak = Math.max(this.peak, this.running);
  }

  get idle(): boolean {
    return this.running === 0 && this.queue.length === 0;
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running--;
      this.queue.shift()?.start();
    };
  }
}

export interface PasswordCheckAdmission {
  global: Gate;
  accounts: Map<string, Gate>;
  /** The most checks that ever ran at once for one account. */
  accountPeak: number;
}

/** One per app (createLimiters). */
export function createPasswordCheckAdmission(): PasswordCheckAdmission {
  return { global: new Gate(CHECKS_AT_ONCE, QUEUE_MAX, QUEUE_WAIT_MS), accounts: new Map(), accountPeak: 0 };
}

/**
 * Runs `check` (one argon2 verification) once this account's slot and a server-wide slot are free, or throws
 * 429 with Retry-After when they are not soon. `lane` is the account key, with `#device` for a known device.
 */
export async function admitted<T>(
  admission: PasswordCheckAdmission,
  lane: string,
  priority: boolean,
  resHeaders: Headers,
  check: () => Promise<T>,
): Promise<T> {
  let account = admission.accounts.get(lane);
  if (!account) {
    // One in flight and one waiting; the map holds only accounts being checked right now.
    account = new Gate(1, 1, ACCOUNT_WAIT_MS);
    admission.accounts.set(lane, account);
  }
  const leaveAccount = await account.enter(priority);
  if (!leaveAccount) {
    if (account.idle) admission.accounts.delete(lane);
    throw busy(resHeaders, ACCOUNT_BUSY_MESSAGE, 1);
  }
  admission.accountPeak = Math.max(admission.accountPeak, account.peak);
  try {
    const leaveServer = await admission.global.enter(priority);
    if (!leaveServer) throw busy(resHeaders, SERVER_BUSY_MESSAGE, 2);
    try {
      return await check();
    } finally {
      leaveServer();
    }
  } finally {
    leaveAccount();
    if (account.idle) admission.accounts.delete(lane);
  }
}

export const DEVICE_COOKIE = 'signin_device';
const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;

function deviceProof(config: Config, account: string): string {
  return createHmac('sha256', uploadSecret(config.privateDir)).update(`known-device:${account}`).digest('base64url');
}

/** Whether the request carries this account's known-device cookie (set at its last successful sign-in here). */
export function isKnownDevice(config: Config, cookies: string | null | undefined, account: string): boolean {
  const given = readCookie(cookies, cookieName(config, DEVICE_COOKIE));
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(deviceProof(config, account));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The known-device cookie for `account`: it proves only that this browser signed in to the account before (it
 * opens nothing, only a lane past a flood). One account per browser: the last one signed in.
 */
export function knownDeviceCookie(config: Config, account: string, now: Date): string {
  const parts = [
    `${cookieName(config, DEVICE_COOKIE)}=${deviceProof(config, account)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Expires=${new Date(now.getTime() + DEVICE_COOKIE_MS).toUTCString()}`,
  ];
  if (config.secureCookies) parts.push('Secure');
  return parts.join('; ');
}
