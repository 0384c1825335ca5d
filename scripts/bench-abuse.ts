/**
 * `npm run bench:abuse [-- --seconds 60 --without <regexp> --cpu-prof --cold]`: the BUILT app (dist/server/index.js, as `npm start` runs it) on
 * loopback over a temporary database, under every flood of ADR 019 at once: sign-in guessing (the owner's
 * account and unknown e-mails, from rotating addresses), forgot-password, uploads, messages, PDFs, slow bodies
 * and distinct cache keys. Meanwhile a well-behaved visitor and a well-behaved parent each read once a second,
 * and halfway the owner signs in. Reports the well-behaved readers' p99, the server's peak RSS, the errors
 * (every 5xx of any request, and failed reads), and whether the owner signed in; exits non-zero when a target
 * is missed (p99 < 200 ms, RSS < 400 MB, no 5xx, owner signed in). Bounded: every flood has a fixed number of
 * workers, and everything stops after the given seconds. Loopback only (127.x addresses, which Linux routes to
 * this machine). `--without` leaves out the floods whose name matches; `--cpu-prof` writes the server's CPU profile
 * into ./bench-profiles. Not a test: the figures go in docs/performance-log.md ("Abuse").
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ABUSE_FAMILIES, seedBenchDatabase, seedBenchFamily } from './bench-family';
import { startNodeFlags } from './start-flags';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 60);
/** `--without <regexp>`: leave out the floods whose name matches (to find which of them delays the polite reads). */
/**
 * `--cold`: start the floods on a server that has answered nothing but the polite reads. By default a family and a
 * few visitors first make each kind of request the floods will send, a few times (as a server that has been
 * serving a centre's day has), so the floods' first second does not also measure loading and compiling code
 * that a running server loaded long before.
 */
const COLD = process.argv.includes('--cold');
const WITHOUT = process.argv.includes('--without') ? new RegExp(process.argv[process.argv.indexOf('--without') + 1]!) : null;
const root = resolve(import.meta.dirname, '..');
const OWNER = { email: 'owner@example.com', password: 'a long and unusual passphrase' };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

let addressSeq = 0;
/** A loopback address of its own for each call (127.1.0.0/16): rotating addresses, as an attacker would. */
const rotating = () => `127.1.${(++addressSeq >> 8) & 255}.${addressSeq & 255 || 1}`;

interface Answer {
  status: number;
  ms: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let port = 0;
const statuses = new Map<string, number>();
const count = (kind: string, status: number) => statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);
let fiveHundreds = 0;

/** One request on a connection of its own (from `from`), same-origin; status 0 when the socket failed. */
function call(
  kind: string,
  method: string,
  path: string,
  opts: { body?: string | Buffer; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        localAddress: opts.from ?? '127.0.0.1',
        headers: {
          origin: `http://127.0.0.1:${port}`,
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
          connection: 'close',
        },
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('latin1').on('data', (d: string) => (body.length < 4096 ? (body += d) : undefined));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          count(kind, status);
          if (status >= 500) fiveHundreds++;
          resolve({ status, ms: performance.now() - started, headers: res.headers, body });
        });
      },
    );
    req.on('error', () => {
      count(kind, 0);
      resolve({ status: 0, ms: performance.now() - started, headers: {}, body: '' });
    });
    req.on('timeout', () => req.destroy());
    req.end(opts.body);
  });
}

const json = (v: unknown) => JSON.stringify(v);

/**
 * The well-behaved visitor and parent, once a second each until the `until` they are sent: the events, the home page and the
 * parent's children, each on a connection of its own. Posts each answer's status and time.
 */
