/**
 * `npm run bench:web`: Lighthouse (mobile profile: a mid-range phone on a slow 4G network, simulated) on the
 * production build, for the public pages and the parent's dashboard. Prints the four category scores, LCP, TBT,
 * CLS and the JavaScript each page loads (compressed bytes as sent, and requests), then every audit of
 * accessibility, best practices and SEO that did not pass.
 *
 * What it runs against: `npm run build` (done by the npm script), then `npm start` on a free port over a
 * temporary database with the demo content (`seed:demo`), three uploaded gallery pictures and a signed-in
 * parent with a child, a month of activities and notes. The parent's session is put in the browser's storage
 * and cookie before their page is audited. Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium);
 * nothing downloads a browser.
 *
 * Usage: npm run bench:web [-- --runs 3 --save <folder for the JSON reports> --pages /,/parent-dashboard]
 * Each page is audited `--runs` times (default 3); the run with the median performance score is shown.
 * `--pages` audits only the listed ones (comma-separated, from the ten above).
 * `--language es`: the signed-in parent's saved language is Spanish (the Spanish portal).
 * `--alternate <checkout>`: another checkout's build (built, with node_modules) is started beside this one, over
 * its own copy of the same data, and each run audits one then the other: per page and build, the median and spread
 * (lowest–highest) of performance, TBT and LCP.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { type BenchLanguage, freePort, seed, startApp, stopApp } from './bench-web-app';
import { DEFAULT_CLIENT_DIR, PROJECT_ROOT } from '../src/server/app';
import { PARENT_COOKIE } from '../src/server/auth/cookies';
import { PARENT_TOKEN_KEY, PARENT_USER_KEY } from '../src/client/lib/parent-session';

// The Spanish twins are audited beside their English pages.
const PAGES = [
  '/',
  '/events',
  '/enrollment',
  '/milestones',
  '/es',
  '/es/events',
  '/es/enrollment',
  '/es/milestones',
  '/parent-login',
  '/parent-dashboard',
] as const;
const SIGNED_IN = new Set<string>(['/parent-dashboard']);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

const argValue = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(argValue('runs') ?? 3));
const ONLY = argValue('pages')?.split(',');
const unknownPage = ONLY?.find((p) => !(PAGES as readonly string[]).includes(p));
if (unknownPage) throw new Error(`--pages: ${unknownPage} is not one of ${PAGES.join(', ')}`);
const AUDITED = PAGES.filter((p) => !ONLY || ONLY.includes(p));
const SAVE_DIR = argValue('save');
const LANGUAGE: BenchLanguage = argValue('language') === 'es' ? 'es' : 'en';
const ALTERNATE = argValue('alternate') ? resolve(argValue('alternate')!) : undefined;

/** Signs the parent in as the portal does: token and record in local storage, the session cookie; then an empty cache. */
async function signInParent(chromePort: number, base: string, parent: { token: string; stored: object }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    // A small same-origin file, not a page: the app's code must not be cached before the audit.
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate(
      (keys, token, stored) => {
        localStorage.setItem(keys[0], token);
        localStorage.setItem(keys[1], stored);
      },
      [PARENT_TOKEN_KEY, PARENT_USER_KEY] as const,
      parent.token,
      JSON.stringify(parent.stored),
    );
    await browser.setCookie({ name: PARENT_COOKIE, value: parent.token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // Lighthouse keeps the origin's storage here (disableStorageReset, below), the portal's worker and its copies with
    // it: from the second run on the worker answered the scripts (0 KB loaded) from copies Chromium had compiled
    // ahead. Each run is a first visit: no worker, no cache storage; the sign-in above stays.
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

interface PageFigures {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  jsRequests: number;
  lcpElement: string;
  failing: string[];
}

function figures(path: string, lhr: Result): PageFigures {
  const audit = (id: string) => lhr.audits[id]!;
  const resources = (
    audit('resource-summary').details as unknown as { items: { resourceType: string; transferSize: number; requestCount: number }[] }
  ).items;
  const scripts = resources.find((r) => r.resourceType === 'script');
  const failing: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo', 'performance'] as const) {
    for (const ref of lhr.categories[id]!.auditRefs) {
      const a = audit(ref.id);
      if (ref.weight === 0 && id !== 'performance') continue;
      if (
        a.score === null ||
        a.scoreDisplayMode === 'informative' ||
        a.scoreDisplayMode === 'notApplicable' ||
        a.scoreDisplayMode === 'manual'
      )
        continue;
      // Performance: only what is this script's business to list (images, fonts, layout shift, the LCP element).
      if (id === 'performance' ? !/image|font|layout-shift|lcp/.test(ref.id) || ref.group === 'metrics' || a.score >= 0.9 : a.score >= 1)
        continue;
      failing.push(`${id}: ${ref.id} (${a.title}${a.displayValue ? `, ${a.displayValue}` : ''})`);
    }
  }
  const lcpItems = (
    audit('largest-contentful-paint-element').details as unknown as
      { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined
  )?.items;
  const node = lcpItems?.[0]?.items?.[0]?.node;
  return {
    path,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]!.score ?? 0) * 100)])) as PageFigures['scores'],
    lcp: audit('largest-contentful-paint').numericValue ?? 0,
    tbt: audit('total-blocking-time').numericValue ?? 0,
    cls: audit('cumulative-layout-shift').numericValue ?? 0,
    jsBytes: scripts?.transferSize ?? 0,
    jsRequests: scripts?.requestCount ?? 0,
    lcpElement: node ? `${node.snippet ?? ''}`.slice(0, 70) : '',
    failing,
  };
}

