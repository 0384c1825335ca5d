import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { count, eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { adminUsers, parentUsers } from '../../db/schema';
import { createApp } from '../../src/server/app';
import { listen } from '../../src/server/http-server';
import { ADMIN_COOKIE, cookieName } from '../../src/server/auth/cookies';
import { hashPassword } from '../../src/server/auth/password';
import { type Auth, createAdminSession, createParentSession } from '../../src/server/auth/session';
import { prepareDatabase } from '../../src/server/bootstrap';
import type { Clock } from '../../src/server/clock';
import { loadConfig, type Config } from '../../src/server/config';
import type { AppDeps } from '../../src/server/context';
import { type Db, openDatabase } from '../../src/server/db';
import { createCaller } from '../../src/server/routers/_app';
import { createLimiters } from '../../src/server/services/rate-limit';
import type { Mailer } from '../../src/server/services/mail';
import { createMailer } from '../../src/server/services/mailer';

export interface FakeClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function fakeClock(start: Date | string = '2026-11-21T15:00:00Z'): FakeClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
    // The login slow-down passes in fake time: the clock moves on, nothing waits.
    sleep: async (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export interface TestServer {
  url: string;
  /** The app itself, for what the server does with it outside a request (warming the pages at start). */
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  clock: FakeClock;
  dir: string;
  /** fetch against the server; JSON bodies are serialised and same-origin headers are sent by default. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** A cookie header for a fresh admin session (the admin is created when missing). */
  /** A staff session cookie; the account is created (a director unless `role` says teacher) when missing. */
  adminCookie(email?: string, role?: 'director' | 'teacher'): Promise<string>;
  /** A bearer token for a parent (created when missing). */
  parentToken(email?: string): Promise<{ token: string; parentId: string }>;
  /**
   * A tRPC caller: anonymous, or signed in with a real session of its own: `admin` a director, `teacher` a
   * teacher (ADR 039), `parent` a parent with no children. Every write checks its session again (ADR 063).
   */
  caller(auth?: 'admin' | 'teacher' | 'parent' | null): ReturnType<typeof createCaller>;
  /** A tRPC caller with this sign-in, as a request that read it before its body arrived. */
  callerAs(auth: Auth): ReturnType<typeof createCaller>;
  /** How many rows a table holds. */
  count(table: SQLiteTable): number;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  mailer?: (deps: { config: Config; db: Db }) => Mailer;
  clock?: FakeClock;
  clientDir?: string;
  /** Where the server render (entry-server.js) is; by default beside the client, as in the build. */
  ssrDir?: string;
  /** The host name of PUBLIC_URL and `url` (the server listens on 127.0.0.1): `localhost` where a test needs a domain, as WebAuthn does. */
  publicHost?: 'localhost';
}

const testHashes = new Map<string, Promise<string>>();
/**
 * The helper accounts' argon2id hash, made once per password and worker, not once per account: a hash takes tens
 * of milliseconds of a core at the production parameters, and every file's server makes these accounts again
 * (docs/testing.md). Each hash verifies its password like any other; the accounts merely share a salt.
 */
export function testPasswordHash(password: string): Promise<string> {
  let hashed = testHashes.get(password);
  if (!hashed) testHashes.set(password, (hashed = hashPassword(password)));
  return hashed;
}

/** The real app on an ephemeral port over a copy of the migrated template database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-test-'));
  const dbFile = join(dir, 'app.sqlite');
  const template = process.env.TEST_TEMPLATE_DB;
  if (template) copyFileSync(template, dbFile);
  const db = openDatabase(dbFile);
  if (!template) prepareDatabase(db);
  mkdirSync(join(dir, 'uploads'));
  const clock = options.clock ?? fakeClock();

  let port = 0;
  let server: ServerType | null = null;
  // PUBLIC_URL must name the real port for the CSRF check, so pick the port first.
  const probe = serve({ fetch: () => new Response(''), port: 0 });
  await new Promise<void>((r) => probe.once('listening', () => r()));
  port = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));

  const config = loadConfig({
    DATABASE_PATH: dbFile,
    UPLOADS_DIR: join(dir, 'uploads'),
    PUBLIC_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
    ...options.env,
  });
  const mailer = options.mailer ? options.mailer({ config, db }) : createMailer(config, db);
  const deps: AppDeps = { db, config, mailer, clock };
  const app = createApp(deps, { clientDir: options.clientDir ?? join(dir, 'no-client'), ssrDir: options.ssrDir });
  server = listen(app, { port, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server!.once('listening', () => r()));
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;

  async function ensureAdmin(email: string, role: 'director' | 'teacher') {
    const existing = db.query.adminUsers.findFirst({ where: (a, { eq }) => eq(a.email, email) }).sync();
    if (existing) return existing.id;
    const name = role === 'director' ? 'Test Director' : 'Test Teacher';
    return db
      .insert(adminUsers)
      .values({ email, name, role, passwordHash: await testPasswordHash('director-pass-1') })
      .returning()
      .get().id;
  }

  return {
    url,
    app,
    db,
    config,
    clock,
    dir,
    request(path, init = {}) {
      const { json, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('content-type', 'application/json');
      if (!h.has('origin') && !h.has('sec-fetch-site')) h.set('origin', url);
      return fetch(url + path, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body });
    },
    async adminCookie(email = 'director@example.com', role = 'director') {
      const adminId = await ensureAdmin(email, role);
      const { token } = createAdminSession(db, clock, adminId);
      return `${cookieName(config, ADMIN_COOKIE)}=${token}`;
    },
    async parentToken(email = 'parent@example.com') {
      let parent = db.query.parentUsers.findFirst({ where: (p, { eq }) => eq(p.email, email) }).sync();
      parent ??= db
        .insert(parentUsers)
        .values({ email, firstName: 'Pat', lastName: 'Parent', passwordHash: await testPasswordHash('parent-pass-1') })
        .returning()
        .get();
      return { token: createParentSession(db, clock, parent.id).token, parentId: parent.id };
    },
    caller(auth = null) {
      const ctx = { ...deps, limits: createLimiters(), resHeaders: new Headers(), ip: '127.0.0.1', auth: null };
      if (auth === 'admin' || auth === 'teacher') {
        const [email, name, role] =
          auth === 'admin'
            ? (['caller.director@example.com', 'Test Director', 'director'] as const)
            : (['caller.teacher@example.com', 'Test Teacher', 'teacher'] as const);
        db.insert(adminUsers).values({ email, name, role, passwordHash: '' }).onConflictDoNothing().run();
        const id = db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email)).get()!.id;
        const { token, expiresAt } = createAdminSession(db, clock, id);
        return createCaller({
          ...ctx,
          auth: {
            kind: 'admin',
            sessionId: token.split('.')[0]!,
            expiresAt,
            refreshed: false,
            admin: { id, email, name, role, lastLoginAt: null },
          },
        });
      }
      if (auth === 'parent') {
        const email = 'caller.parent@example.com';
        db.insert(parentUsers).values({ email, firstName: 'Pat', lastName: 'Parent', passwordHash: '' }).onConflictDoNothing().run();
        const id = db.select({ id: parentUsers.id }).from(parentUsers).where(eq(parentUsers.email, email)).get()!.id;
        const { token, expiresAt } = createParentSession(db, clock, id);
        return createCaller({
          ...ctx,
          auth: {
            kind: 'parent',
            sessionId: token.split('.')[0]!,
            expiresAt,
            refreshed: false,
            parent: { id, email, firstName: 'Pat', lastName: 'Parent', phone: null },
          },
        });
      }
      return createCaller(ctx);
    },
    callerAs(auth) {
      return createCaller({ ...deps, limits: createLimiters(), resHeaders: new Headers(), ip: '127.0.0.1', auth });
    },
    count(table) {
      return db.select({ n: count() }).from(table).get()!.n;
    },
    async close() {
      const srv = server as Server;
      const closed = new Promise<void>((r) => srv.close(() => r()));
      srv.closeAllConnections();
      await closed;
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
