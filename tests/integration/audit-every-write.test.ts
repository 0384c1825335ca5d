/**
 * Every staff write leaves exactly one audit row (ADR 038). Generated like the authorization matrix:
 * every mutation of appRouter and every unsafe REST path a director may call runs once, as the director, with
 * the matrix's own input (tests/authorization-matrix.ts), and the audit log must have grown by exactly one row
 * naming the director. A new mutation or path without its audit row fails here; the few writes that are not
 * staff's are listed below, each with its reason.
 */
import { desc } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema';
import type * as Fields from '../../src/server/audit/fields';
import { AUDIT_SECRET_FIELD } from '../../src/shared/audit';
import { PROCEDURES, ROUTES } from '../authorization-matrix';
import { sharedAdminServer } from '../helpers/admin-server';
import { buildFixtures, callProcedure, callRoute, type Fixtures } from '../helpers/authz-fixtures';
import { listApiRoutes, listProcedures } from '../helpers/routes';

/**
 * Every audit row's fields as the write handed them and as the row keeps them (fields.ts keptFields, wrapped
 * here: this file runs with its own modules, vitest.config.ts ISOLATED). A kept value reads `changed` when it is
 * not kept; it is null only where the write itself carried null (a cleared field) or the field is a secret
 * (AUDIT_SECRET_FIELD: the Audit tab reads it "changed (not kept)"). A value dropped to null says "cleared",
 * which is not what happened, so afterEach fails the write that did it.
 */
const kept = vi.hoisted(() => [] as { entity: string; written: Record<string, unknown>; out: Record<string, unknown> }[]);
vi.mock('../../src/server/audit/fields', async (importOriginal) => {
  const actual = await importOriginal<typeof Fields>();
  return {
    ...actual,
    keptFields: (entity: Parameters<typeof actual.keptFields>[0], written: Record<string, unknown>) => {
      const out = actual.keptFields(entity, written);
      kept.push({ entity, written, out });
      return out;
    },
  };
});

/** The fields of the rows written since the last check that read null though the write carried a value. */
function droppedToNull(): string[] {
  const dropped = kept.flatMap(({ entity, written, out }) =>
    Object.entries(out)
      .filter(([key, value]) => value === null && written[key] !== null && !AUDIT_SECRET_FIELD.test(key))
      .map(([key]) => `${entity}.${key} = ${JSON.stringify(written[key])}`),
  );
  kept.length = 0;
  return dropped;
}

afterEach(() => {
  expect(droppedToNull(), 'audit fields kept as null though the write carried a value').toEqual([]);
});

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let fixtures: Promise<Fixtures> | null = null;
const f = () => (fixtures ??= buildFixtures(s));

/** Writes a director may call that are not staff writes. */
const NOT_STAFF_WRITES: Record<string, string> = {
  'enrollment.submit': "a family's application, from the public form",
  'POST /api/enrollment': "a family's application, from the public form",
  'parentAuth.login': "a parent's sign-in",
  'parentAuth.logout': "a parent's sign-out (a staff session has none to end)",
  'parentAuth.forgotPassword': "a parent's reset link",
  'parentAuth.resetPassword': "a parent's new password",
  'POST /api/parent/login': "a parent's sign-in",
  'POST /api/parent/logout': "a parent's sign-out",
  'POST /api/parent/forgot-password': "a parent's reset link",
  'POST /api/parent/reset-password': "a parent's new password",
  // A POST only so that the token stays out of addresses and logs: it reads whether a parent's link works.
  'parentAuth.checkResetLink': "reads whether a parent's reset link works; writes nothing",
  // Asking for a link changes no account, and anyone may ask: the link's use is recorded (adminAuth.setPassword).
  'adminAuth.forgotPassword': 'asks for a link; its use is recorded',
  'POST /api/admin/forgot-password': 'asks for a link; its use is recorded',
  // The second factor (ADR 102): a challenge or a secret not yet confirmed is no factor; what becomes one is recorded.
  'adminAuth.passkeyOptions': "a passkey sign-in's challenge; the sign-in is recorded",
  'POST /api/admin/login/passkey-options': "a passkey sign-in's challenge; the sign-in is recorded",
  'staffMfa.totpSetup': "starts the app's setup; its confirmation is recorded",
  'POST /api/admin/mfa/totp/setup': "starts the app's setup; its confirmation is recorded",
  'staffMfa.passkeyRegistrationOptions': "a passkey's challenge; the passkey's registration is recorded",
  'POST /api/admin/passkeys/registration-options': "a passkey's challenge; the passkey's registration is recorded",
  // The password again stamps the session's proof; the factor change it allows is recorded, and so is a wrong one.
  'adminAuth.reauth': 'proves the person before a factor change; that change is recorded, as is a wrong password',
  'POST /api/admin/reauth': 'proves the person before a factor change; that change is recorded, as is a wrong password',
};

