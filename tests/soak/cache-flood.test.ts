/**
 * Memory cannot run away (ADR 017): one signed-in parent sends 5,000 requests that each differ in something
 * (a declared page size, an undeclared parameter, an encoding, a validator, the tRPC input) and 5,000 well-formed
 * forged cursors, against pages of 100 long messages. The response cache and the data memo together stay within
 * their byte budget, no session holds more than its few dozen answers, the heap grows by no more than the budget
 * and a margin, and the server answers every request throughout.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { communicationMessages } from '../../db/schema';
import { cacheStore, MAX_ENTRIES_PER_SESSION } from '../../src/server/cache/store';
import { sharedAdminServer } from '../helpers/admin-server';
import { enrolFamily } from '../helpers/parent-fixtures';

const BUDGET_MB = 8;
const s = sharedAdminServer(() => ({ env: { CACHE_BUDGET_MB: String(BUDGET_MB) } }));
const MB = 1024 * 1024;

const trpcGet = (path: string, input: unknown) => `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
const forgedCursor = (i: number) => Buffer.from(JSON.stringify([1_700_000_000_000 + i, `forged-${i}`])).toString('base64url');

// A full collection before each reading, so what is measured is what the server holds, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

describe('a flood from one signed-in parent', () => {
  it('stays within the byte budget, and every request is answered', { timeout: 240_000 }, async () => {
    const family = await enrolFamily(s, 'flood@example.com', ['Fay Flood']);
    // About 2.4 KB each: the page of 100 is just under the largest answer kept.
    const long = 'A long note from the centre about the week. '.repeat(54);
    s.db
      .insert(communicationMessages)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          senderType: 'admin',
          senderId: 'centre',
          senderName: 'The Centre',
          recipientType: 'parent',
          recipientId: family.email,
          subject: `Week ${i}`,
          content: `${long}${i}`,
        })),
      )
      .run();
    const bearer = { authorization: `Bearer ${family.token}` };
    const store = cacheStore(s.db);
    expect(store.budget).toBe(BUDGET_MB * MB);

    const statuses = new Map<number, number>();
    const send = async (path: string, headers: Record<string, string> = {}) => {
      const res = await s.request(path, { headers: { ...bearer, ...headers } });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    };
    const distinct = (i: number): [string, Record<string, string>] => {
      const limit = 1 + (i % 100);
      switch (i % 5) {
        case 0:
          return [`/api/parent/communications?limit=${limit}`, {}];
        case 1:
          return [`/api/parent/communications?limit=${limit}&k=${i}`, {}];
        case 2:
          return [`/api/parent/communications?limit=${limit}`, { 'accept-encoding': `br;q=0.${(i % 999) + 1}, identity;q=0.${i % 7}` }];
        case 3:
          return [`/api/parent/communications?limit=${limit}`, { 'if-none-match': `"${i}"`, accept: `application/json;v=${i}` }];
        default:
          return i % 2
            ? [trpcGet('communications.parentMessages', { limit }), { 'x-request': String(i) }]
            : [
                `/api/trpc/communications.parentMessages?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { limit } } }))}`,
                { 'accept-encoding': i % 3 ? 'br' : '' },
              ];
      }
    };

    // Warm: the first page read once, so what is measured is the flood, not the first answers.
    await send('/api/parent/communications?limit=100');
    const before = heapUsed();
    let peak = 0;
    for (let start = 0; start < 10_000; start += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) => {
          const i = start + j;
          if (i < 5_000) {
            const [path, headers] = distinct(i);
            return send(path, headers);
          }
          const n = i - 5_000;
          return send(
            n % 2
              ? `/api/parent/communications?limit=100&cursor=${forgedCursor(n)}`
              : trpcGet('communications.parentMessages', { limit: 100, cursor: forgedCursor(n) }),
          );
        }),
      );
      expect(store.bytes()).toBeLessThanOrEqual(BUDGET_MB * MB);
      if (start % 1_000 === 0) {
        // The server still answers a visitor and the parent while it is flooded.
        expect((await s.request('/api/events')).status).toBe(200);
        peak = Math.max(peak, heapUsed() - before);
      }
    }
    const grown = heapUsed() - before;
    peak = Math.max(peak, grown);

    expect(
      [...statuses.keys()].every((status) => status < 500),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(statuses.get(200)).toBeGreaterThan(5_000);
    expect(store.answers()).toBeLessThanOrEqual(MAX_ENTRIES_PER_SESSION + 10);
    // The budget, and a margin for the server's and this test client's own working memory.
    expect(peak, `heap growth ${Math.round(peak / MB)} MB`).toBeLessThan((BUDGET_MB + 24) * MB);
    console.log(
      `cache-flood: heap growth at most ${Math.round(peak / MB)} MB, ${store.answers()} answers kept, ${Math.round(store.bytes() / MB)} MB counted`,
    );
    expect((await s.request('/api/parent/communications?limit=5', { headers: bearer })).status).toBe(200);
  });
});
