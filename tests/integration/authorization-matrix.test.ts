/**
 * Every tRPC procedure (from appRouter) and every REST path (from the Hono app), called as an anonymous
 * visitor, parent A, parent B and staff with a valid input naming family A's records: each answer's status
 * must be the one tests/authorization-matrix.ts records. A procedure or path without an entry fails.
 * Besides the status: parent B's 404s leak nothing of family A, and every answer to a signed-in caller
 * (and every answer carrying a session) is `Cache-Control: no-store`, unless it is exactly a visitor's answer.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROCEDURES, ROUTES, type Expected } from '../authorization-matrix';
import { sharedAdminServer } from '../helpers/admin-server';
import { buildFixtures, callProcedure, callRoute, FAMILY_A_SECRETS, type Fixtures, type Role, ROLES } from '../helpers/authz-fixtures';
import { listApiRoutes, listProcedures } from '../helpers/routes';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let fixtures: Promise<Fixtures> | null = null;
const f = () => (fixtures ??= buildFixtures(s));

// Each case comes ten seconds after the last on the server's clock, as separate people's requests do: the bursts
// of the costly limits (ADR 058: messages, PDFs, reset e-mails) count calls within ten seconds, and this matrix is
// about who may call, not how often (account-rates.test.ts is).
beforeEach(() => s.clock.advance(10_000));

const procedures = listProcedures();
const routes = listApiRoutes().map((r) => ({ ...r, key: `${r.method} ${r.path}` }));

/** Checks made on every answer, whatever the status. */
async function check(res: Response, role: Role, personal: boolean, what: string, publicText?: string) {
  const text = await res.text();
  // A signed-in caller given exactly what a visitor gets (a public list) has been given nothing personal.
  if (publicText !== undefined && text === publicText) personal = false;
  expect(res.status, `${what} as ${role}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (role === 'parentB' && res.status === 404) {
    for (const secret of FAMILY_A_SECRETS) expect(text, `${what}: parent B's 404 names family A`).not.toContain(secret);
  }
  if (personal || res.headers.has('set-cookie')) expect(res.headers.get('cache-control'), `${what} as ${role}`).toMatch(/no-store/);
  return { status: res.status, text };
}

/** Personal: anything a signed-in caller gets, except a public list read by a parent (staff lists include private items). */
const personal = (expected: Expected, role: Role, method: string) =>
  role !== 'anonymous' && !(method === 'GET' && expected.anonymous === 200 && role !== 'admin' && role !== 'teacher');

describe('every procedure and path has an entry in the matrix', () => {
  it('the generators are not vacuous', () => {
    expect(procedures.length).toBeGreaterThan(60);
    expect(routes.length).toBeGreaterThan(60);
  });

  it('no procedure or path is missing from tests/authorization-matrix.ts, and no entry names one that is gone', () => {
    expect(
      procedures.map((p) => p.path).filter((p) => !PROCEDURES[p]),
      'procedures without an entry',
    ).toEqual([]);
    expect(
      routes.map((r) => r.key).filter((k) => !ROUTES[k]),
      'paths without an entry',
    ).toEqual([]);
    expect(
      Object.keys(PROCEDURES).filter((p) => !procedures.some((x) => x.path === p)),
      'entries for no procedure',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((k) => !routes.some((r) => r.key === k)),
      'entries for no path',
    ).toEqual([]);
  });
});

describe('tRPC procedures over HTTP', () => {
  it.each(procedures.filter((p) => PROCEDURES[p.path]).map((p) => [p.path, p.type] as const))('%s (%s)', async (path, type) => {
    const fx = await f();
    const entry = PROCEDURES[path]!;
    const got = {} as Expected;
    let publicText: string | undefined;
    for (const role of ROLES) {
      const input = entry.input ? await entry.input(fx, role) : undefined;
      const res = await callProcedure(s, path, type, input, fx.headers(role));
      const answer = await check(res, role, personal(entry.expect, role, type === 'query' ? 'GET' : 'POST'), path, publicText);
      if (role === 'anonymous' && answer.status === 200) publicText = answer.text;
      got[role] = answer.status;
    }
    expect(got).toEqual(entry.expect);
  });
});

describe('REST paths', () => {
  it.each(routes.filter((r) => ROUTES[r.key]).map((r) => [r.method, r.path] as const))('%s %s', async (method, path) => {
    const fx = await f();
    const entry = ROUTES[`${method} ${path}`]!;
    const got = {} as Expected;
    let publicText: string | undefined;
    for (const role of ROLES) {
      const url = entry.path ? await entry.path(fx, role) : path;
      const body = entry.body ? await entry.body(fx, role) : undefined;
      const res = await callRoute(s, method, url, body, fx.headers(role));
      const answer = await check(
        res,
        role,
        personal(entry.expect, role, method),
        `${method} ${path}`,
        method === 'GET' ? publicText : undefined,
      );
      if (role === 'anonymous' && answer.status === 200) publicText = answer.text;
      got[role] = answer.status;
    }
    expect(got).toEqual(entry.expect);
  });
});
