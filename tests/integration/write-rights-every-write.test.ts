/**
 * Every write a signed-in caller makes runs inside a transaction that checked the caller's session, account and
 * role again (ADR 063). Generated like the authorization matrix: every procedure and every REST path that needs a
 * sign-in runs once, as a role allowed to call it, with the matrix's own input (tests/authorization-matrix.ts),
 * while every statement that changes the database is watched on the connection itself. A statement run outside
 * a checked transaction (a new write through another handle, a REST path that writes without a procedure) fails
 * here. Only the e-mail machinery is left out: the mailer's outbox and the queue's sender write for no one.
 */
import type { Statement } from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { insideCheckedWrite } from '../../src/server/auth/write-rights';
import { type Expected, PROCEDURES, ROUTES } from '../authorization-matrix';
import { sharedAdminServer } from '../helpers/admin-server';
import { buildFixtures, callProcedure, callRoute, type Fixtures, type Role } from '../helpers/authz-fixtures';
import { listApiRoutes, listProcedures } from '../helpers/routes';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let fixtures: Promise<Fixtures> | null = null;
const f = () => (fixtures ??= buildFixtures(s));

// Each case comes ten seconds after the last on the server's clock, as in authorization-matrix.test.ts: the bursts of
// the costly limits (ADR 058: PDFs among them) count calls within ten seconds, and a parent's six PDF downloads in a
// row (receipts, statements, incident reports) would otherwise meet the burst; this file is about the check, not how often.
beforeEach(() => s.clock.advance(10_000));

/** The mail machinery's own tables: the mailer (its outbox) and the queue's sender write after the answer. */
const MAIL_TABLES = /"(outbox_messages|mail_queue|parent_emails)"/;

/** The role that calls an entry: a director where allowed, else a teacher, else parent A; none for public entries. */
function callerOf(expect: Expected): Role | null {
  if (expect.anonymous !== 401) return null;
  for (const role of ['admin', 'teacher', 'parentA'] as const) if (expect[role] < 300) return role;
  return null;
}

let watching = false;
let checked = 0;
let unchecked: string[] = [];

/** Watches every statement the connection prepares from now on: a write outside a checked transaction is noted. */
function watch() {
  const raw = s.db.$client;
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((source: string) => {
    const stmt = prepare(source);
    if (stmt.readonly) return stmt;
    const note = () => {
      if (!watching || MAIL_TABLES.test(source)) return;
      if (insideCheckedWrite()) checked++;
      else unchecked.push(source);
    };
    const proxy: Statement = new Proxy(stmt, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          if (prop === 'run' || prop === 'get' || prop === 'all' || prop === 'iterate') note();
          const result = fn.apply(target, args);
          return result === target ? proxy : result;
        };
      },
    });
    return proxy;
  }) as typeof raw.prepare;
}

async function watched(call: () => Promise<Response>) {
  unchecked = [];
  watching = true;
  try {
    const res = await call();
    const text = await res.text();
    return { status: res.status, text, unchecked };
  } finally {
    watching = false;
  }
}

const procedures = listProcedures()
  .filter((p) => PROCEDURES[p.path] && callerOf(PROCEDURES[p.path]!.expect))
  .map((p) => [p.path, p.type] as const);
const routes = listApiRoutes()
  .filter((r) => ROUTES[`${r.method} ${r.path}`] && callerOf(ROUTES[`${r.method} ${r.path}`]!.expect))
  .map((r) => [r.method, r.path] as const);

describe('every write of a signed-in caller runs in a transaction that checked its rights', () => {
  it('the generators are not vacuous, and the watch sees a write made around the check', async () => {
    expect(procedures.length).toBeGreaterThan(60);
    expect(routes.length).toBeGreaterThan(60);
    await f();
    watch();
    const { unchecked: seen } = await watched(async () => {
      s.db.insert(events).values({ title: 'Unchecked', eventDate: '2026-12-04' }).run();
      return new Response('');
    });
    expect(seen.some((sql) => sql.startsWith('insert into "events"'))).toBe(true);
  });

  it.each(procedures)('%s (%s)', async (path, type) => {
    const fx = await f();
    const entry = PROCEDURES[path]!;
    const role = callerOf(entry.expect)!;
    const input = entry.input ? await entry.input(fx, role) : undefined;
    const headers = fx.headers(role);
    const res = await watched(() => callProcedure(s, path, type, input, headers));
    expect(res.status, `${path} as ${role}: ${res.text.slice(0, 300)}`).toBe(entry.expect[role]);
    expect(res.unchecked, `${path}: writes outside a checked transaction`).toEqual([]);
  });

  it.each(routes)('%s %s', async (method, path) => {
    const fx = await f();
    const entry = ROUTES[`${method} ${path}`]!;
    const role = callerOf(entry.expect)!;
    const url = entry.path ? await entry.path(fx, role) : path;
    const body = entry.body ? await entry.body(fx, role) : undefined;
    const headers = fx.headers(role);
    const res = await watched(() => callRoute(s, method, url, body, headers));
    expect(res.status, `${method} ${path} as ${role}: ${res.text.slice(0, 300)}`).toBe(entry.expect[role]);
    expect(res.unchecked, `${method} ${path}: writes outside a checked transaction`).toEqual([]);
  });

  it('the calls above wrote through the check', () => {
    expect(checked).toBeGreaterThan(100);
  });
});
