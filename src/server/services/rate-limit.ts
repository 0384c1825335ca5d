/**
 * Rate limits: fixed-window counters on the injected clock, each bounded by bytes (ADR 019).
 *
 * rate-limiter-flexible's memory store keeps one Map entry and one timer per key, with no bound: every
 * forgot-password request from a new address and a new e-mail added keys that lived an hour. Here a counter
 * that is full drops its windows that have ended, then its oldest ones (all windows of a counter have the same
 * length, so the oldest is the nearest to its end). Forgetting a count only ever lets someone in sooner, so
 * the bound cannot lock anybody out; what holds against keys rotated faster than that are the global caps
 * (here, and the password checks' admission in auth/password-checks.ts).
 */
import { TRPCError } from '@trpc/server';
import { createFailedSignIns } from '../auth/failed-sign-ins';
import { createLoginThrottle } from '../auth/login-throttle';
import { createPasswordCheckAdmission } from '../auth/password-checks';
import type { Clock } from '../clock';
import { DEFAULT_MAX_BYTES, WindowCounter } from './window-counter';
import { saying, englishOf } from '../refusal';
import { loadPdfLibrary } from '../pdf/library';
import type { ErrorKey } from '../../shared/i18n/errors-en';

export { addressKey, WindowCounter } from './window-counter';

/**
 * A limit: `points` requests per window of `windowMs` per key. With a burst (`inBurst`), at most that many of them
 * within a few seconds, so an account (or every address together) cannot spend its whole allowance of costly work
 * at once: a window's PDFs or e-mails come at a pace the other requests can be answered between.
 */
