/**
 * The app that `bench:web` (scripts/bench-web.ts) and `scripts/trace-dashboard.ts` measure: a temporary database with
 * the demo content and a signed-in parent (`seed`, over scripts/bench-family.ts), and the production start of a
 * build over it (`startApp`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { seedBenchDatabase, seedBenchFamily, WEB_DATABASE, WEB_FAMILY } from './bench-family';
import { PROJECT_ROOT } from '../src/server/app';

export type BenchLanguage = 'en' | 'es';

/** The seeded parent: their session's token and the record the portal keeps in the browser's storage. */
export interface BenchParent {
  token: string;
  stored: object;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

/**
 * The temporary database: demo content, three gallery uploads and the bench family of scripts/bench-family.ts (a
 * parent with a child and a month of records) whose saved language is `language`.
 */
export async function seed(dir: string, language: BenchLanguage): Promise<{ parent: BenchParent }> {
  const { families } = await seedBenchDatabase(dir, (db) => seedBenchFamily(db, { ...WEB_FAMILY, language }), WEB_DATABASE);
  const { token, stored } = families;
  return { parent: { token, stored } };
}

/** `npm start` (the production start, whatever it runs) in its own process group, ready when the API answers. */
export async function startApp(dir: string, port: number, root = PROJECT_ROOT): Promise<ChildProcess> {
  const app = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_PATH: join(dir, 'app.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'bench.admin@example.com',
      ADMIN_PASSWORD: 'bench admin passphrase 2026',
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/events`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return app;
    if (Date.now() > deadline) throw new Error('the app did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function stopApp(app: ChildProcess) {
  if (app.pid && app.exitCode === null) process.kill(-app.pid, 'SIGTERM');
}
