/**
 * The production server: `npm run build:server` output, started with plain node as
 * `npm start` does. It serves, marks itself running for `npm run restore`, and on SIGTERM stops taking
 * connections, lets the request in flight finish, closes the database with its WAL checkpointed and exits 0;
 * a request that outlives the grace period is cut off and the process still exits 0.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeFlags } from '../../scripts/start-flags';
import { runningServerPid } from '../../src/server/backup/running';
import { type Child, PROJECT_ROOT, startNode } from '../helpers/child-process';
import { sampleApplication } from '../helpers/enrollment-fixtures';

const dirs: string[] = [];

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: PROJECT_ROOT, stdio: 'pipe' });
}, 60_000);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/**
 * Starts the built server over a fresh database; a variable given as undefined is left out (ADMIN_EMAIL for a first
 * start). `nodeArgs` go before the script.
 */
async function startServer(env: Record<string, string | undefined> = {}, base: NodeJS.ProcessEnv = process.env, nodeArgs: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-prod-'));
  dirs.push(dir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const databasePath = join(dir, 'app.sqlite');
  const all: Record<string, string | undefined> = {
    ...base,
    PORT: String(port),
    DATABASE_PATH: databasePath,
    UPLOADS_DIR: join(dir, 'uploads'),
    PUBLIC_URL: origin,
    ADMIN_EMAIL: 'director@example.com',
    ADMIN_PASSWORD: 'a long and unusual passphrase',
    ...env,
  };
  const child: Child = startNode([...nodeArgs, 'dist/server/index.js'], {
    env: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)),
  });
  await child.waitForLine((l) => l.includes(`http://localhost:${port}`));
  return { child, port, origin, databasePath };
}

/** Resolves once nothing accepts connections on the port any more. */
async function untilRefused(port: number) {
  for (;;) {
    const refused = await new Promise<boolean>((r) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        r(false);
      });
      socket.once('error', () => r(true));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A POST whose headers are in (the server answered 100 Continue) and whose body is held back. */
async function heldRequest(port: number, origin: string, body: string) {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/enrollment',
    headers: { 'content-type': 'application/json', origin, 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.once('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.once('error', reject);
  });
  await new Promise<void>((r) => req.once('continue', () => r()));
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), response };
}

describe('production server (dist/server/index.js)', () => {
  it('runs in production mode when started as npm start does, without NODE_ENV (React renders with its production build)', async () => {
    const { NODE_ENV: _unset, ...env } = process.env;
    const { child, origin } = await startServer({ LOG_LEVEL: 'info' }, env);
    const listening = await child.waitForLine((l) => l.includes('Listening on'));
    expect(JSON.parse(listening)).toMatchObject({ mode: 'production' });
    expect((await fetch(`${origin}/api/events`)).status).toBe(200);
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it("a started centre asks for none of the heavy modules (PDF, images, ZIP, iCal) until a request needs one: the start's ticks load none", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'childcare-heavy-'));
    dirs.push(dir);
    const log = join(dir, 'heavy-modules.log');
    writeFileSync(log, '');
    const asked = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).sort();
    const preload = ['--import', './tests/ops/fixtures/heavy-module-log.mjs'];
    const { child, origin } = await startServer({ HEAVY_MODULE_LOG: log }, process.env, [...startNodeFlags(), ...preload]);
    // The ticks run at start (billing and its invoice e-mails, reminders, digests, the gallery's variants) began
    // before the server listened; the iCal feed's modules are asked for after them, and the loader logs in order.
    expect((await fetch(`${origin}/api/events.ics`)).status).toBe(200);
    expect(asked()).toEqual(['@touch4it/ical-timezones', 'ical-generator']);
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('prints the address people open: PUBLIC_URL when it is set, with the port it listens on', async () => {
    const { child, port, origin } = await startServer();
    const line = await child.waitForLine((l) => l.startsWith('Childcare centre app:'));
    expect(line).toBe(`Childcare centre app: ${origin} (listening on http://localhost:${port})`);
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('a first start without ADMIN_EMAIL prints a setup link and the private file that keeps it; the link creates the director, and the next start prints none', async () => {
    const first = await startServer({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const link = (await first.child.waitForLine((l) => l.includes('/admin/setup#token='))).trim();
    expect(link).toMatch(new RegExp(`^${first.origin}/admin/setup#token=[a-z2-7]{52}$`));
    const saved = await first.child.waitForLine((l) => l.includes('also saved in'));
    const file = join(dirname(first.databasePath), 'private', 'setup-link.txt');
    expect(saved).toContain(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(link);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The database keeps only the token's hash.
    const token = link.split('#token=')[1]!;
    const db = new Database(first.databasePath, { readonly: true });
    expect(JSON.stringify(db.prepare('select * from setup_links').all())).not.toContain(token);
    db.close();
    const done = await fetch(`${first.origin}/api/admin/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.origin },
      body: JSON.stringify({ token, name: 'Dana Director', email: 'dana@example.com', password: 'Lantern orchard pebble 7' }),
    });
    expect(done.status).toBe(201);
    expect(existsSync(file)).toBe(false);
    first.child.process.kill('SIGTERM');
    expect(await first.child.exited).toEqual({ code: 0, signal: null });
    expect(first.child.lines.filter((l) => l.includes('#token=')).length).toBe(1);

    const again = startNode(['dist/server/index.js'], {
      env: {
        ...process.env,
        PORT: String(first.port),
        DATABASE_PATH: first.databasePath,
        UPLOADS_DIR: join(dirname(first.databasePath), 'uploads'),
        PUBLIC_URL: first.origin,
      },
    });
    await again.waitForLine((l) => l.startsWith('Childcare centre app:'));
    expect(again.lines.join('\n')).not.toContain('#token=');
    again.process.kill('SIGTERM');
    expect(await again.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('on SIGTERM finishes the request in flight, closes the database cleanly and exits 0', async () => {
    const { child, port, origin, databasePath } = await startServer();
    const home = await fetch(`${origin}/api/events`);
    expect(home.status).toBe(200);
    expect(runningServerPid({ databasePath })).toBe(child.process.pid);

    const body = JSON.stringify({ ...sampleApplication, childFirstName: 'Inflight' });
    const held = await heldRequest(port, origin, body);
    child.process.kill('SIGTERM');
    await untilRefused(port);
    held.finish();
    const answer = await held.response;
    expect(answer.status, answer.body).toBe(201);
    expect(await child.exited).toEqual({ code: 0, signal: null });

    // Closed cleanly: the WAL was checkpointed into the file and truncated; the marker is gone.
    expect(existsSync(`${databasePath}-wal`) ? statSync(`${databasePath}-wal`).size : 0).toBe(0);
    expect(runningServerPid({ databasePath })).toBeNull();
    const db = new Database(databasePath, { readonly: true });
    expect(db.prepare("select count(*) as n from enrollment_applications where child_first_name = 'Inflight'").get()).toEqual({ n: 1 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }, 60_000);

  it('cuts off a request that outlives SHUTDOWN_GRACE_SECONDS and still exits 0', async () => {
    const { child, port, origin, databasePath } = await startServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    const held = await heldRequest(port, origin, JSON.stringify(sampleApplication));
    child.process.kill('SIGTERM');
    await expect(held.response).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(runningServerPid({ databasePath })).toBeNull();
  }, 60_000);
});