export class RateLimit {
  readonly counter: WindowCounter;
  burst: { points: number; counter: WindowCounter } | null = null;
  constructor(
    readonly points: number,
    windowMs: number,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {
    this.counter = new WindowCounter(windowMs, maxBytes);
  }

  /** At most `points` within `windowMs` (a second, shorter window over the same key, bounded the same way). */
  inBurst(points: number, windowMs: number): this {
    this.burst = { points, counter: new WindowCounter(windowMs, this.maxBytes) };
    return this;
  }
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Archives and PDFs being built at once (ADR 068). Builds yield to the event loop between pages and files, so
 * what a slot bounds is less the latency of other requests than how many downloads share the CPU and memory at
 * a time: a few, so each finishes soon, and the rest wait their turn in a short queue. Only signed-in accounts
 * (or the holder of a signed archive link) reach it, and each holds at most BUILD_SHARE places, fewer than the
 * slots: one account can never take every slot, and the queue is full only when several accounts ask at once.
 */
export const BUILD_SLOTS = 3;
export const BUILD_QUEUE = 6;
export const BUILD_SHARE = 2;
/** What a build refused for want of a place says, with Retry-After: the server is busy, not the account too fast. */
export const BUSY_MESSAGE = 'error.busy';
const BUSY_RETRY_SECONDS = 10;

/** What `ready` rejects with when a build is released while still waiting (its request went away). */
export class BuildCancelled extends Error {}

/**
 * One admitted build: `ready` once it has a slot; `release()` gives its place back (once). Released while still
 * waiting, `ready` rejects with BuildCancelled.
 */
export interface BuildTicket {
  ready: Promise<void>;
  release(): void;
}

/**
 * A counting gate: `slots` builds at once, `queue` more waiting in order of arrival, at most `share` of the two
 * together per account; beyond them a 429 that takes nothing. Its memory is one entry per place (slots + queue),
 * whatever asks.
 */
export class BuildGate {
  private running = 0;
  private readonly waiting: { start: () => void; cancel: () => void }[] = [];
  private readonly held = new Map<string, number>();
  constructor(
    readonly slots: number,
    readonly queue: number,
    readonly share: number,
  ) {}

  /** A place for a build of `account`, or TOO_MANY_REQUESTS with Retry-After and BUSY_MESSAGE (nothing taken). */
  admit(ctx: { resHeaders: Headers }, account: string): BuildTicket {
    const held = this.held.get(account) ?? 0;
    if (held >= this.share || (this.running >= this.slots && this.waiting.length >= this.queue)) {
      ctx.resHeaders.set('Retry-After', String(BUSY_RETRY_SECONDS));
      throw new RateLimitedError(BUSY_RETRY_SECONDS, BUSY_MESSAGE);
    }
    this.held.set(account, held + 1);
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    let entry!: { start: () => void; cancel: () => void };
    const ready = new Promise<void>((resolve, reject) => {
      entry = {
        start: () => {
          state = 'running';
          this.running++;
          resolve();
        },
        cancel: () => reject(new BuildCancelled('The request went away while it waited for a slot')),
      };
    });
    // A ticket given back before anyone awaited it is no unhandled rejection.
    ready.catch(() => {});
    if (this.running < this.slots) entry.start();
    else this.waiting.push(entry);
    const release = () => {
      if (state === 'done') return;
      if (state === 'running') this.running--;
      else {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        entry.cancel();
      }
      state = 'done';
      const left = this.held.get(account)! - 1;
      if (left > 0) this.held.set(account, left);
      else this.held.delete(account);
      while (this.running < this.slots && this.waiting.length) this.waiting.shift()!.start();
    };
    return { ready, release };
  }

  /** Builds running and waiting (for the tests and the benchmark's report). */
  get load(): { running: number; waiting: number; accounts: number } {
    return { running: this.running, waiting: this.waiting.length, accounts: this.held.size };
  }
}

/** One turn of the event loop: what a long build gives the other requests between its pages and files. */
export const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

type BuildCtx = { resHeaders: Headers; limits: { builds: BuildGate }; auth: Account | null };

const accountOf = (auth: Account | null) => (auth ? `${auth.kind}:${auth.kind === 'admin' ? auth.admin.id : auth.parent.id}` : 'none');

/**
 * A PDF built in a slot of the gate (ADR 068): admitted at once or refused with 429, then `work` (its rate point,
 * its lookups and the drawing) once a slot is free and the event loop has turned; the slot is given back however
 * `work` ends.
 */
export async function inBuildSlot<T>(ctx: BuildCtx, work: () => T | Promise<T>): Promise<T> {
  const ticket = ctx.limits.builds.admit(ctx, accountOf(ctx.auth));
  try {
    await ticket.ready;
    // Whatever is built here may draw a PDF: the library is loaded on the first one (pdf/library.ts, ADR 091).
    await loadPdfLibrary();
    await breathe();
    return await work();
  } finally {
    ticket.release();
  }
}

/** Per-app limiters (one set per createApp, so tests never share counters). */
export function createLimiters() {
  return {
    /** Generous enough for a family with several children or a shared office network. */
    enrollment: new RateLimit(20, 60 * MINUTE),
    /** Sign-in attempts of every kind of account (auth/login-throttle.ts). */
    login: createLoginThrottle(),
    /** Failed staff sign-ins: a few audit rows per account an hour, e-mails with no account only counted (auth/failed-sign-ins.ts). */
    failedSignIns: createFailedSignIns(),
    /** How many password checks run at once, per account and in all (auth/password-checks.ts). */
    passwordChecks: createPasswordCheckAdmission(),
    /** 'Forgot your password?': a few requests an hour per address (an IPv6 address by its /48), and per e-mail. */
    passwordResetByIp: new RateLimit(10, 60 * MINUTE),
    passwordResetByAccount: new RateLimit(3, 60 * MINUTE),
    /** The first start's setup form: wrong links, per address (staff/first-start.ts); a right link is never counted. */
    firstStart: new RateLimit(10, 60 * MINUTE),
    /**
     * Reset e-mails queued, from every address together: far above a centre's families forgetting at once, and a
     * bound on the mail queue. Spent only by a message queued (an e-mail with no account costs nothing), and
     * checked for every request alike, so a full cap refuses known and unknown e-mails with the same answer.
     */
    passwordResetGlobal: new RateLimit(60, 10 * MINUTE, 1024).inBurst(10, 10 * SECOND),
    /** Per account (parent or staff): a conversation's pace, not a flood. */
    messages: { parent: new RateLimit(20, 10 * MINUTE).inBurst(5, 10 * SECOND), admin: new RateLimit(120, 10 * MINUTE) },
    /** Upload URLs per account: a few documents and their retries. */
    uploadUrls: new RateLimit(20, 10 * MINUTE),
    /** Receipt and statement PDFs per account (each one is rendered on the server's CPU). */
    pdfs: { parent: new RateLimit(20, 5 * MINUTE).inBurst(5, 10 * SECOND), admin: new RateLimit(120, 5 * MINUTE) },
    /** A parent's preference changes: a few clicks in the menu, not a flood of writes. */
    preferences: new RateLimit(30, 10 * MINUTE),
    /** Attendance, pickups and classrooms: a morning's drop-offs for staff; a few list changes for a parent. */
    attendance: { parent: new RateLimit(20, 10 * MINUTE), admin: new RateLimit(600, 10 * MINUTE) },
    /** Daily sheets per staff account: a room of twenty children's meals, naps and diapers, not a script's flood. */
    dailyEntries: new RateLimit(300, 10 * MINUTE),
    /** Medication requests a parent sends and staff's entries and doses: a family's few, a centre's day of doses. */
    medication: { parent: new RateLimit(20, 10 * MINUTE), admin: new RateLimit(300, 10 * MINUTE) },
    /**
     * A staff member's own second-factor changes (the app's setup and its QR code, confirmation, removal, recovery
     * codes, a passkey's options, registration and removal): a setup and a few retries, never a script's loop.
     */
    secondFactor: new RateLimit(30, 10 * MINUTE),
    /**
     * The password typed again before a second-factor change (POST /api/admin/reauth), per account: a few tries
     * and the dialog's retries. Wrong ones count in the sign-in throttles as well.
     */
    reauth: new RateLimit(10, 10 * MINUTE),
    /** Photos of the day per staff account (each one is decoded and encoded on the server's CPU). */
    childPhotos: new RateLimit(30, 10 * MINUTE),
    /** The director's CSV exports: each reads a whole table, so a few a minute, not a loop. */
    exports: new RateLimit(30, 10 * MINUTE),
    /** A child's archive (a PDF rendered and every document and receipt zipped): heavy, so a few per account. */
    archives: { parent: new RateLimit(5, 10 * MINUTE), admin: new RateLimit(30, 10 * MINUTE) },
    /** E-mailed archive links, per staff account: a family or two at a time, never a flood of mail. */
    archiveLinks: new RateLimit(20, 10 * MINUTE),
    /** Archives and PDFs being built at once, in all and per account (BuildGate, ADR 068). */
    builds: new BuildGate(BUILD_SLOTS, BUILD_QUEUE, BUILD_SHARE),
  };
}
export type Limiters = ReturnType<typeof createLimiters>;

export class RateLimitedError extends TRPCError {
  constructor(
    public readonly retryAfterSeconds: number,
    id: ErrorKey = 'error.tooManyAttempts',
  ) {
    super({ code: 'TOO_MANY_REQUESTS', message: englishOf(id) });
    saying(this, id);
  }
}

/**
 * Refuses with TOO_MANY_REQUESTS and Retry-After (whole seconds) when `key` has no point left in the limit or its
 * burst; takes nothing. With `spend`, for a limit that only the work itself should spend (ADR 019: the
 * forgot-password cap on every address together is spent by a message queued, never by an e-mail with no account).
 */
export function ensureRoom(ctx: { clock: Clock; resHeaders: Headers }, limit: RateLimit, key: string, message?: ErrorKey): void {
  const now = ctx.clock.now().getTime();
  const over = (counter: WindowCounter, points: number) => {
    if (counter.count(key, now) < points) return;
    const seconds = Math.max(1, Math.ceil(counter.msLeft(key, now) / 1000));
    ctx.resHeaders.set('Retry-After', String(seconds));
    throw new RateLimitedError(seconds, message);
  };
  over(limit.counter, limit.points);
  if (limit.burst) over(limit.burst.counter, limit.burst.points);
}

/** Takes one point of `key` (from the limit and its burst), without refusing: `ensureRoom` decided that before. */
export function spend(ctx: { clock: Clock }, limit: RateLimit, key: string): void {
  const now = ctx.clock.now().getTime();
  limit.counter.add(key, now);
  limit.burst?.counter.add(key, now);
}

/** Takes one point; over the limit (or its burst) it throws TOO_MANY_REQUESTS and sets Retry-After (whole seconds). */
export function consume(ctx: { clock: Clock; resHeaders: Headers }, limit: RateLimit, key: string, message?: ErrorKey): void {
  ensureRoom(ctx, limit, key, message);
  spend(ctx, limit, key);
}

/** The sentence a page shows when an account goes too fast (messages, uploads, PDFs). */
export const SLOW_DOWN_MESSAGE = 'error.slowDown';

type Account = { kind: 'admin'; admin: { id: string } } | { kind: 'parent'; parent: { id: string } };

/**
 * Takes one point from the signed-in account's own limit (staff and parents have their own, `limits`), or
 * answers 429 with Retry-After and SLOW_DOWN_MESSAGE, which the pages show as it is.
 */
export function consumeForAccount(
  ctx: { clock: Clock; resHeaders: Headers; auth: Account | null },
  limits: RateLimit | { parent: RateLimit; admin: RateLimit },
): void {
  const auth = ctx.auth;
  if (!auth) return;
  const id = auth.kind === 'admin' ? auth.admin.id : auth.parent.id;
  const limit = limits instanceof RateLimit ? limits : limits[auth.kind];
  consume(ctx, limit, `${auth.kind}:${id}`, SLOW_DOWN_MESSAGE);
}
