/**
 * The parent dashboard's long tasks on a slowed phone: what blocks its main thread, task by task (ADR 117).
 *
 * Starts a build (this checkout's, and `--alternate <checkout>`'s beside it, alternated run by run) over the data
 * `bench:web` uses (scripts/bench-web-app.ts: a signed-in parent, a child with a month of entries), opens
 * `/parent-dashboard` signed in, in Chromium through Playwright with the CPU slowed 4x (CDP
 * `Emulation.setCPUThrottlingRate`), records a performance trace until the app has the page and the network is
 * idle, and lists every task over 50 ms on the page's main thread with what ran in it:
 * - the trace's own events (compiling, evaluating a module, a function call, style, layout, paint, GC), by self time;
 * - the JavaScript samples of the trace's CPU profile by package or source file, read through the build's source
 *   maps when it has them (`npx vite build --sourcemap hidden`: the same scripts, the maps beside them; moved to
 *   dist/sourcemaps before `node scripts/precompress.mjs`). A sample
 *   with React DOM in its stack is React's (hydrating, rendering, committing, effects: `react-dom>` and what it
 *   called); else the router's or TanStack Query's when they are in the stack; else the file it was in.
 * Ends with each build's summed blocking time (each long task's time over 50 ms), median and spread over the runs,
 * and the share of each part in it. On a busy machine milliseconds move; the shares and the build-to-build
 * comparison of alternated runs move far less.
 *
 * Usage: npx tsx scripts/trace-dashboard.ts [--runs 3] [--language es] [--alternate <checkout>] [--save <dir>]
 * (after `npm run build`; `--save` keeps each trace's JSON for Chromium's Performance panel).
 *
 * `--tabs`: no trace; instead each later tab is opened as the first one of a first visit, once the app has the page
 * (still at 4x), and timed in the page from its click to the first frame whose panel shows the tab (neither empty nor
 * the loading state): its code, words and first answer fetched, its first render drawn. Median and spread per tab.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Page } from '@playwright/test';
import { type BenchLanguage, type BenchParent, freePort, seed, startApp, stopApp } from './bench-web-app';
import { PROJECT_ROOT } from '../src/server/app';
import { PARENT_COOKIE } from '../src/server/auth/cookies';
import { PARENT_TOKEN_KEY, PARENT_USER_KEY } from '../src/client/lib/parent-session';
import { portalTodayEn } from '../src/shared/i18n/portal-today-en';
import { portalTodayEs } from '../src/shared/i18n/portal-today-es';

const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(argValue('runs') ?? 3));
const LANGUAGE: BenchLanguage = argValue('language') === 'es' ? 'es' : 'en';
const ALTERNATE = argValue('alternate') ? resolve(argValue('alternate')!) : undefined;
const SAVE_DIR = argValue('save');
const TABS = process.argv.includes('--tabs');
const LONG_TASK_MS = 50;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: { url?: string } };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface LongTask {
  start: number;
  ms: number;
  /** Self time (ms) per part, from the trace's events. */
  events: Map<string, number>;
  /** JavaScript samples (ms) per package or file. */
  js: Map<string, number>;
}

/**
 * The build's source maps, by the script's path (/assets/x.js), from dist/client/assets or dist/sourcemaps (where they
 * can be moved before `scripts/precompress.mjs`, which would compress them too).
 */
function sourceMaps(root: string): Map<string, TraceMap> {
  const maps = new Map<string, TraceMap>();
  for (const dir of [join(root, 'dist/client/assets'), join(root, 'dist/sourcemaps')].filter((d) => existsSync(d)))
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js.map')))
      maps.set(`/assets/${file.slice(0, -4)}`, new TraceMap(readFileSync(join(dir, file), 'utf8')));
  return maps;
}

/** A source file's part: its package (node_modules), or its path under src/. */
function partOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const app = /src\/(.*)$/.exec(source);
  return app ? app[1]! : source;
}

