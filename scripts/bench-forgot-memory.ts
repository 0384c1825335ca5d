/**
 * `npx tsx scripts/bench-forgot-memory.ts [--requests 10000] [--warmup 2000] [--flags "--max-old-space-size=200"]` (ADR 019):
 * the built server (dist/server/index.js) with the node flags of `npm start` (scripts/start-flags.ts),
 * or the ones given, and a probe that answers its process.memoryUsage() over IPC. After 2,000 forgot-password
 * requests to warm it up, `--requests` more, each on a new connection from a new loopback address (127.1.0.0/16:
 * Linux routes all of 127/8 to this machine) with a new e-mail, 50 at a time. Prints the RSS, heap used and heap
 * total before and after, as V8 leaves them (no collection forced), then heap used after a forced collection
 * (what the flood left alive), and exits 1 if the RSS grew by 30 MB or more (the target, docs/performance.md) or an answer was
 * not 200 or 429. Not a test: on a shared 2-core machine it took 13 minutes; the figures go in
 * docs/performance-log.md ("Abuse").
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startNodeFlags } from './start-flags';

const root = resolve(import.meta.dirname, '..');
const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const REQUESTS = Number(option('requests') ?? 10_000);
const WARMUP = Number(option('warmup') ?? 2_000);
const flags = option('flags')?.split(/\s+/).filter(Boolean) ?? startNodeFlags();
const MiB = 1024 * 1024;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

async function main() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'childcare-forgot-memory-'));
  const probe = join(dir, 'memory-probe.mjs');
  writeFileSync(
    probe,
    `process.on('message', (m) => {
      if (m === 'collect') globalThis.gc();
      process.send(process.memoryUsage());
    });
    process.channel.unref();\n`,
  );
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...flags, '--expose-gc', '--import', pathToFileURL(probe).href, 'dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: join(dir, 'app.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: origin,
      ADMIN_EMAIL: 'director@example.com',
      ADMIN_PASSWORD: 'a long and unusual passphrase',
      LOG_LEVEL: 'warn',
    },
  });
  let out = '';
  server.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  while (!out.includes(`http://localhost:${port}`)) await new Promise((r) => setTimeout(r, 50));
  const memory = async (message: 'as-is' | 'collect'): Promise<NodeJS.MemoryUsage> => {
    const answer = once(server, 'message') as Promise<[NodeJS.MemoryUsage]>;
    server.send(message);
    return (await answer)[0];
  };

  const statuses = new Map<number, number>();
  let sent = 0;
  const post = (i: number) =>
    new Promise<number>((done, fail) => {
      const body = JSON.stringify({ email: `someone.${i}.${Math.random().toString(36).slice(2, 10)}@example.com` });
      const req = request(
        {
          agent: false,
          localAddress: `127.1.${(i >> 8) & 255}.${i & 255 || 1}`,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/parent/forgot-password',
          headers: { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' },
        },
        (res) => {
          res.resume();
          res.once('end', () => done(res.statusCode ?? 0));
        },
      );
      req.once('error', fail);
      req.end(body);
    });
  const flood = async (requests: number) => {
    const end = sent + requests;
    const worker = async () => {
      while (sent < end) {
        const status = await post(++sent);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker));
  };

  try {
    const started = performance.now();
    await flood(WARMUP);
    const before = await memory('as-is');
    await flood(REQUESTS);
    const after = await memory('as-is');
    const collected = await memory('collect');
    const mib = (n: number) => (n / MiB).toFixed(1);
    console.log(
      `node ${flags.join(' ')}: ${REQUESTS} forgot-password requests after ${WARMUP}, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    console.log(`answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
    for (const k of ['rss', 'heapTotal', 'heapUsed'] as const)
      console.log(`${k.padEnd(10)} ${mib(before[k])} → ${mib(after[k])} MiB (+${mib(after[k] - before[k])})`);
    console.log(`heap used after a forced collection: ${mib(collected.heapUsed)} MiB`);
    const ok = after.rss - before.rss < 30 * MiB && [...statuses.keys()].every((s) => s === 200 || s === 429);
    console.log(ok ? 'within the bound (RSS +30 MB)' : 'NOT within the bound (RSS +30 MB), or an answer was not 200/429');
    process.exitCode = ok ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await once(server, 'close');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
