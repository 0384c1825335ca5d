/**
 * `npm run bench:api`: how fast the API answers, measured rather than asserted. The app runs in a process of
 * its own (the built server, dist/server/index.js, as `npm start` runs it) and autocannon loads it from this one, so the load
 * generator never shares the server's event loop. A bare Hono route answering the target's own answer, the
 * same bytes as the app sent them (scripts/bench-ceiling.ts, its own process too), gives the ceiling of this
 * machine for that answer, and it is measured right before each target: on a machine shared with other work
 * the load changes from one minute to the next, and each figure is printed as a share of the ceiling measured
 * beside it.
 *
 * The data: a fresh temporary database with one year of a centre (scripts/seed-scale.ts, size small), or with
 * `--scale` ten years, or `--database <file>` an existing one made by `npm run seed:scale` (used in place:
 * the benchmark adds a session for the bench parent and one for a staff account).
 *
 *   npm run bench:api [-- --duration 5 --connections 50 --warmup 1 --scale --database <file> --only <regexp> --cpu-prof --memory-report --heap-snapshot]
 *
 * Before the first target it waits until the server has sent the e-mails its start queued (startUpMailSent), and
 * beside each target it prints the ceiling's own p99: what this machine's load allows any answer.
 *
 * --cpu-prof writes the server's CPU profile (.cpuprofile, open it in Chrome DevTools) to ./bench-profiles.
 * --memory-report prints where the server's RSS is after the run (printMemoryReport); with --heap-snapshot also a
 * heap snapshot of the server after the run, written to ./bench-profiles and summed up (scripts/heap-summary.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { BENCH_PARENT_EMAIL, SIZES, seedScale } from './seed-scale';
import { adminUsers, enrolledChildren, parentChildRelationships, parentUsers } from '../db/schema';
import { DEFAULT_CLIENT_DIR, PROJECT_ROOT } from '../src/server/app';
import { ADMIN_COOKIE } from '../src/server/auth/cookies';
import { createAdminSession, createParentSession } from '../src/server/auth/session';
import { prepareDatabase } from '../src/server/bootstrap';
import { systemClock } from '../src/server/clock';
import { openDatabase } from '../src/server/db';
import { startEnv, startNodeFlags } from './start-flags';
import { printHeapSummary } from './heap-summary';
import { addDays, centreDateOf } from '../src/shared/centre-time';

/** The last weekday before today in the centre (seed-scale.ts records attendance on weekdays before today). */
function lastWeekday(): string {
  let day = addDays(centreDateOf(new Date()), -1);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const DURATION = Number(option('duration') ?? 5);
const CONNECTIONS = Number(option('connections') ?? 50);
/** Seconds of unmeasured load before each measurement (of the ceiling and of each target alike). */
const WARMUP = Number(option('warmup') ?? 1);
const ONLY = option('only') ? new RegExp(option('only')!, 'i') : null;
/** The ceiling before 28 November: the target's body with Content-Type only, not the app's other headers. */
const BODY_ONLY_CEILING = flag('body-only-ceiling');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Access logs go nowhere (a real deployment writes them to a file or journald; a pipe here would only
  // measure how fast this process reads it).
  return spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  group: 'ceiling' | 'public' | 'parent' | 'staff';
}

interface Row {
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

/** Headers node writes itself on every answer (framing and the date): never handed to the ceiling. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * One request, as autocannon sends it (node's http: no Accept-Encoding unless the target names one): a wrong path
 * or a 401 would otherwise be measured as a fast answer. The answer exactly as sent: its body (compressed if it
 * was) and its headers, less the framing node adds to any answer.
 */
function probe(base: string, target: Target): Promise<{ body: Uint8Array; headers: Record<string, string> }> {
  return new Promise((done, fail) => {
    httpGet(base + target.path, { headers: target.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (!FRAMING.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        if (res.statusCode !== 200 && res.statusCode !== 304)
          fail(new Error(`${target.name}: ${res.statusCode} ${body.toString('utf8', 0, 200)}`));
        else done({ body, headers });
      });
      res.on('error', fail);
    }).on('error', fail);
  });
}

async function measure(base: string, target: Target): Promise<Row> {
  const bytes = (await probe(base, target)).body.byteLength;
  // A second of the same load first, not counted: the figures are the steady state, not V8 compiling the path.
  const result = await autocannon({
    url: base + target.path,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: target.headers,
    ...(WARMUP > 0 ? { warmup: { connections: CONNECTIONS, duration: WARMUP } } : {}),
  });
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A 304 is the answer the revalidation target asks for; anything else but a 2xx is an error.
    errors: result.errors + result.timeouts + result['1xx'] + result['4xx'] + result['5xx'],
    bytes,
  };
}

