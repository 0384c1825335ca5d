import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentSessions } from '../../db/schema';
import { PARENT_SESSION_MAX_MS, PARENT_SESSION_MS, validateParentToken } from '../../src/server/auth/session';
import { startTestServer, type TestServer } from '../helpers/server';

const DAY = 24 * 60 * 60 * 1000;

describe('parent session lifetime (30 days idle, 90 days at most)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('idles out 30 days after the last use', async () => {
    expect(PARENT_SESSION_MS).toBe(30 * DAY);
    const { token } = await s.parentToken('idle@example.com');
    s.clock.advance(29 * DAY);
    expect(validateParentToken(s.db, s.clock, token)).not.toBeNull();
    s.clock.advance(30 * DAY - 1000);
    expect(validateParentToken(s.db, s.clock, token)).not.toBeNull();
    s.clock.advance(30 * DAY + 1000);
    expect(validateParentToken(s.db, s.clock, token)).toBeNull();
  });

  // Over HTTP: a parent's answers are kept per session (services/parent-answers.ts), and none may outlive it.
  const children = (token: string) => s.request('/api/parent/children', { headers: { authorization: `Bearer ${token}` } });

  it('is refused at exactly its idle expiry and accepted 1 ms before, to the millisecond', async () => {
    const signedInAt = s.clock.now().getTime();
    const used = (await s.parentToken('edge-used@example.com')).token;
    const idle = (await s.parentToken('edge-idle@example.com')).token;
    expect((await children(idle)).status).toBe(200);
    s.clock.set(new Date(signedInAt + PARENT_SESSION_MS - 1));
    expect((await children(used)).status).toBe(200);
    s.clock.set(new Date(signedInAt + PARENT_SESSION_MS));
    expect((await children(idle)).status).toBe(401);
  });

  it('is refused at exactly its absolute end and accepted 1 ms before, even when its idle expiry is later', async () => {
    const signedInAt = s.clock.now().getTime();
    const { token } = await s.parentToken('edge-absolute@example.com');
    // An idle expiry past the absolute end: only the absolute end can refuse it.
    s.db
      .update(parentSessions)
      .set({ expiresAt: new Date(signedInAt + 2 * PARENT_SESSION_MAX_MS) })
      .where(eq(parentSessions.id, token.split('.')[0]!))
      .run();
    expect((await children(token)).status).toBe(200);
    s.clock.set(new Date(signedInAt + PARENT_SESSION_MAX_MS - 1));
    expect((await children(token)).status).toBe(200);
    s.clock.set(new Date(signedInAt + PARENT_SESSION_MAX_MS));
    expect((await children(token)).status).toBe(401);
  });

  it('ends 90 days after the sign-in even when used every week, and is removed', async () => {
    expect(PARENT_SESSION_MAX_MS).toBe(90 * DAY);
    const start = s.clock.now().getTime();
    const { token } = await s.parentToken('busy@example.com');
    let expiresAt = 0;
    while (s.clock.now().getTime() + 7 * DAY < start + PARENT_SESSION_MAX_MS) {
      s.clock.advance(7 * DAY);
      const auth = validateParentToken(s.db, s.clock, token);
      expect(auth).not.toBeNull();
      expiresAt = auth!.expiresAt.getTime();
    }
    expect(expiresAt).toBe(start + PARENT_SESSION_MAX_MS);
    s.clock.set(new Date(start + PARENT_SESSION_MAX_MS));
    expect(validateParentToken(s.db, s.clock, token)).toBeNull();
    expect(
      s.db
        .select()
        .from(parentSessions)
        .where(eq(parentSessions.id, token.split('.')[0]!))
        .get(),
    ).toBeUndefined();
  });
});
