import { afterAll, beforeAll, expect } from 'vitest';
import { json, sampleChild } from './enrollment-fixtures';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/** Vitest only (it registers hooks): the e2e tests import server.ts and enrollment-fixtures.ts, never this. */

export interface AdminTestServer extends TestServer {
  /** The session cookie of the admin signed in when the server started. */
  admin: string;
}

/**
 * One server, with an admin signed in, for the tests of the enclosing file or describe block: started before
 * them and closed after them. The object is filled in when the block starts, so read it inside tests, hooks
 * and the helpers they call. `options` is called then too, so it may use what an earlier beforeAll prepared.
 */
export function sharedAdminServer(options: () => TestServerOptions = () => ({})): AdminTestServer {
  const shared = {} as AdminTestServer;
  beforeAll(async () => {
    const server = await startTestServer(options());
    Object.assign(shared, server, { admin: await server.adminCookie() });
  });
  afterAll(() => shared.close?.());
  return shared;
}

/** Request options that send a session cookie: `s.request(path, { method: 'DELETE', ...as(s.admin) })`. */
export const as = (cookie: string) => ({ headers: { cookie } });

export type ChildBody = typeof sampleChild & { id: string; isActive: boolean; applicationId: string | null };

let childCount = 0;
/** Adds an enrolled child through the admin API: sampleChild, with a parent e-mail of its own unless `overrides` names one. */
export async function addChild(s: AdminTestServer, overrides: Record<string, unknown> = {}): Promise<ChildBody> {
  childCount++;
  const res = await s.request('/api/admin/enrolled-children', {
    method: 'POST',
    json: { ...sampleChild, parentEmail: `parent${childCount}@example.com`, ...overrides },
    ...as(s.admin),
  });
  expect(res.status).toBe(201);
  return json<ChildBody>(res);
}
