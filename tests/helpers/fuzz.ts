import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import type { Expected } from '../authorization-matrix';
import type { AdminTestServer } from './admin-server';
import type { Role } from './authz-fixtures';

/**
 * Hostile input for the fuzz tests: wrong types, huge and empty strings, unicode that confuses (bidi
 * overrides, zero-width, NUL, lone surrogates), SQL and HTML fragments, impossible dates, extreme numbers,
 * nested objects and arrays. `FUZZ_SEED=<n>` replays a run; without it the seed is random and fast-check
 * prints it with any failure.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  'x'.repeat(300_000),
  '\u202Egnp.exe',
  'a\u200Bb\u200C\u200D\uFEFF',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '🧒🏽‍🎨',
  "'; DROP TABLE enrolled_children; --",
  '" OR 1=1 --',
  "1' UNION SELECT password_hash FROM admin_users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '2024-02-30',
  '2023-13-01',
  '0000-00-00',
  '2026-11-31T25:61:00Z',
  '-1',
  '1e309',
  'NaN',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '__proto__',
  'constructor',
  'null',
];

function deepNest(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 200 }),
);
const hostileScalar = fc.oneof(
  hostileString,
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5),
  fc.boolean(),
  fc.constant(null),
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', 'isAdmin')),
      hostileScalar,
      { maxKeys: 4 },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(deepNest(3000), deepNest(20), JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown) },
);

/** The valid input with one field (an existing one, or a new one) set to a hostile value; or a hostile value in its place. */
export function hostileInput(valid: unknown): fc.Arbitrary<unknown> {
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return hostileValue;
  const keys = [...Object.keys(valid), '__proto__', 'extra'];
  const mutated = fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => {
    const copy = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    return copy;
  });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue });
}

/** A hostile path segment for a `:param`. */
export const hostileSegment = fc.oneof(hostileString, fc.integer().map(String)).map((v) => {
  try {
    return encodeURIComponent(v.slice(0, 2000)) || '%20';
  } catch {
    return '%ED%A0%80'; // a lone surrogate: bytes that are not UTF-8
  }
});

/** The role the matrix lets call an entry (staff first, then parent A, then a visitor). */
export function allowedRole(expected: Expected): Role {
  return (['admin', 'parentA', 'anonymous'] as const).find((r) => expected[r] < 300) ?? 'admin';
}

export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 6);
export const fuzzParams = (): fc.Parameters<unknown> => ({
  numRuns: fuzzRuns,
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
});

/**
 * A digest of every row of every table: equal before and after a request means the request left nothing behind.
 * Except the audit rows of failed sign-ins: recording a refused sign-in is the point of them (ADR 038).
 *
 * Worked out again only when a row may have changed: SQLite's `total_changes()` counts every row inserted, updated or
 * deleted through the server's connection (triggers included, a rolled-back write too), so while it stands still the
 * digest does. Most fuzzed requests are refused, and reading every table for each of them was a third of the fuzz
 * files' time. The server writes through this one connection (src/server/db.ts); `expectIntact` checks that the kept
 * digest still matches the tables at the end of each file.
 */
export function writes(s: AdminTestServer): string {
  const changes = totalChanges(s);
  const kept = digests.get(s.db.$client);
  if (kept?.changes === changes) return kept.digest;
  const digest = tablesDigest(s);
  digests.set(s.db.$client, { changes, digest });
  return digest;
}

const digests = new WeakMap<object, { changes: number; digest: string }>();
const totalChanges = (s: AdminTestServer) => s.db.$client.prepare('SELECT total_changes()').pluck().get() as number;

function tablesDigest(s: AdminTestServer): string {
  const tables = s.db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
  const hash = createHash('sha1');
  const rows = (name: string) =>
    name === 'audit_log' ? "SELECT * FROM audit_log WHERE action <> 'sign-in-failed'" : `SELECT * FROM "${name}"`;
  for (const { name } of tables) hash.update(name).update(JSON.stringify(s.db.$client.prepare(rows(name)).raw().all()));
  return hash.digest('hex');
}

/**
 * writes(), once the mail an earlier answer queued has gone out. An accepted request sends its mail 100 ms after
 * answering (services/mail-queue.ts): on a busy machine that send moved a row from mail_queue to parent_emails
 * while the next, refused, request ran (medication.return's letter during medication.recordDose).
 */
export async function settledWrites(s: AdminTestServer): Promise<string> {
  await drainMailQueue(s.db);
  return writes(s);
}

/** The rule every answer keeps: never a 5xx; a refusal changes nothing; a refusal says what is wrong. */
export async function expectHandled(s: AdminTestServer, before: string, res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(writes(s), `${what} answered ${res.status} but wrote to the database`).toBe(before);
    if (res.status !== 431 && res.status !== 414) expect(text, `${what}: a ${res.status} without a message`).toMatch(/"message"/);
  }
}

export function expectIntact(s: AdminTestServer) {
  expect(s.db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
  // The kept digest is the tables' own: no write went around the connection total_changes() counts.
  expect(writes(s), 'a write the connection did not count (a second connection?)').toBe(tablesDigest(s));
}