/** A trace event's part of a long task: what the DevTools' summary would call it. */
function eventPart(e: TraceEvent): string {
  const n = e.name;
  if (/compile/i.test(n)) return 'compile';
  if (n === 'v8.evaluateModule' || n === 'EvaluateScript' || n === 'v8.run') return 'evaluate script';
  if (/GC|gc/.test(n)) return 'GC';
  if (n === 'UpdateLayoutTree' || n === 'RecalculateStyles' || n === 'ParseAuthorStyleSheet') return 'style';
  if (n === 'Layout') return 'layout';
  if (/Paint|Layerize|Composite|^Commit$/.test(n)) return 'paint';
  if (n === 'ParseHTML') return 'parse HTML';
  if (['FunctionCall', 'TimerFire', 'EventDispatch', 'RunMicrotasks', 'v8.callFunction', 'FireAnimationFrame'].includes(n))
    return 'script (calls, microtasks, events)';
  return 'other';
}

function analyse(events: TraceEvent[], maps: Map<string, TraceMap>): { tasks: LongTask[]; fcp: number | null } {
  // The page's main thread: the renderer's main thread that parsed the dashboard's HTML.
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const parsed = events.find(
    (e) =>
      e.name === 'ParseHTML' &&
      e.args?.beginData?.url?.includes('/parent-dashboard') &&
      mains.some((m) => m.pid === e.pid && m.tid === e.tid),
  );
  if (!parsed) throw new Error('the trace has no parse of /parent-dashboard on a renderer main thread');
  const { pid, tid } = parsed;
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const runTasks = own.filter((e) => e.name === 'RunTask');
  const tasks: LongTask[] = [];
  for (const task of runTasks) {
    if (task.dur! / 1000 <= LONG_TASK_MS) continue;
    const end = task.ts + task.dur!;
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && e.name !== 'RunTask');
    // Self time: an event's time less that of the events directly inside it (a stack over the sorted events).
    const self = new Map<TraceEvent, number>();
    const stack: TraceEvent[] = [];
    for (const e of inside) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent, (self.get(parent) ?? parent.dur!) - e.dur!);
      if (!self.has(e)) self.set(e, e.dur!);
      stack.push(e);
    }
    const parts = new Map<string, number>();
    let covered = 0;
    for (const [e, us] of self) {
      parts.set(eventPart(e), (parts.get(eventPart(e)) ?? 0) + us / 1000);
      covered += us / 1000;
    }
    parts.set('(no event: task overhead)', Math.max(0, task.dur! / 1000 - covered));
    tasks.push({ start: task.ts, ms: task.dur! / 1000, events: parts, js: new Map() });
  }

  // The CPU profile's samples of this thread, each given to the long task it fell in.
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  for (const profile of profiles) {
    const nodes = new Map<number, ProfileNode>();
    const partOfNode = new Map<number, string>();
    let time = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
      const data = chunk.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
      for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const samples = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      for (let i = 0; i < samples.length; i++) {
        const previous = time;
        time += deltas[i] ?? 0;
        const task = tasks.find((t) => time >= t.start && time <= t.start + t.ms * 1000);
        if (!task) continue;
        const ms = Math.max(0, time - previous) / 1000;
        const part = samplePart(samples[i]!, nodes, partOfNode, maps);
        if (part) task.js.set(part, (task.js.get(part) ?? 0) + ms);
      }
    }
  }
  return { tasks, fcp: fcpEvent ? fcpEvent.ts : null };
}

function nodePart(node: ProfileNode, cache: Map<number, string>, maps: Map<string, TraceMap>): string {
  const known = cache.get(node.id);
  if (known !== undefined) return known;
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  let part = functionName.startsWith('(') ? functionName : 'native';
  if (url) {
    const path = new URL(url).pathname;
    const map = maps.get(path);
    const source = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source : null;
    part = source ? partOf(source) : path;
  }
  cache.set(node.id, part);
  return part;
}

