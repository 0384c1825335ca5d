import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '../../db/schema';
import { ACCOUNT_DELAY_BASE_MS, ACCOUNT_FREE_FAILURES, ADDRESS_LIMIT } from '../../src/server/auth/login-throttle';
import { hashPassword } from '../../src/server/auth/password';
import { ACCOUNT_BUSY_MESSAGE, CHECKS_AT_ONCE, SERVER_BUSY_MESSAGE } from '../../src/server/auth/password-checks';
import { startTestServer, type TestServer } from '../helpers/server';
import { english } from '../helpers/english';

let s: TestServer;
const OWNER = { email: 'owner@example.com', password: 'the owner knows this one' };
beforeAll(async () => {
  // Behind a proxy on this machine, so each request can come from its own address.
  s = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  s.db
    .insert(adminUsers)
    .values({ email: OWNER.email, name: 'Owner', passwordHash: await hashPassword(OWNER.password) })
    .run();
  s.db
    .insert(adminUsers)
    .values({ email: 'target@example.com', name: 'Target', passwordHash: await hashPassword('not guessed') })
    .run();
});
afterAll(() => s.close());

let n = 0;
const login = (email: string, password: string, from = `10.1.${(++n >> 8) & 255}.${n & 255}`, cookie?: string) =>
  s.request('/api/admin/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
  });

async function outcome(res: Response): Promise<string> {
  const body = (await res.json()) as { message?: string };
  return res.status === 429 ? `429 ${body.message} (Retry-After ${res.headers.get('retry-after')})` : String(res.status);
}

// The owner signing in through a flood of strangers runs in `npm run test:soak` (tests/soak/sign-in-flood.test.ts).
describe('password checks are admitted, not all run at once', () => {
  it('guesses sent together against one account are checked one at a time; the rest get 429 + Retry-After', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login('target@example.com', `guess ${i}`).then(outcome)));
    // One in flight and one waiting for it: a guess that finds both taken is refused before its check.
    expect(s.app.limits.passwordChecks.accountPeak).toBe(1);
    expect(
      results.filter((r) => r.startsWith(`429 ${english(ACCOUNT_BUSY_MESSAGE)} (Retry-After `)).length,
      results.join('\n'),
    ).toBeGreaterThan(0);
    expect(
      results.every((r) => r === '401' || r.startsWith('429 ')),
      results.join('\n'),
    ).toBe(true);
  });

  it('unknown e-mails from rotating addresses: a few checks at once and a short queue, the rest 429 + Retry-After', async () => {
    // 60: under the cap of open connections per address (connection-limits.ts), the client being one address.
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`nobody${i}@example.com`, 'guess').then(outcome)));
    expect(s.app.limits.passwordChecks.global.peak).toBe(CHECKS_AT_ONCE);
    // Never every core: one is left to the thread that answers every other request (ADR 060).
    expect(s.app.limits.passwordChecks.global.peak).toBeLessThan(Math.max(2, availableParallelism()));
    expect(
      results.filter((r) => r.startsWith(`429 ${english(SERVER_BUSY_MESSAGE)} (Retry-After `)).length,
      results.join('\n'),
    ).toBeGreaterThan(0);
    expect(
      results.every((r) => r === '401' || r.startsWith('429 ')),
      results.join('\n'),
    ).toBe(true);
  });

  it('counts an IPv6 address by its /64', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect(await outcome(await login(`v6-${i}@example.com`, 'guess', `2001:db8:1:2::${(i + 1).toString(16)}`))).toBe('401');
    expect(await outcome(await login('v6-last@example.com', 'guess', '2001:db8:1:2:ffff:eeee:dddd:cccc'))).toMatch(
      /^429 Too many sign-in attempts/,
    );
    expect(await outcome(await login('v6-other@example.com', 'guess', '2001:db8:1:3::1'))).toBe('401');
  });
});

describe("the known-device cookie skips the account's slow-down only when it is that account's own (ADR 019)", () => {
  it("a forged cookie of the right length, or another account's real one, is slowed down like a browser without one", async () => {
    const DEVICE = { email: 'device@example.com', password: 'the device owner knows it' };
    s.db
      .insert(adminUsers)
      .values({ email: DEVICE.email, name: 'Device', passwordHash: await hashPassword(DEVICE.password) })
      .run();
    const deviceCookie = async (email: string, password: string) => {
      const res = await login(email, password);
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .find((c) => c.startsWith('signin_device='))!
        .split(';')[0]!;
    };
    const own = await deviceCookie(DEVICE.email, DEVICE.password);
    const others = await deviceCookie(OWNER.email, OWNER.password);
    // Strangers' guesses from rotating addresses: the account's checks are slowed from now on.
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 1; i++) expect((await login(DEVICE.email, `guess ${i}`)).status).toBe(401);

    /** How long the fake clock was made to wait before this attempt's check (the slow-down's sleep). */
    const waited = async (cookie?: string) => {
      const before = s.clock.now().getTime();
      expect((await login(DEVICE.email, 'another guess', undefined, cookie)).status).toBe(401);
      return s.clock.now().getTime() - before;
    };
    const value = own.slice('signin_device='.length);
    const forged = `signin_device=${'A'.repeat(value.length)}`;
    expect(forged.length).toBe(own.length);
    expect(others.length).toBe(own.length);
    expect(await waited()).toBeGreaterThanOrEqual(ACCOUNT_DELAY_BASE_MS);
    expect(await waited(forged)).toBeGreaterThanOrEqual(ACCOUNT_DELAY_BASE_MS);
    expect(await waited(others)).toBeGreaterThanOrEqual(ACCOUNT_DELAY_BASE_MS);
    // The account's own cookie: no wait at all.
    expect(await waited(own)).toBe(0);
  });
});
