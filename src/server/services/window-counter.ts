import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';

/**
 * Fixed-window counters keyed by string, on the injected clock (ADR 019): the state of every rate limit and of
 * the sign-in throttle. The windows live in an LRU store bounded by bytes (lru-cache), so a flood of new keys
 * (rotating addresses, made-up e-mails) evicts the least recently used windows instead of growing the heap.
 */
interface Window {
  count: number;
  resetAt: number;
}

/** Bytes a counter's windows may hold by default: room for about ten thousand keys, more than a centre needs. */
export const DEFAULT_MAX_BYTES = 2.5 * 1024 * 1024;

/**
 * What one window costs: its key (as UTF-16 at worst), and what the heap holds around it. Measured with heap
 * snapshots before and after 10,000 forgot-password requests from new addresses and e-mails: about 190 bytes
 * per window besides its key (the object and its number, 56; lru-cache's map slot and its five arrays, the
 * rest). Counted at 64 before, the bound held about 2.5 times the bytes it named.
 */
export const windowBytes = (_w: unknown, key: string) => 2 * key.length + 192;

export class WindowCounter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly windowMs: number,
    maxBytes = DEFAULT_MAX_BYTES,
  ) {
    this.windows = new LRUCache<string, Window>({ maxSize: maxBytes, sizeCalculation: windowBytes });
  }

  /** How many windows are held (ended ones included until they are read or evicted). */
  get size(): number {
    return this.windows.size;
  }

  /** Bytes held, by the same measure as the bound. */
  get bytes(): number {
    return this.windows.calculatedSize;
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
}

/**
 * The key an address is counted by: an IPv4 address itself, an IPv6 address by its /64 (one home or one
 * phone gets a whole /64, so each of its addresses is not a new caller), or by a shorter prefix when asked:
 * the forgot-password limit counts a /48, what one rented server may hold (ADR 019).
 */
export function addressKey(ip: string, prefix: 48 | 64 = 64): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, prefix / 16)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/${prefix}`;
}
