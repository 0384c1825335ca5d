import { describe, expect, it } from 'vitest';
import { addressKey, WindowCounter } from '../../src/server/services/rate-limit';
import { windowBytes } from '../../src/server/services/window-counter';

describe('a limiter counter holds at most its bound of bytes', () => {
  it('drops its least recently used windows when full, and counts on', () => {
    const bound = 100 * windowBytes(null, 'key-999');
    const counter = new WindowCounter(60_000, bound);
    for (let i = 0; i < 1000; i++) counter.add(`key-${i}`, 1000 + i);
    expect(counter.bytes).toBeLessThanOrEqual(bound);
    expect(counter.size).toBeGreaterThan(50);
    expect(counter.size).toBeLessThanOrEqual(100);
    expect(counter.count('key-999', 2000)).toBe(1);
    expect(counter.count('key-0', 2000)).toBe(0);
  });
});

describe('addresses are counted by IPv4 address or IPv6 /64', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, key) => expect(addressKey(ip)).toBe(key));

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1::/48'],
    ['2001:db8:1:ff00::1', '2001:db8:1::/48'],
    ['2001:0DB8:0001:0002:ffff::', '2001:db8:1::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
  ])('by /48 when asked (forgot-password): %s → %s', (ip, key) => expect(addressKey(ip, 48)).toBe(key));
});
