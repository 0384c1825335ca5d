/**
 * Two centres on one host (ADR 091): two servers over two databases. A staff session and a parent's token of one are
 * refused by the other (401), while each works where it was made; the cookie is set for its own host only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

describe('two centres on one host', () => {
  it('keep their own databases', () => {
    expect(a.config.databasePath).not.toBe(b.config.databasePath);
    expect(a.config.privateDir).not.toBe(b.config.privateDir);
    expect(a.config.uploadsDir).not.toBe(b.config.uploadsDir);
  });

  it("a staff member's sign-in at one centre is refused by the other", async () => {
    // The same e-mail and password at both centres: still two accounts, and a session is its centre's only.
    await a.adminCookie('director@example.com');
    await b.adminCookie('director@example.com');
    const login = await a.request('/api/admin/login', {
      method: 'POST',
      json: { email: 'director@example.com', password: 'director-pass-1' },
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('admin_session='))!;
    expect(setCookie).not.toMatch(/domain=/i);
    expect(setCookie).toMatch(/path=\/;/i);
    const cookie = setCookie.split(';')[0]!;
    expect((await a.request('/api/admin/me', { headers: { cookie } })).status).toBe(200);
    const elsewhere = await b.request('/api/admin/me', { headers: { cookie } });
    expect(elsewhere.status).toBe(401);
    expect((await b.request('/api/admin/staff', { headers: { cookie } })).status).toBe(401);
  });

  it("a parent's token of one centre is refused by the other", async () => {
    const { token } = await a.parentToken('parent@example.com');
    await b.parentToken('parent@example.com');
    const auth = { authorization: `Bearer ${token}` };
    expect((await a.request('/api/parent/me', { headers: auth })).status).toBe(200);
    expect((await b.request('/api/parent/me', { headers: auth })).status).toBe(401);
  });
});
