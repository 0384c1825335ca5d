import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog } from '../../db/schema';
import { LISTED_PER_HOUR } from '../../src/server/auth/failed-sign-ins';
import { hashPassword } from '../../src/server/auth/password';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Failed staff sign-ins (ADR 065): for an e-mail with no account they are only counted, never an audit row; a real
 * account's are audit rows, a few an hour, the rest counted onto its next row.
 */
let s: TestServer;
const KNOWN = { email: 'known.staff@example.com', password: 'the right one, long enough' };
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  s.db
    .insert(adminUsers)
    .values({ email: KNOWN.email, name: 'Known Staff', passwordHash: await hashPassword(KNOWN.password) })
    .run();
});
afterAll(() => s.close());

let n = 0;
/** A new /64 for each attempt, as the attack of rotating addresses. */
const signIn = (email: string, password = 'a wrong guess') =>
  s.request('/api/admin/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'x-forwarded-for': `2001:db8:5:${(++n).toString(16)}::1` },
  });
const rows = () => s.db.select().from(auditLog).where(eq(auditLog.action, 'sign-in-failed')).orderBy(desc(auditLog.id)).all();

describe('failed staff sign-ins', () => {
  it('for e-mails with no account: counted, with no audit row', async () => {
    for (let i = 0; i < 30; i++) expect((await signIn(`made-up-${i}@example.com`)).status).toBe(401);
    expect(rows()).toHaveLength(0);
    expect(s.app.limits.failedSignIns.unknown.total(s.clock.now().getTime())).toBe(30);
  });

  it(`on a real account: logged, at most ${LISTED_PER_HOUR} rows an hour, and the next row counts the failures left out`, async () => {
    const tries = LISTED_PER_HOUR + 7;
    for (let i = 0; i < tries; i++) expect((await signIn(KNOWN.email)).status).toBe(401);
    const listed = rows();
    expect(listed).toHaveLength(LISTED_PER_HOUR);
    const account = s.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, KNOWN.email)).get()!.id;
    for (const row of listed) expect(row).toMatchObject({ entityId: account, actorId: null, fields: { email: KNOWN.email } });

    s.clock.advance(60 * 60 * 1000);
    expect((await signIn(KNOWN.email)).status).toBe(401);
    const next = rows();
    expect(next).toHaveLength(LISTED_PER_HOUR + 1);
    expect(next[0]!.fields).toMatchObject({ email: KNOWN.email, unlisted: tries - LISTED_PER_HOUR });
    // The owner still signs in.
    expect((await signIn(KNOWN.email, KNOWN.password)).status).toBe(200);
  });
});