/** A sample's part: React DOM's when React DOM is in its stack, else the router's or TanStack Query's, else its own file's. */
function samplePart(id: number, nodes: Map<number, ProfileNode>, cache: Map<number, string>, maps: Map<string, TraceMap>): string | null {
  const leaf = nodes.get(id);
  if (!leaf) return null;
  const own = nodePart(leaf, cache, maps);
  if (own === '(idle)' || own === '(root)') return null;
  const stack: string[] = [];
  for (let n: ProfileNode | undefined = leaf; n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
    stack.push(nodePart(n, cache, maps));
  if (stack.includes('react-dom')) return own === 'react-dom' || own.startsWith('(') ? 'react-dom' : `react-dom> ${own}`;
  for (const pkg of ['@tanstack/router-core', '@tanstack/react-router', '@tanstack/query-core', '@tanstack/react-query'])
    if (stack.includes(pkg)) return `${pkg}> ${own === pkg ? '' : own}`.trim();
  return own;
}

const ms = (v: number) => `${Math.round(v)}`;
const top = (m: Map<string, number>, n: number, total: number) =>
  [...m]
    .filter(([, v]) => v >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${Math.round((100 * v) / total)}%`)
    .join(', ');

/** The dashboard's tabs but the one shown at its start, in the order of the tab list. */
function laterTabs(page: Page): Promise<string[]> {
  return page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.filter((t) => t.getAttribute('aria-selected') !== 'true').map((t) => t.textContent?.trim() ?? ''));
}

/**
 * Opens the tab named and returns the milliseconds from its click to the first frame in which its panel shows the
 * tab: text in it, and not the loading state (`portal.loading`).
 */
function openTab(page: Page, name: string): Promise<number> {
  const loading = (LANGUAGE === 'es' ? portalTodayEs : portalTodayEn)['portal.loading'];
  // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === ${JSON.stringify(name)});
    if (!tab) return reject(new Error('no tab'));
    const started = performance.now();
    tab.click();
    const check = () => {
      const panel = document.getElementById(tab.getAttribute('aria-controls') || '');
      const text = panel ? panel.textContent.trim() : '';
      if (tab.getAttribute('aria-selected') === 'true' && text !== '' && !text.includes(${JSON.stringify(loading)}))
        resolve(performance.now() - started);
      else if (performance.now() - started > 30000) reject(new Error('the tab did not open in 30 s'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
}

async function main() {
  const builds = [{ label: 'this build', root: PROJECT_ROOT }, ...(ALTERNATE ? [{ label: ALTERNATE, root: ALTERNATE }] : [])];
  for (const b of builds) if (!existsSync(join(b.root, 'dist/client/index.html'))) throw new Error(`${b.root} has no build`);
  const dirs: string[] = [];
  const apps: ChildProcess[] = [];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const targets: { label: string; base: string; parent: BenchParent; maps: Map<string, TraceMap> }[] = [];
    for (const build of builds) {
      const dir = mkdtempSync(join(tmpdir(), 'childcare-trace-'));
      dirs.push(dir);
      const { parent } = await seed(dir, LANGUAGE);
      const port = await freePort();
      apps.push(await startApp(dir, port, build.root));
      targets.push({ label: build.label, base: `http://127.0.0.1:${port}`, parent, maps: sourceMaps(build.root) });
    }
    if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
    const results = targets.map(() => [] as LongTask[][]);
    const tabTimes = targets.map(() => [] as Map<string, number>[]);
    /** A new context (a first visit) signed in as the bench's parent, its CPU slowed 4x, on the favicon. */
    const signedIn = async (target: (typeof targets)[number]) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      await context.addCookies([
        { name: PARENT_COOKIE, value: target.parent.token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
      ]);
      const page = await context.newPage();
      await page.goto(`${target.base}/favicon.svg`);
      await page.evaluate(
        ([keys, token, stored]) => {
          localStorage.setItem(keys[0], token);
          localStorage.setItem(keys[1], stored);
        },
        [[PARENT_TOKEN_KEY, PARENT_USER_KEY], target.parent.token, JSON.stringify(target.parent.stored)] as const,
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      return { context, page };
    };
    const loadDashboard = async (page: Page, target: (typeof targets)[number]) => {
      await page.goto(`${target.base}/parent-dashboard`);
      await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, { timeout: 60_000 });
      await page.waitForLoadState('networkidle');
    };
    for (let run = 0; run < RUNS; run++) {
      for (const [t, target] of targets.entries()) {
        if (TABS) {
          // Each tab is the first opened in a first visit: it pays for what the later tabs share (their words, icons).
          const times = new Map<string, number>();
          let names: string[] | null = null;
          for (let i = 0; names === null || i < names.length; i++) {
            const { context, page } = await signedIn(target);
            await loadDashboard(page, target);
            names ??= await laterTabs(page);
            if (names.length > 0) times.set(names[i]!, await openTab(page, names[i]!));
            await context.close();
            if (names.length === 0) break;
          }
          tabTimes[t]!.push(times);
          console.log(`${target.label}, run ${run + 1}: ${[...times].map(([n, v]) => `${n} ${ms(v)} ms`).join(', ')}`);
          continue;
        }
        const { context, page } = await signedIn(target);
        await browser.startTracing(page, { categories: CATEGORIES.split(',') });
        await loadDashboard(page, target);
        // What the app does once it has the page (effects, the worker's registration, later queries) is counted too.
        await page.waitForTimeout(1500);
        const trace = await browser.stopTracing();
        await context.close();
        if (SAVE_DIR) writeFileSync(join(SAVE_DIR, `dashboard-${LANGUAGE}-${t}-${run + 1}.json`), trace);
        const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
        const { tasks, fcp } = analyse(traceEvents, target.maps);
        results[t]!.push(tasks);
        const blocking = tasks.reduce((s, task) => s + task.ms - LONG_TASK_MS, 0);
        console.log(`\n${target.label}, run ${run + 1}: ${tasks.length} long tasks, ${ms(blocking)} ms blocking (4x CPU)`);
        for (const task of tasks) {
          const at = fcp === null ? '' : ` (${task.start < fcp ? 'before' : 'after'} first paint)`;
          console.log(`  ${ms(task.ms)} ms${at}: ${top(task.events, 5, task.ms)}`);
          console.log(`      JS: ${top(task.js, 6, task.ms)}`);
        }
      }
    }
    if (TABS) {
      console.log(`\nOpening each tab at 4x CPU, parent's language ${LANGUAGE}, ${RUNS} run(s): median (lowest-highest) ms`);
      for (const [t, target] of targets.entries()) {
        const names = [...(tabTimes[t]![0]?.keys() ?? [])];
        const line = names.map((name) => {
          const v = tabTimes[t]!.map((m) => m.get(name)!).sort((a, b) => a - b);
          return `${name} ${ms(v[Math.floor(v.length / 2)]!)} (${ms(v[0]!)}-${ms(v.at(-1)!)})`;
        });
        console.log(`  ${target.label}: ${line.join(', ')}`);
      }
      return;
    }
    console.log(`\nSummed blocking time (each task's time over ${LONG_TASK_MS} ms), parent's language ${LANGUAGE}, ${RUNS} run(s):`);
    for (const [t, target] of targets.entries()) {
      const sums = results[t]!.map((tasks) => tasks.reduce((s, task) => s + task.ms - LONG_TASK_MS, 0)).sort((a, b) => a - b);
      const counts = results[t]!.map((tasks) => tasks.length).sort((a, b) => a - b);
      const events = new Map<string, number>();
      const js = new Map<string, number>();
      let total = 0;
      for (const task of results[t]!.flat()) {
        total += task.ms;
        for (const [k, v] of task.events) events.set(k, (events.get(k) ?? 0) + v);
        for (const [k, v] of task.js) js.set(k, (js.get(k) ?? 0) + v);
      }
      console.log(
        `  ${target.label}: median ${ms(sums[Math.floor(sums.length / 2)]!)} ms (${ms(sums[0]!)}-${ms(sums.at(-1)!)}), long tasks ${counts[Math.floor(counts.length / 2)]} (${counts[0]}-${counts.at(-1)})`,
      );
      if (total > 0) {
        console.log(`    parts of the long tasks' time: ${top(events, 8, total)}`);
        console.log(`    JavaScript in them: ${top(js, 10, total)}`);
      }
    }
  } finally {
    await browser.close();
    for (const app of apps) stopApp(app);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
