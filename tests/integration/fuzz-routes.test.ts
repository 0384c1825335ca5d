/**
 * Property-based fuzzing of every REST path, as the role the authorization matrix lets call it: hostile path
 * parameters, query values, JSON bodies, form fields and file bytes (tests/helpers/fuzz.ts) get a 2xx or a
 * 4xx with a message, never a 5xx, and a 4xx writes nothing. `PRAGMA integrity_check` passes after.
 */
import fc from 'fast-check';
import { afterAll, beforeEach, describe, it } from 'vitest';
import { ROUTES } from '../authorization-matrix';
import { sharedAdminServer } from '../helpers/admin-server';
import { buildFixtures, callRoute, type Fixtures } from '../helpers/authz-fixtures';
import {
  allowedRole,
  expectHandled,
  expectIntact,
  fuzzParams,
  hostileInput,
  hostileSegment,
  hostileValue,
  settledWrites,
} from '../helpers/fuzz';
import { listApiRoutes } from '../helpers/routes';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let fixtures: Promise<Fixtures> | null = null;
const f = () => (fixtures ??= buildFixtures(s));

// Each path is fuzzed ten seconds after the last on the server's clock, as the authorization matrix does: a path
// fuzzed with valid input (a parent's message) can spend a costly limit's burst (ADR 058), and the next path's
// fixture (a message to mark read) would then be refused. Rates have their own tests (account-rates.test.ts).
beforeEach(() => s.clock.advance(10_000));

/** The valid URL with some of its parameters and query values swapped for hostile ones. */
function hostileUrl(pattern: string, valid: string): fc.Arbitrary<string> {
  const [validPath, query] = valid.split('?') as [string, string | undefined];
  const parts = validPath.split('/');
  const params = pattern.split('/').flatMap((seg, i) => (seg.startsWith(':') ? [i] : []));
  const queryKeys = query ? [...new URLSearchParams(query).keys()] : [];
  return fc
    .tuple(
      fc.array(fc.option(hostileSegment), { minLength: params.length, maxLength: params.length }),
      fc.array(fc.option(hostileSegment), { minLength: queryKeys.length, maxLength: queryKeys.length }),
    )
    .map(([segs, values]) => {
      const p = [...parts];
      params.forEach((i, k) => {
        if (segs[k] !== null) p[i] = segs[k]!;
      });
      const q = new URLSearchParams(query);
      queryKeys.forEach((key, k) => {
        if (values[k] !== null) q.set(key, values[k]!);
      });
      return p.join('/') + (query ? `?${q}` : '');
    });
}

function hostileBody(valid: unknown): fc.Arbitrary<unknown> {
  if (valid instanceof Uint8Array) return fc.uint8Array({ maxLength: 4096 });
  if (valid instanceof FormData) {
    return fc.tuple(fc.uint8Array({ maxLength: 4096 }), hostileValue).map(([bytes, caption]) => {
      const form = new FormData();
      form.append('picture', new Blob([bytes], { type: 'image/png' }), 'x.png');
      form.append('caption', typeof caption === 'string' ? caption : JSON.stringify(caption ?? null));
      return form;
    });
  }
  return hostileInput(valid);
}

describe('REST paths with hostile input', () => {
  it.each(listApiRoutes().map((r) => [r.method, r.path] as const))('%s %s', async (method, pattern) => {
    const fx = await f();
    const entry = ROUTES[`${method} ${pattern}`]!;
    const role = allowedRole(entry.expect);
    const valid = entry.path ? await entry.path(fx, role) : pattern;
    const body = entry.body ? await entry.body(fx, role) : method === 'GET' ? undefined : {};
    const headers = fx.headers(role);
    await fc.assert(
      fc.asyncProperty(
        hostileUrl(pattern, valid),
        method === 'GET' || method === 'DELETE' ? fc.constant(undefined) : hostileBody(body),
        async (url, input) => {
          const before = await settledWrites(s);
          await expectHandled(s, before, await callRoute(s, method, url, input, headers), `${method} ${url.slice(0, 120)}`);
        },
      ),
      fuzzParams(),
    );
  });

  afterAll(() => expectIntact(s));
});