/** The server process's resident memory in MiB, from /proc (Linux); null elsewhere. */
function rssMiB(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

const trpcInput = (inputs: unknown[]) => encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((json, i) => [i, { json }]))));

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'childcare-bench-api-'));
  const given = option('database');
  const databasePath = given ? resolve(given) : join(dir, 'app.sqlite');
  const sizeName = flag('scale') ? 'scale' : 'small';

  // The data, and a session for the bench parent and for a staff account, written before the server starts.
  const db = openDatabase(databasePath);
  prepareDatabase(db);
  if (!given) {
    const t = performance.now();
    seedScale(db, SIZES[sizeName]);
    console.log(`Seeded a ${sizeName} data set in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const parent = db.select({ id: parentUsers.id }).from(parentUsers).where(eq(parentUsers.email, BENCH_PARENT_EMAIL)).get();
  if (!parent) throw new Error(`${databasePath} has no ${BENCH_PARENT_EMAIL}: make it with npm run seed:scale`);
  const childIds = db
    .select({ id: enrolledChildren.id })
    .from(parentChildRelationships)
    .innerJoin(enrolledChildren, eq(enrolledChildren.id, parentChildRelationships.childId))
    .where(eq(parentChildRelationships.parentId, parent.id))
    .orderBy(enrolledChildren.childName)
    .all()
    .map((c) => c.id);
  const parentToken = createParentSession(db, systemClock, parent.id).token;
  const admin =
    db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, 'bench.staff@example.com')).get() ??
    db
      .insert(adminUsers)
      .values({ email: 'bench.staff@example.com', name: 'Bench Staff', passwordHash: 'no-password' })
      .returning({ id: adminUsers.id })
      .get();
  const adminToken = createAdminSession(db, systemClock, admin.id).token;
  const counts = db.$client
    .prepare(
      `select (select count(*) from enrolled_children) children, (select count(*) from daily_activities) activities, (select count(*) from development_notes) notes,
              (select count(*) from communication_messages) messages, (select count(*) from payment_receipts) receipts`,
    )
    .get() as Record<string, number>;
  // The audit chain's anchor moves a moment after the seed's last write (audit/chain.ts): let it before closing.
  await new Promise((r) => setImmediate(r));
  db.$client.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profileDir = resolve(PROJECT_ROOT, 'bench-profiles');
  if (flag('cpu-prof') || flag('heap-snapshot')) mkdirSync(profileDir, { recursive: true });
  if (flag('memory-report')) mkdirSync(join(dir, 'report'), { recursive: true });
  // The built server, as `npm start` runs it (ensure-build rebuilds whatever is older than its sources).
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  const app = startProcess(
    [
      ...(flag('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(flag('memory-report') ? ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${join(dir, 'report')}`] : []),
      // SIGHUP, as SIGUSR1 starts the inspector and SIGUSR2 asks for the report above.
      ...(flag('heap-snapshot') ? ['--heapsnapshot-signal=SIGHUP', `--diagnostic-dir=${profileDir}`] : []),
      ...startNodeFlags(),
      'dist/server/index.js',
    ],
    {
      ...startEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: join(dir, 'uploads'),
      PUBLIC_URL: base,
      ADMIN_EMAIL: 'bench.staff@example.com',
      ADMIN_PASSWORD: 'bench staff passphrase, not used',
      SMTP_URL: '',
    },
  );
  let ceiling: ChildProcess | null = null;
  try {
    await waitFor(`${base}/api/milestones`, app);
    // Idle after start: the first answer made, nothing else asked yet.
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssMiB(app.pid);
    await startUpMailSent(databasePath);
    const ceilingPort = await freePort();
    ceiling = startProcess(['--import', 'tsx', 'scripts/bench-ceiling.ts', String(ceilingPort)], {});
    const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
    await waitFor(`${ceilingBase}/none`, ceiling);

    // The plain answer's ETag, as autocannon asks for the plain answer (the gzipped one has its own).
    const etag = (await fetch(`${base}/api/events`, { headers: { 'accept-encoding': 'identity' } })).headers.get('etag');
    const bearer = { authorization: `Bearer ${parentToken}` };
    const staff = { cookie: `${ADMIN_COOKIE}=${adminToken}` };
    const [child] = childIds;
    const page = { childId: child, limit: 20 };
    const all: Target[] = [
      { group: 'public', name: 'GET /api/events', path: '/api/events' },
      ...(etag
        ? [
            {
              group: 'public' as const,
              name: 'GET /api/events (If-None-Match: 304)',
              path: '/api/events',
              headers: { 'if-none-match': etag },
            },
          ]
        : []),
      { group: 'public', name: 'GET /api/announcements', path: '/api/announcements' },
      { group: 'public', name: 'GET /api/gallery', path: '/api/gallery' },
      { group: 'public', name: 'GET /api/milestones', path: '/api/milestones' },
      {
        group: 'public',
        name: 'tRPC batch of the four lists',
        path: `/api/trpc/events.list,announcements.list,gallery.list,milestones.list?batch=1&input=${trpcInput([null, null, null, null])}`,
      },
      // As a browser asks: the server-rendered pages are kept compressed (brotli) with their ETag (ADR 011).
      ...(existsSync(resolve(DEFAULT_CLIENT_DIR, 'index.html'))
        ? ['/', '/events', '/milestones'].map((path) => ({
            group: 'public' as const,
            name: `GET ${path} (the page, br)`,
            path,
            headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
          }))
        : []),
      // What /parent-dashboard sends: its first load, then each tab's first page (Communication and Payments
      // load when opened), and the REST paths docs/product.md §7 names.
      {
        group: 'parent',
        name: 'dashboard (tRPC, first load)',
        path: `/api/trpc/parentPortal.dashboard?batch=1&input=${trpcInput([{ childId: null }])}`,
        headers: bearer,
      },
      {
        group: 'parent',
        name: 'Today tab (tRPC, the day asked for again)',
        path: `/api/trpc/daily.parentDay?batch=1&input=${trpcInput([{ childId: child }])}`,
        headers: bearer,
      },
      { group: 'parent', name: 'GET /api/parent/daily-entries/{id}', path: `/api/parent/daily-entries/${child}`, headers: bearer },
      { group: 'parent', name: 'GET /api/parent/children/{id}/photos', path: `/api/parent/children/${child}/photos`, headers: bearer },
      {
        group: 'parent',
        name: 'Daily Activities tab (tRPC)',
        path: `/api/trpc/parentPortal.activities?batch=1&input=${trpcInput([page])}`,
        headers: bearer,
      },
      {
        group: 'parent',
        name: 'Development Notes tab (tRPC)',
        path: `/api/trpc/parentPortal.notes?batch=1&input=${trpcInput([page])}`,
        headers: bearer,
      },
      {
        group: 'parent',
        name: 'Communication tab (tRPC batch)',
        path: `/api/trpc/communications.parentMessages,communications.parentDocumentRequests?batch=1&input=${trpcInput([{ limit: 20 }, { limit: 20 }])}`,
        headers: bearer,
      },
      { group: 'parent', name: 'GET /api/parent/payment-receipts', path: '/api/parent/payment-receipts?limit=20', headers: bearer },
      { group: 'parent', name: 'GET /api/parent/children', path: '/api/parent/children', headers: bearer },
      { group: 'parent', name: 'GET /api/parent/stats/{id}', path: `/api/parent/stats/${child}`, headers: bearer },
      {
        group: 'parent',
        name: 'GET /api/parent/daily-activities/{id}',
        path: `/api/parent/daily-activities/${child}?limit=20`,
        headers: bearer,
      },
      {
        group: 'parent',
        name: 'GET /api/parent/development-notes/{id}',
        path: `/api/parent/development-notes/${child}?limit=20`,
        headers: bearer,
      },
      { group: 'staff', name: 'GET /api/admin/enrolled-children', path: '/api/admin/enrolled-children', headers: staff },
      { group: 'staff', name: 'GET /api/admin/child-activities/{id}', path: `/api/admin/child-activities/${child}`, headers: staff },
      {
        group: 'staff',
        name: 'staff Communication tab (tRPC batch)',
        path: `/api/trpc/communications.adminMessages,communications.adminDocumentRequests?batch=1&input=${trpcInput([{ limit: 20 }, { limit: 20 }])}`,
        headers: staff,
      },
      { group: 'staff', name: 'GET /api/admin/payment-receipts', path: '/api/admin/payment-receipts?limit=20', headers: staff },
      { group: 'staff', name: 'GET /api/enrollment-applications', path: '/api/enrollment-applications?limit=20', headers: staff },
      {
        group: 'staff',
        name: 'Applications tab (tRPC)',
        path: `/api/trpc/applications.list?batch=1&input=${trpcInput([{ limit: 20, status: null }])}`,
        headers: staff,
      },
      // The Audit tab: its first page, and one kind of record over a date range.
      { group: 'staff', name: 'GET /api/admin/audit-log', path: '/api/admin/audit-log?limit=50', headers: staff },
      {
        group: 'staff',
        name: 'GET /api/admin/audit-log (filtered)',
        path: '/api/admin/audit-log?limit=50&entity=note&actorId=seed-teacher-2&from=2000-01-01',
        headers: staff,
      },
      // Billing (ADR 100, 101) over the seed's year of invoices: the family's balance, invoices, payments and ledger;
      // the director's invoice list, filtered as the Billing tab filters it; the aging report.
      { group: 'parent', name: 'GET /api/parent/billing', path: '/api/parent/billing', headers: bearer },
      { group: 'staff', name: 'GET /api/admin/invoices (first page)', path: '/api/admin/invoices?limit=50', headers: staff },
      {
        group: 'staff',
        name: 'GET /api/admin/invoices?status=&period=',
        path: `/api/admin/invoices?status=open&period=${centreDateOf(new Date()).slice(0, 7)}&limit=50`,
        headers: staff,
      },
      {
        group: 'staff',
        name: 'GET /api/admin/invoices?familyEmail=',
        path: `/api/admin/invoices?familyEmail=${encodeURIComponent(BENCH_PARENT_EMAIL)}&limit=50`,
        headers: staff,
      },
      { group: 'staff', name: 'GET /api/admin/billing/aging', path: '/api/admin/billing/aging', headers: staff },
      // The staff's day view: the last weekday the seed filled with check-ins and check-outs.
      {
        group: 'staff',
        name: 'GET /api/admin/attendance?date= (the Attendance tab)',
        path: `/api/admin/attendance?date=${lastWeekday()}`,
        headers: staff,
      },
    ];
    const targets = all.filter((t) => !ONLY || ONLY.test(t.name));

    console.log(
      `\nload average before: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (${cpus().length} cores)`,
    );
    console.log(
      `bench:api: ${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s unmeasured, Node ${process.version}; data: ${counts.children} children, ${counts.activities} activities, ${counts.notes} notes, ${counts.messages} messages, ${counts.receipts} receipts`,
    );
    console.log(
      BODY_ONLY_CEILING
        ? "ceiling: a bare Hono route answering the target's own body with Content-Type only (--body-only-ceiling), measured right before it"
        : "ceiling: a bare Hono route answering the target's own answer (the same headers and body), measured right before it",
    );
    const head = `${'target'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}${'bytes'.padStart(9)}${'ceiling'.padStart(9)}${'p99'.padStart(7)}${'share'.padStart(7)}`;
    console.log(head);
    for (const target of targets) {
      const id = String(targets.indexOf(target));
      const answer = await probe(base, target);
      await fetch(`${ceilingBase}/${id}`, {
        method: 'PUT',
        headers: BODY_ONLY_CEILING ? {} : { 'x-answer-headers': JSON.stringify(answer.headers) },
        body: new Uint8Array(answer.body),
      });
      const top = await measure(ceilingBase, { group: 'ceiling', name: 'ceiling', path: `/${id}` });
      // A ceiling that failed fast would read high, and every share beside it low: it must answer every request.
      if (top.errors > 0) throw new Error(`${target.name}: the ceiling answered ${top.errors} requests with an error or a non-2xx`);
      const r = await measure(base, target);
      const share = Math.round((100 * r.rps) / top.rps);
      console.log(
        `${r.target.name.padEnd(44)}${String(Math.round(r.rps)).padStart(9)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${String(r.errors).padStart(8)}${String(r.bytes).padStart(9)}${String(Math.round(top.rps)).padStart(9)}${String(top.p99).padStart(7)}${`${share} %`.padStart(7)}`,
      );
    }
    console.log(
      `\nserver RSS: ${idleRss ?? '?'} MiB idle after start, ${rssMiB(app.pid) ?? '?'} MiB after the run; load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    if (flag('memory-report')) await printMemoryReport(app, join(dir, 'report'));
    if (flag('heap-snapshot')) await takeHeapSnapshot(app, profileDir);
  } finally {
    if (ceiling) await stopProcess(ceiling);
    await stopProcess(app);
    rmSync(dir, { recursive: true, force: true });
  }
  if (flag('cpu-prof')) console.log(`\nCPU profile of the server: ${profileDir}`);
}

/** `--heap-snapshot`: the server writes one (it pauses while it does), then its summary is printed. */
async function takeHeapSnapshot(app: ChildProcess, profileDir: string): Promise<void> {
  const before = new Set(readdirSync(profileDir));
  app.kill('SIGHUP');
  let file: string | undefined;
  let size = -1;
  // Written by the server in one pass: done when the file stops growing.
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 500));
    file ??= readdirSync(profileDir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const now = statSync(join(profileDir, file)).size;
    if (now > 0 && now === size) break;
    size = now;
  }
  if (!file) throw new Error('the server wrote no heap snapshot');
  printHeapSummary(join(profileDir, file));
}

/**
 * Waits until the server has sent what its start queued (index.ts: the week's due-records mails, the reminders of
 * overdue invoices; services/mail-queue.ts). On a database fresh from seed-scale.ts that is a hundred messages or
 * more, each sent in a write of its own, and every write empties the response cache and the read memo (ADR 017):
 * measured meanwhile, a read would be timed against a store emptied many times a second, which a running centre
 * never sees. The queue is read through a connection of this process's own, read-only.
 */
async function startUpMailSent(databasePath: string): Promise<void> {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const queued = db.prepare('select count(*) from mail_queue').pluck();
    const started = performance.now();
    let quietSince: number | null = null;
    for (;;) {
      const n = queued.get() as number;
      const now = performance.now();
      if (n > 0) quietSince = null;
      else if (quietSince === null) quietSince = now;
      else if (now - quietSince >= 2000) break;
      if (now - started > 300_000) throw new Error(`the server still had ${n} e-mails to send after 5 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`start-up e-mails sent: ${((performance.now() - started) / 1000).toFixed(1)} s before the first target`);
  } finally {
    db.close();
  }
}