const mutations = listProcedures().filter(
  (p) => p.type === 'mutation' && PROCEDURES[p.path] && PROCEDURES[p.path]!.expect.admin < 300 && !NOT_STAFF_WRITES[p.path],
);
const writes = listApiRoutes()
  .filter((r) => r.method !== 'GET' && ROUTES[`${r.method} ${r.path}`])
  .map((r) => ({ ...r, key: `${r.method} ${r.path}` }))
  .filter((r) => ROUTES[r.key]!.expect.admin < 300 && !NOT_STAFF_WRITES[r.key]);

const rows = () => s.count(auditLog);
const last = () => s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;

describe('every staff write records exactly one audit row', () => {
  it('the generators are not vacuous, and every exemption names a write that exists', () => {
    expect(mutations.length).toBeGreaterThan(35);
    expect(writes.length).toBeGreaterThan(30);
    const known = new Set([...listProcedures().map((p) => p.path), ...listApiRoutes().map((r) => `${r.method} ${r.path}`)]);
    for (const key of Object.keys(NOT_STAFF_WRITES)) expect(known.has(key), key).toBe(true);
  });

  it.each(mutations.map((p) => [p.path, p.type] as const))('%s', async (path, type) => {
    const fx = await f();
    const input = await PROCEDURES[path]!.input?.(fx, 'admin');
    const before = rows();
    const res = await callProcedure(s, path, type, input, fx.headers('admin'));
    expect(res.status, await res.text()).toBeLessThan(300);
    expect(rows() - before, `${path}: audit rows written`).toBe(1);
    expect(kept.length, `${path}: the row's fields were checked`).toBeGreaterThan(0);
    expect(last().actorName, path).not.toBe('Unknown');
  });

  it.each(writes.map((r) => [r.method, r.path] as const))('%s %s', async (method, path) => {
    const fx = await f();
    const entry = ROUTES[`${method} ${path}`]!;
    const url = entry.path ? await entry.path(fx, 'admin') : path;
    const body = entry.body ? await entry.body(fx, 'admin') : undefined;
    const before = rows();
    const res = await callRoute(s, method, url, body, fx.headers('admin'));
    expect(res.status, await res.text()).toBeLessThan(300);
    expect(rows() - before, `${method} ${path}: audit rows written`).toBe(1);
    expect(kept.length, `${method} ${path}: the row's fields were checked`).toBeGreaterThan(0);
  });

  it('a write refused (404) records nothing, and a failed sign-in records one row without the password', async () => {
    const fx = await f();
    const before = rows();
    expect((await callRoute(s, 'DELETE', '/api/events/no-such-event', undefined, fx.headers('admin'))).status).toBe(404);
    expect(rows()).toBe(before);
    const res = await callRoute(s, 'POST', '/api/admin/login', { email: fx.adminEmail, password: 'not-the-password-at-all' }, {});
    expect(res.status).toBe(401);
    expect(rows()).toBe(before + 1);
    const row = last();
    expect(row).toMatchObject({ action: 'sign-in-failed', entity: 'session', fields: { email: fx.adminEmail } });
    // A failed attempt is not the account holder's doing: nobody signed in made it.
    expect(row).toMatchObject({ actorId: null, actorName: 'Not signed in' });
    expect(row.entityId).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain('not-the-password-at-all');
  });
});
