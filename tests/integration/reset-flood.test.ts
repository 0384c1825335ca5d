import { beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, outboxMessages, parentUsers } from '../../db/schema';
import { RESET_BUSY } from '../../src/server/parents/passwords';
import { PARENT_THROTTLED } from '../../src/server/parents/sign-in';
import { STAFF_THROTTLED } from '../../src/server/staff/accounts';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { createLimiters } from '../../src/server/services/rate-limit';
import { sharedAdminServer } from '../helpers/admin-server';
import { english } from '../helpers/english';

/**
 * Forgot-password under a flood of made-up e-mails (ADR 019): the cap on every address together is spent only by a
 * message queued, so a stranger asking for e-mails with no account cannot shut the resets of real parents and
 * staff; per-address and per-e-mail limits still hold, and nothing in an answer tells whether an e-mail has an
 * account.
 */
const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
const limits = createLimiters();
const PARENT = 'real.parent@example.com';
const DIRECTOR = 'director@example.com';

beforeAll(() => {
  s.db.insert(parentUsers).values({ email: PARENT, firstName: 'Rea', lastName: 'Parent', passwordHash: 'not-a-hash' }).run();
});

let n = 0;
/** A new address each call: IPv4 and IPv6 in turn, each IPv6 one in a /48 of its own. */
const rotating = () => (++n % 2 ? `10.40.${(n >> 8) & 255}.${n & 255}` : `2001:db8:${n.toString(16)}::7`);
const ask = (who: 'parent' | 'admin', email: string, from = rotating()) =>
  s.request(`/api/${who}/forgot-password`, { method: 'POST', json: { email }, headers: { 'x-forwarded-for': from } });
const mailTo = (email: string) =>
  s.db
    .select()
    .from(outboxMessages)
    .all()
    .filter((m) => m.toAddress === email);

/** What a caller can see of an answer: status, body, and every header but the date. */
async function seen(res: Response) {
  const headers = [...res.headers].filter(([name]) => name !== 'date');
  return { status: res.status, body: await res.text(), headers };
}

describe('made-up e-mails from rotating addresses cannot shut the resets', () => {
  it('150 requests for e-mails with no account, one a second: then a real parent and the director still get their links', async () => {
    await s.adminCookie(); // the director's account
    expect(
      s.db
        .select()
        .from(adminUsers)
        .all()
        .map((a) => a.email),
    ).toContain(DIRECTOR);
    for (let i = 0; i < 150; i++) {
      s.clock.advance(1000);
      const res = await ask(i % 2 ? 'admin' : 'parent', `made-up-${i}@example.com`);
      expect(res.status, `request ${i}`).toBe(200);
    }
    s.clock.advance(1000);
    const parent = await ask('parent', PARENT);
    expect(parent.status, await parent.clone().text()).toBe(200);
    const director = await ask('admin', DIRECTOR);
    expect(director.status, await director.clone().text()).toBe(200);
    await drainMailQueue(s.db);
    expect(mailTo(PARENT)).toHaveLength(1);
    expect(mailTo(DIRECTOR)).toHaveLength(1);
    expect(mailTo(PARENT)[0]!.textBody).toMatch(/parent-reset-password#token=/);
    expect(mailTo(DIRECTOR)[0]!.textBody).toMatch(/set-password#token=/);
  });
});

describe('the limits that stay, answered alike for known and unknown e-mails', () => {
  it('per e-mail: the fourth request in an hour is refused, the same answer whether or not the e-mail has an account', async () => {
    s.clock.advance(61 * 60 * 1000);
    const per = limits.passwordResetByAccount.points;
    for (const [who, known, unknown] of [
      ['parent', PARENT, 'nobody.parent@example.com'],
      ['admin', DIRECTOR, 'nobody.staff@example.com'],
    ] as const) {
      for (let i = 0; i < per; i++) {
        const [a, b] = [await seen(await ask(who, known)), await seen(await ask(who, unknown))];
        expect(a.status).toBe(200);
        expect(a).toEqual(b);
      }
      const [a, b] = [await seen(await ask(who, known)), await seen(await ask(who, unknown))];
      expect(a.status).toBe(429);
      expect(a.body).toContain(english(who === 'parent' ? PARENT_THROTTLED : STAFF_THROTTLED));
      expect(a).toEqual(b);
    }
    await drainMailQueue(s.db);
    // Each known e-mail got the links of its allowed requests, and no more.
    expect(mailTo(PARENT)).toHaveLength(1 + per);
    expect(mailTo(DIRECTOR)).toHaveLength(1 + per);
  });

  it('every address together: the cap is spent by messages queued, and once full it refuses known and unknown e-mails alike', async () => {
    s.clock.advance(61 * 60 * 1000);
    const global = limits.passwordResetGlobal;
    const burst = global.burst!.points;
    const emails = Array.from({ length: global.points }, (_, i) => `family${i}@example.com`);
    s.db
      .insert(parentUsers)
      .values(emails.map((email) => ({ email, firstName: 'Fam', lastName: 'Ily', passwordHash: 'not-a-hash' })))
      .run();
    for (let i = 0; i < emails.length; i++) {
      if (i > 0 && i % burst === 0) s.clock.advance(10_000);
      expect((await ask('parent', emails[i]!)).status).toBe(200);
    }
    s.clock.advance(10_000);
    const [known, unknown, staff] = [
      await seen(await ask('parent', PARENT)),
      await seen(await ask('parent', 'nobody.late@example.com')),
      await seen(await ask('admin', 'nobody.staff.late@example.com')),
    ];
    expect(known.status).toBe(429);
    expect(known.body).toContain(english(RESET_BUSY));
    expect(known).toEqual(unknown);
    expect(staff.status).toBe(429);
    await drainMailQueue(s.db);
    expect(
      s.db
        .select()
        .from(outboxMessages)
        .all()
        .filter((m) => m.toAddress.startsWith('family')),
    ).toHaveLength(global.points);
  });

  it('per address: an IPv6 caller is counted by its /48, so a rented server cannot rotate through its block', async () => {
    s.clock.advance(61 * 60 * 1000);
    const per = limits.passwordResetByIp.points;
    for (let i = 0; i < per; i++) expect((await ask('parent', `v6-${i}@example.com`, `2001:db8:aa:${i.toString(16)}::1`)).status).toBe(200);
    const refused = await ask('admin', 'v6-last@example.com', '2001:db8:aa:ffff:1::1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another /48 is another caller.
    expect((await ask('parent', 'v6-other@example.com', '2001:db8:ab::1')).status).toBe(200);
  });
});
