import { beforeAll, describe, expect, it } from 'vitest';
import { communicationMessages, parentUsers, privateFiles } from '../../db/schema';
import { QUOTA_MESSAGE, UNSUBMITTED_MAX_FILES } from '../../src/server/documents/uploads';
import { RESET_BUSY } from '../../src/server/parents/passwords';
import { createLimiters, type RateLimit, SLOW_DOWN_MESSAGE } from '../../src/server/services/rate-limit';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { PDF } from '../helpers/authz-fixtures';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { english } from '../helpers/english';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
const limits = createLimiters();
let family: Family;
let other: Family;
beforeAll(async () => {
  family = await enrolFamily(s, 'rates@example.com', ['Ada Rates']);
  other = await enrolFamily(s, 'rates-other@example.com', ['Bo Rates']);
});

/** A 429 the page can show: Retry-After in whole seconds and the plain sentence. */
async function expectSlowDown(res: Response, message = english(SLOW_DOWN_MESSAGE)) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(JSON.stringify(await res.json())).toContain(message);
}

/** Before the `i`th request of a loop that spends a whole window: lets each burst's seconds pass. */
function afterBurst(i: number, limit: RateLimit) {
  if (limit.burst && i > 0 && i % limit.burst.points === 0) s.clock.advance(BURST_MS);
}
const BURST_MS = 10_000;

describe('per-account rates', () => {
  it('messages: a parent over the rate gets 429 over REST and tRPC, nothing stored; another parent is not slowed', async () => {
    const points = limits.messages.parent.points;
    for (let i = 0; i < points; i++) {
      afterBurst(i, limits.messages.parent);
      const res = await s.request('/api/parent/communications', {
        method: 'POST',
        json: { subject: `Note ${i}`, content: 'x'.repeat(5000) },
        ...bearer(family.token),
      });
      expect(res.status).toBe(201);
    }
    const before = s.count(communicationMessages);
    await expectSlowDown(
      await s.request('/api/parent/communications', {
        method: 'POST',
        json: { subject: 'One more', content: 'Hello' },
        ...bearer(family.token),
      }),
    );
    await expectSlowDown(
      await s.request('/api/trpc/communications.parentSend', {
        method: 'POST',
        json: { json: { subject: 'One more', content: 'Hello' } },
        ...bearer(family.token),
      }),
    );
    expect(s.count(communicationMessages)).toBe(before);
    expect(
      (await s.request('/api/parent/communications', { method: 'POST', json: { subject: 'Hi', content: 'Hello' }, ...bearer(other.token) }))
        .status,
    ).toBe(201);
  });

  it('upload URLs: over the rate, 429', async () => {
    const points = limits.uploadUrls.points;
    let last: Response | null = null;
    for (let i = 0; i <= points; i++) last = await s.request('/api/objects/upload', { method: 'POST', ...bearer(other.token) });
    await expectSlowDown(last!);
  });

  it('receipt and statement PDFs: over the rate, 429', async () => {
    const child = family.children[0]!;
    const receipt = await json<{ id: string }>(
      await s.request('/api/admin/payment-receipts', {
        method: 'POST',
        json: {
          childId: child.id,
          parentName: child.parentName,
          parentEmail: family.email,
          paymentType: 'tuition',
          amount: '250.00',
          paymentMethod: 'cash',
          paymentDate: '2026-11-02',
        },
        ...as(s.admin),
      }),
    );
    const points = limits.pdfs.parent.points;
    for (let i = 0; i < points; i++) {
      afterBurst(i, limits.pdfs.parent);
      const path = i % 2 ? `/api/parent/payment-receipts/${receipt.id}/pdf` : '/api/parent/tax-statements/2026/pdf';
      expect((await s.request(path, bearer(family.token))).status, path).toBe(200);
    }
    await expectSlowDown(await s.request(`/api/parent/payment-receipts/${receipt.id}/pdf`, bearer(family.token)));
    await expectSlowDown(await s.request('/api/parent/tax-statements/2026/pdf', bearer(family.token)));
  });
});