/**
 * `--memory-report`: where the server's RSS is after the run. Node's diagnostic report (asked for by signal, written
 * by the server itself) gives the JavaScript heap by space; /proc gives the RSS split into anonymous memory (heaps,
 * buffers, SQLite's page cache, native libraries' allocations) and file-backed pages (the node binary and the
 * native modules' code, mapped from disk).
 */
async function printMemoryReport(app: ChildProcess, reportDir: string): Promise<void> {
  const rollup = readFileSync(`/proc/${app.pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  app.kill('SIGUSR2');
  let file: string | undefined;
  for (let i = 0; i < 100 && !file; i++) {
    await new Promise((r) => setTimeout(r, 100));
    file = existsSync(reportDir) ? readdirSync(reportDir).find((f) => f.endsWith('.json')) : undefined;
  }
  if (!file) throw new Error('the server wrote no diagnostic report');
  await new Promise((r) => setTimeout(r, 500));
  const report = JSON.parse(readFileSync(join(reportDir, file), 'utf8')) as {
    javascriptHeap: {
      totalMemory: number;
      usedMemory: number;
      externalMemory: number;
      mallocedMemory: number;
      heapSpaces: Record<string, { memorySize: number; used: number }>;
    };
  };
  const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
  const heap = report.javascriptHeap;
  console.log(
    `\nserver memory after the run: RSS ${mib(kb('Rss') * 1024)} MiB = anonymous ${mib(kb('Anonymous') * 1024)} + file-backed ${mib((kb('Rss') - kb('Anonymous')) * 1024)}`,
  );
  console.log(`JavaScript heap: ${mib(heap.totalMemory)} MiB committed, ${mib(heap.usedMemory)} used; by space (committed / used):`);
  for (const [space, { memorySize, used }] of Object.entries(heap.heapSpaces))
    if (memorySize > 0) console.log(`  ${space.padEnd(28)}${mib(memorySize).padStart(8)}${mib(used).padStart(8)}`);
  console.log(`outside the JavaScript heap (anonymous minus the heap's committed): ${mib(kb('Anonymous') * 1024 - heap.totalMemory)} MiB`);
  // External: ArrayBuffers and Buffers (the response cache's bodies among them) that V8 was told of; malloced: V8's own.
  console.log(`  of which V8 knows: external (buffers) ${mib(heap.externalMemory)} MiB, V8's own malloc ${mib(heap.mallocedMemory)} MiB`);
}

await main();