async function main() {
  if (!existsSync(resolve(DEFAULT_CLIENT_DIR, 'index.html')))
    throw new Error('No client build: run `npm run build` first (npm run bench:web does).');
  if (ALTERNATE && !existsSync(resolve(ALTERNATE, 'dist/client/index.html'))) throw new Error(`--alternate: ${ALTERNATE} has no build`);
  const builds = [{ label: '', root: PROJECT_ROOT }, ...(ALTERNATE ? [{ label: ` [${ALTERNATE}]`, root: ALTERNATE }] : [])];
  const dirs: string[] = [];
  const apps: ChildProcess[] = [];
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    const targets: { label: string; base: string; parent: { token: string; stored: object } }[] = [];
    for (const build of builds) {
      const dir = mkdtempSync(join(tmpdir(), 'childcare-bench-web-'));
      dirs.push(dir);
      const { parent } = await seed(dir, LANGUAGE);
      const port = await freePort();
      apps.push(await startApp(dir, port, build.root));
      targets.push({ label: build.label, base: `http://127.0.0.1:${port}`, parent });
    }
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });

    const rows: PageFigures[] = [];
    const spreads: string[] = [];
    let version = '';
    const benchmarkIndex: number[] = [];
    for (const path of AUDITED) {
      const runs = targets.map(() => [] as PageFigures[]);
      for (let run = 0; run < RUNS; run++) {
        // Alternated: one build, then the other, so a change in the machine's load falls on both.
        for (const [t, { label, base, parent }] of targets.entries()) {
          const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
          if (SIGNED_IN.has(path)) {
            await signInParent(chrome.port, base, parent);
            // Lighthouse would otherwise empty local storage (and sign the parent out) before loading the page.
            flags.disableStorageReset = true;
          }
          let result = await lighthouse(base + path, flags);
          // Lighthouse now and then fails to record the trace (NO_NAVSTART and the like): that run is made again, once.
          if (result?.lhr.runtimeError) {
            console.log(`  ${path}: Lighthouse failed (${result.lhr.runtimeError.code}); running it again`);
            if (SIGNED_IN.has(path)) await signInParent(chrome.port, base, parent);
            result = await lighthouse(base + path, flags);
          }
          if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
          if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
          if (SIGNED_IN.has(path) && !result.lhr.finalDisplayedUrl.endsWith(path))
            throw new Error(`${path}: not signed in (landed on ${result.lhr.finalDisplayedUrl})`);
          if (SAVE_DIR)
            writeFileSync(
              join(SAVE_DIR, `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${t}-${run + 1}.json`),
              result.report as string,
            );
          version = result.lhr.lighthouseVersion;
          benchmarkIndex.push(result.lhr.environment.benchmarkIndex);
          runs[t]!.push({ ...figures(path, result.lhr), path: path + label });
        }
      }
      for (const [t, { label }] of targets.entries()) {
        const all = runs[t]!;
        const spread = (pick: (r: PageFigures) => number, digits: number) => {
          const v = all.map(pick).sort((a, b) => a - b);
          return `${v[Math.floor(v.length / 2)]!.toFixed(digits)} (${v[0]!.toFixed(digits)}–${v.at(-1)!.toFixed(digits)})`;
        };
        spreads.push(
          `${path}${label}: performance ${spread((r) => r.scores.performance, 0)}, TBT ms ${spread((r) => r.tbt, 0)}, LCP s ${spread((r) => r.lcp / 1000, 2)}, JS KB ${spread((r) => r.jsBytes / 1024, 1)}`,
        );
        all.sort((a, b) => a.scores.performance - b.scores.performance);
        rows.push(all[Math.floor(all.length / 2)]!);
        process.stderr.write(`  ${path}${label}: done (performance ${all.map((r) => r.scores.performance).join(', ')})\n`);
      }
    }

    console.log(
      `\nLighthouse ${version}, mobile profile (simulated slow 4G, 4× CPU slow-down), ${RUNS} run(s) per page: the median by performance`,
    );
    // Lighthouse's own measure of this machine's speed while it ran (a shared or slow machine scores lower).
    benchmarkIndex.sort((a, b) => a - b);
    console.log(
      `CPU benchmark index of this machine during the runs: ${benchmarkIndex[0]}–${benchmarkIndex.at(-1)} (median ${benchmarkIndex[Math.floor(benchmarkIndex.length / 2)]})`,
    );
    console.log(
      'page'.padEnd(19) +
        'perf'.padStart(5) +
        'a11y'.padStart(6) +
        'b.p.'.padStart(6) +
        'seo'.padStart(5) +
        'LCP s'.padStart(8) +
        'TBT ms'.padStart(8) +
        'CLS'.padStart(7) +
        'JS KB'.padStart(8) +
        'JS req'.padStart(8),
    );
    for (const r of rows) {
      console.log(
        r.path.padEnd(19) +
          String(r.scores.performance).padStart(5) +
          String(r.scores.accessibility).padStart(6) +
          String(r.scores['best-practices']).padStart(6) +
          String(r.scores.seo).padStart(5) +
          (r.lcp / 1000).toFixed(2).padStart(8) +
          Math.round(r.tbt).toString().padStart(8) +
          r.cls.toFixed(3).padStart(7) +
          (r.jsBytes / 1024).toFixed(1).padStart(8) +
          String(r.jsRequests).padStart(8),
      );
    }
    console.log('\nJS KB: JavaScript as sent (compressed), every script the page loads. LCP element per page:');
    for (const r of rows) console.log(`  ${r.path.padEnd(18)} ${r.lcpElement}`);
    const failing = rows.filter((r) => r.failing.length);
    console.log(
      failing.length
        ? '\nAudits not passed (accessibility, best practices, SEO; performance: images, fonts, layout shift):'
        : '\nEvery accessibility, best-practices and SEO audit passed.',
    );
    for (const r of failing) for (const f of r.failing) console.log(`  ${r.path.padEnd(18)} ${f}`);
    console.log(`\nMedian (lowest–highest) of ${RUNS} run(s) per page and build, parent's language ${LANGUAGE}:`);
    for (const line of spreads) console.log(`  ${line}`);
  } finally {
    await chrome?.kill();
    for (const app of apps) stopApp(app);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
