/**
 * Property-based fuzzing of every tRPC procedure over HTTP, as the role the authorization matrix lets call it:
 * hostile inputs (tests/helpers/fuzz.ts) get a 2xx or a 4xx with a message, never a 5xx, and a 4xx writes
 * nothing. The database passes `PRAGMA integrity_check` after. `FUZZ_SEED`/`FUZZ_RUNS` replay or deepen a run.
 */
import fc from 'fast-check';
import { afterAll, beforeEach, describe, it } from 'vitest';
import { PROCEDURES } from '../authorization-matrix';
import { sharedAdminServer } from '../helpers/admin-server';
import { buildFixtures, callProcedure, type Fixtures } from '../helpers/authz-fixtures';
import { allowedRole, expectHandled, expectIntact, fuzzParams, hostileInput, settledWrites } from '../helpers/fuzz';
import { listProcedures } from '../helpers/routes';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let fixtures: Promise<Fixtures> | null = null;
const f = () => (fixtures ??= buildFixtures(s));

// Each path is fuzzed ten seconds after the last on the server's clock, as the authorization matrix does: a path
// fuzzed with valid input (a parent's message) can spend a costly limit's burst (ADR 058), and the next path's
// fixture (a message to mark read) would then be refused. Rates have their own tests (account-rates.test.ts).
beforeEach(() => s.clock.advance(10_000));

describe('tRPC procedures with hostile input', () => {
  it.each(listProcedures().map((p) => [p.path, p.type] as const))('%s', async (path, type) => {
    const fx = await f();
    const entry = PROCEDURES[path]!;
    const role = allowedRole(entry.expect);
    const valid = entry.input ? await entry.input(fx, role) : undefined;
    const headers = fx.headers(role);
    await fc.assert(
      fc.asyncProperty(hostileInput(valid), async (input) => {
        const before = await settledWrites(s);
        await expectHandled(s, before, await callProcedure(s, path, type, input, headers), path);
      }),
      fuzzParams(),
    );
  });

  afterAll(() => expectIntact(s));
});
