import { isIP } from 'node:net';

/**
 * Fixed-window counters keyed by string, on the injected clock, holding at most `maxKeys` keys (ADR 019): the
 * state of every rate limit and of the sign-in throttle.
 */
interface Window {
  count: number;
  resetAt: number;
}

/** Keys a counter keeps at most by default: a few MB at worst, more than a centre's families and staff. */
export const DEFAULT_MAX_KEYS = 10_000;

export class WindowCounter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  get size(): number {
    return this.windows.size;
  }

  private live(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  count(key: string, now: number): number {
    return this.live(key, now)?.count ?? 0;
  }

  /** Milliseconds until the window of `key` ends (0 when there is none). */
  msLeft(key: string, now: number): number {
    const w = this.live(key, now);
    return w ? w.resetAt - now : 0;
  }

  add(key: string, now: number): number {
    const w = this.live(key, now);
    if (w) return ++w.count;
    this.makeRoom(now);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    return 1;
  }

  /** Takes one back (a success: the attempt counted in advance was not a guess). */
  forgiveOne(key: string, now: number): void {
    const w = this.live(key, now);
    if (!w) return;
    if (--w.count <= 0) this.windows.delete(key);
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private makeRoom(now: number): void {
    if (now >= this.nextSweep || this.windows.size >= this.maxKeys) {
      this.nextSweep = now + 60 * 1000;
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }
    // Insertion order is the order the windows end: the first keys are the oldest.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/**
 * The key an address is counted by: an IPv4 address itself, an IPv6 address by its /64 (one home or one
 * phone gets a whole /64, so each of its addresses is not a new caller).
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