const POLITE_READER = `
const { request } = require('node:http');
const { parentPort, workerData: { port, token } } = require('node:worker_threads');
const read = (path, from, headers = {}) => new Promise((resolve) => {
  const started = performance.now();
  const req = request({ host: '127.0.0.1', port, path, agent: false, localAddress: from, headers: { ...headers, connection: 'close' }, timeout: 30000 }, (res) => {
    res.resume();
    res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
  });
  req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  req.on('timeout', () => req.destroy());
  req.end();
});
const paths = ['/api/events', '/', '/api/parent/children'];
const round = () => Promise.all([
  read(paths[0], '127.0.0.2'),
  read(paths[1], '127.0.0.2'),
  read(paths[2], '127.0.0.3', { authorization: 'Bearer ' + token }),
]);
// One round before the floods, not reported: the thread's own start (its first requests load and compile Node's
// HTTP client) is not the server's doing.
round().then(() => parentPort.postMessage({ ready: true }));
parentPort.once('message', async ({ until }) => {
  while (Date.now() < until) {
    const tick = Date.now();
    const answers = await round();
    answers.forEach((a, i) => parentPort.postMessage({ ...a, path: paths[i], at: tick }));
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
  }
  parentPort.close();
});
`;

async function main() {
  execSync('node scripts/ensure-build.mjs', { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'childcare-abuse-'));

  // Three families of scripts/bench-family.ts: one floods, one reads politely, one made the day's requests before;
  // each with a child and a receipt (for the PDFs).
  const {
    databasePath,
    uploadsDir,
    families: { attacker, polite, earlier },
  } = await seedBenchDatabase(dir, (db) => ({
    attacker: seedBenchFamily(db, ABUSE_FAMILIES.attacker),
    polite: seedBenchFamily(db, ABUSE_FAMILIES.polite),
    earlier: seedBenchFamily(db, ABUSE_FAMILIES.earlier),
  }));

  port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // `--cpu-prof`: the server's CPU profile (.cpuprofile, for Chrome DevTools) into ./bench-profiles.
  const profile = process.argv.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench-profiles')}`] : [];
  const server = spawn(process.execPath, [...profile, ...startNodeFlags(), 'dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: uploadsDir,
      PUBLIC_URL: origin,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      LOG_LEVEL: 'error',
    },
  });
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/events`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  // The owner signed in from this browser before (the known-device cookie of ADR 019).
  const first = await call('owner sign-in', 'POST', '/api/admin/login', { body: json(OWNER), from: '127.0.0.9' });
  const device = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('signin_device='))
    ?.split(';')[0];
  const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 32), Buffer.from('\n%%EOF\n')]);
  if (!COLD) {
    // The centre's day before the attack: each kind of request the floods send, a few times, from other accounts
    // and addresses (none of it from the flooding parent, whose limits the floods start with untouched).
    const day = { authorization: `Bearer ${earlier.token}` };
    for (let i = 0; i < 3; i++) {
      await call('earlier', 'GET', `/api/parent/tax-statements/${earlier.year}/pdf`, { headers: day });
      await call('earlier', 'POST', '/api/parent/communications', {
        body: json({ subject: `Question ${i}`, content: 'x'.repeat(500) }),
        headers: day,
      });
      await call('earlier', 'POST', '/api/parent/forgot-password', { body: json({ email: `forgot${i}@example.com` }), from: '127.0.0.7' });
      await call('earlier', 'POST', '/api/admin/login', {
        body: json({ email: `typo${i}@example.com`, password: 'wrong' }),
        from: '127.0.0.8',
      });
      await call('earlier', 'POST', '/api/parent/login', {
        body: json({ email: `typo${i}@example.com`, password: 'wrong' }),
        from: '127.0.0.8',
      });
      await call('earlier', 'GET', `/api/events?x=earlier${i}`);
      await call('earlier', 'GET', `/events?utm=earlier${i}`);
    }
    const url = await call('earlier', 'POST', '/api/objects/upload', { headers: day });
    const uploadURL = /"uploadURL":"([^"]+)"/.exec(url.body)?.[1];
    if (uploadURL) await call('earlier', 'PUT', uploadURL, { body: pdfBytes, headers: { ...day, 'content-type': 'application/pdf' } });
  }
  const rssAtRest = rssMiB(server.pid!);

  // The same polite reads for 10 s before the floods: what this machine gives them at the time (it may be shared).
  const baseline: number[] = [];
  for (let round = 0; round < 10; round++) {
    const tick = Date.now();
    for (const r of await Promise.all([
      call('baseline', 'GET', '/api/events', { from: '127.0.0.2' }),
      call('baseline', 'GET', '/', { from: '127.0.0.2' }),
      call('baseline', 'GET', '/api/parent/children', { headers: { authorization: `Bearer ${polite.token}` }, from: '127.0.0.3' }),
    ]))
      baseline.push(r.ms);
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
  }
  baseline.sort((a, b) => a - b);

  // The well-behaved visitor and parent read from a thread of their own, as another machine would: this thread is
  // busy sending the floods, and its delays would otherwise count in their times. Started (and its first round
  // made) before the floods.
  const reader = new Worker(POLITE_READER, { eval: true, workerData: { port, token: polite.token } });
  await new Promise<void>((ready, failed) => {
    reader.once('message', () => ready());
    reader.once('error', failed);
  });

  let running = true;
  const until = Date.now() + SECONDS * 1000;
  const loop = async (work: (i: number) => Promise<unknown>) => {
    for (let i = 0; running && Date.now() < until; i++) await work(i);
  };
  const workers = (name: string, n: number, work: (i: number) => Promise<unknown>) =>
    WITHOUT?.test(name) ? [] : Array.from({ length: n }, () => loop(work));
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const floods = [
    // Sign-in guessing: the owner's account and unknown e-mails, each from a new address.
    ...workers('sign-in guess', 12, (i) =>
      call('sign-in guess', 'POST', '/api/admin/login', {
        body: json({ email: i % 2 ? OWNER.email : `guess${addressSeq}@example.com`, password: `guess ${i}` }),
        from: rotating(),
      }),
    ),
    ...workers('parent sign-in guess', 6, (i) =>
      call('parent sign-in guess', 'POST', '/api/parent/login', {
        body: json({ email: `nobody${i}@example.com`, password: 'guess' }),
        from: rotating(),
      }),
    ),
    ...workers('forgot-password', 6, () =>
      call('forgot-password', 'POST', '/api/parent/forgot-password', {
        body: json({ email: `someone${addressSeq}@example.com` }),
        from: rotating(),
      }),
    ),
    ...workers('upload', 3, async () => {
      const url = await call('upload URL', 'POST', '/api/objects/upload', { headers: bearer(attacker.token) });
      const uploadURL = /"uploadURL":"([^"]+)"/.exec(url.body)?.[1];
      if (uploadURL)
        await call('upload PUT', 'PUT', uploadURL, {
          body: pdfBytes,
          headers: { ...bearer(attacker.token), 'content-type': 'application/pdf' },
        });
    }),
    ...workers('message', 3, (i) =>
      call('message', 'POST', '/api/parent/communications', {
        body: json({ subject: `Flood ${i}`, content: 'x'.repeat(5000) }),
        headers: bearer(attacker.token),
      }),
    ),
    ...workers('statement PDF', 3, () =>
      call('statement PDF', 'GET', `/api/parent/tax-statements/${attacker.year}/pdf`, { headers: bearer(attacker.token) }),
    ),
    ...workers('distinct cache keys', 4, () => call('distinct cache keys', 'GET', `/api/events?x=${Math.random()}`)),
    ...workers('distinct page keys', 2, () => call('distinct page keys', 'GET', `/events?utm=${Math.random()}`)),
  ];

  // Slow bodies: connections that send headers and then a byte now and then, from a few addresses.
  let slowOpened = 0;
  let slowCutOff = 0;
  const slowBody = async (k: number) => {
    while (running && Date.now() < until) {
      await new Promise<void>((done) => {
        const socket = connect({ host: '127.0.0.1', port, localAddress: `127.2.0.${(k % 4) + 1}` });
        slowOpened++;
        let timer: NodeJS.Timeout | undefined;
        socket.on('connect', () => {
          socket.write(
            `POST /api/enrollment HTTP/1.1\r\nHost: x\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
          );
          timer = setInterval(() => socket.write(' '), 5000);
        });
        const end = () => {
          clearInterval(timer);
          done();
        };
        socket.on('error', end);
        socket.on('close', () => {
          if (Date.now() < until) slowCutOff++;
          end();
        });
        const stop = setInterval(() => {
          if (!running || Date.now() >= until) {
            clearInterval(stop);
            socket.destroy();
          }
        }, 500);
        socket.once('close', () => clearInterval(stop));
      });
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const slow = WITHOUT?.test('slow bodies') ? [] : Array.from({ length: 200 }, (_, k) => slowBody(k));

  // The well-behaved: a visitor and a parent reading once a second each; the owner signing in halfway.
  const politeTimes: number[] = [];
  /** Every polite read, with when it was sent: whether the slow ones gather at one moment of the floods or not. */
  const politeLog: { ms: number; path: string; at: number }[] = [];
  let politeFailures = 0;
  const politeReads = () =>
    new Promise<void>((done, failed) => {
      reader.on('message', (m: { ms: number; status: number; path: string; at: number }) => {
        politeTimes.push(m.ms);
        politeLog.push(m);
        if (m.status !== 200) politeFailures++;
      });
      reader.on('error', failed);
      reader.on('exit', () => done());
      reader.postMessage({ until });
    });
  const owner = (async () => {
    await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
    const started = performance.now();
    while (performance.now() - started < 10_000) {
      const res = await call('owner sign-in', 'POST', '/api/admin/login', {
        body: json(OWNER),
        headers: device ? { cookie: device } : {},
        from: '127.0.0.9',
      });
      if (res.status === 200) return { signedIn: true, ms: performance.now() - started };
      await new Promise((r) => setTimeout(r, Number(res.headers['retry-after'] ?? 1) * 1000));
    }
    return { signedIn: false, ms: performance.now() - started };
  })();

  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  let rssPeak = 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(server.pid!))), 250);
  const [ownerResult] = await Promise.all([owner, politeReads(), ...floods, ...slow]);
  running = false;
  clearInterval(sampler);
  clientDelay.disable();

  server.kill('SIGTERM');
  const exitCode = await new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
  rmSync(dir, { recursive: true, force: true });

  politeTimes.sort((a, b) => a - b);
  const p = (q: number) => politeTimes[Math.min(politeTimes.length - 1, Math.floor(q * politeTimes.length))] ?? NaN;
  const targets = { p99: p(0.99) < 200, rss: rssPeak < 400, no5xx: fiveHundreds === 0, owner: ownerResult.signedIn };
  console.log(
    `\nnpm run bench:abuse — Node ${process.version}, ${SECONDS} s of floods, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log('answers by flood and status:');
  for (const [key, n] of [...statuses].sort()) console.log(`  ${key.padEnd(32)} ${n}`);
  console.log(`slow-body connections opened ${slowOpened}, cut off by the server ${slowCutOff}`);
  console.log(
    `baseline (the same reads for 10 s before the floods): p50 ${baseline[Math.floor(baseline.length / 2)]!.toFixed(1)} ms, max ${baseline.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `well-behaved reads: ${politeTimes.length}, p50 ${p(0.5).toFixed(1)} ms, p99 ${p(0.99).toFixed(1)} ms, max ${politeTimes.at(-1)?.toFixed(1)} ms, failed ${politeFailures}   (target p99 < 200 ms)`,
  );
  const floodStart = until - SECONDS * 1000;
  console.log(
    `the slowest well-behaved reads: ${politeLog
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 6)
      .map((r) => `${r.path} ${r.ms.toFixed(0)} ms at ${((r.at - floodStart) / 1000).toFixed(0)} s`)
      .join(', ')}`,
  );
  console.log(
    `this script's own event-loop delay during the floods (it adds to every time above): p50 ${(clientDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(clientDelay.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  console.log(`server RSS: ${rssAtRest.toFixed(0)} MiB at rest, ${rssPeak.toFixed(0)} MiB peak   (target < 400 MB)`);
  console.log(`5xx answers: ${fiveHundreds}   (target 0)`);
  console.log(
    `owner signed in during the floods: ${ownerResult.signedIn ? `yes, in ${(ownerResult.ms / 1000).toFixed(2)} s` : 'NO'}   (target: yes, within 10 s)`,
  );
  console.log(`SIGTERM after the run: exit code ${exitCode}`);
  console.log(
    `targets: ${Object.entries(targets)
      .map(([k, ok]) => `${k} ${ok ? 'met' : 'MISSED'}`)
      .join(', ')}`,
  );
  if (!Object.values(targets).every(Boolean) || politeFailures > 0) process.exitCode = 1;
}

await main();