describe('the quota of files uploaded but not submitted', () => {
  it(`refuses a ${UNSUBMITTED_MAX_FILES + 1}th unsubmitted file with a clear 409, at the URL and at the PUT`, async () => {
    const fresh = await enrolFamily(s, 'quota@example.com', ['Cy Quota']);
    const urls: string[] = [];
    for (let i = 0; i < UNSUBMITTED_MAX_FILES + 1; i++) {
      const res = await s.request('/api/objects/upload', { method: 'POST', ...bearer(fresh.token) });
      expect(res.status).toBe(200);
      urls.push((await json<{ uploadURL: string }>(res)).uploadURL);
    }
    for (const url of urls.slice(0, UNSUBMITTED_MAX_FILES))
      expect((await s.request(url, { method: 'PUT', body: PDF, ...bearer(fresh.token) })).status).toBe(201);
    const files = s.count(privateFiles);
    const refused = await s.request(urls.at(-1)!, { method: 'PUT', body: PDF, ...bearer(fresh.token) });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(english(QUOTA_MESSAGE, { count: 5 }));
    expect(s.count(privateFiles)).toBe(files);
    const noUrl = await s.request('/api/objects/upload', { method: 'POST', ...bearer(fresh.token) });
    expect(noUrl.status).toBe(409);
  });
});

/** Parents with these e-mails: the forgot-password cap on every address together is spent by messages queued only. */
function parentsWith(emails: string[]) {
  s.db
    .insert(parentUsers)
    .values(emails.map((email) => ({ email, firstName: 'Reset', lastName: 'Rates', passwordHash: 'not-a-hash' })))
    .run();
}

describe('forgot-password has a global cap', () => {
  it('answers 429 with Retry-After once every address together went over it', async () => {
    const points = limits.passwordResetGlobal.points;
    parentsWith(Array.from({ length: points }, (_, i) => `someone${i}@example.com`));
    for (let i = 0; i < points; i++) {
      afterBurst(i, limits.passwordResetGlobal);
      const res = await s.request('/api/parent/forgot-password', {
        method: 'POST',
        json: { email: `someone${i}@example.com` },
        headers: { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      });
      expect(res.status).toBe(200);
    }
    await expectSlowDown(
      await s.request('/api/parent/forgot-password', {
        method: 'POST',
        json: { email: 'late@example.com' },
        headers: { 'x-forwarded-for': '10.99.0.1' },
      }),
      english(RESET_BUSY),
    );
  });
});

describe("bursts: a window's allowance of costly work cannot all arrive at once", () => {
  it('messages: one over the burst within ten seconds gets 429 with Retry-After, nothing stored; ten seconds later it is taken', async () => {
    const fresh = await enrolFamily(s, 'burst-messages@example.com', ['Di Burst']);
    const send = (subject: string) =>
      s.request('/api/parent/communications', { method: 'POST', json: { subject, content: 'Hello' }, ...bearer(fresh.token) });
    const burst = limits.messages.parent.burst!.points;
    expect(burst).toBeLessThan(limits.messages.parent.points);
    for (let i = 0; i < burst; i++) expect((await send(`Quick ${i}`)).status).toBe(201);
    const before = s.count(communicationMessages);
    const refused = await send('One too quick');
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(BURST_MS / 1000);
    await expectSlowDown(refused);
    expect(s.count(communicationMessages)).toBe(before);
    s.clock.advance(BURST_MS);
    expect((await send('After a pause')).status).toBe(201);
  });

  it('PDFs: one over the burst within ten seconds gets 429; ten seconds later it is rendered', async () => {
    s.clock.advance(5 * 60 * 1000); // past the window the PDFs' test above spent (its family has a 2026 receipt)
    const pdf = () => s.request('/api/parent/tax-statements/2026/pdf', bearer(family.token));
    for (let i = 0; i < limits.pdfs.parent.burst!.points; i++) expect((await pdf()).status).toBe(200);
    await expectSlowDown(await pdf());
    s.clock.advance(BURST_MS);
    expect((await pdf()).status).toBe(200);
  });

  it('forgot-password: every address together gets at most a burst in ten seconds', async () => {
    s.clock.advance(60 * 60 * 1000); // past the window the global cap's test above spent
    const ask = (i: number) =>
      s.request('/api/parent/forgot-password', {
        method: 'POST',
        json: { email: `burst${i}@example.com` },
        headers: { 'x-forwarded-for': `10.8.0.${i + 1}` },
      });
    const burst = limits.passwordResetGlobal.burst!.points;
    parentsWith(Array.from({ length: burst }, (_, i) => `burst${i}@example.com`));
    for (let i = 0; i < burst; i++) expect((await ask(i)).status).toBe(200);
    await expectSlowDown(await ask(burst), english(RESET_BUSY));
    s.clock.advance(BURST_MS);
    expect((await ask(burst + 1)).status).toBe(200);
  });
});
