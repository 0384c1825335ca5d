import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

/**
 * The JavaScript budget of the home page (issue 12, ADR 011): every script `/` loads, gzipped at level 9 from
 * the build (so the figure does not depend on how the server compresses), summed; and none of them belongs to
 * the staff or parent areas. Run after `npm run build`; it prints the figures.
 *
 * The issue's target is 100 KB; today `/` loads 170 KB (React DOM alone is ~58 KB, TanStack Router ~25 KB,
 * React Query + tRPC + superjson ~30 KB, React Aria's button ~14 KB, date-fns ~9 KB). The budget is a ratchet
 * set just above today's figure, so nothing grows unnoticed; lower it with every saving, down to TARGET_BYTES.
 */
const TARGET_BYTES = 100 * 1024;
const BUDGET_BYTES = 175 * 1024;
const clientDir = resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** Every file the chunks of the signed-in areas' routes load, apart from what public routes load too. */
function privateFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(resolve(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const k of manifest[key]!.imports ?? []) visit(k);
    };
    keys.forEach(visit);
    return new Set([...seen].map((k) => manifest[k]!.file));
  };
  const routes = Object.keys(manifest).filter((k) => k.startsWith('routes/'));
  const isPrivate = (k: string) => /^routes\/(admin|parent-dashboard)/.test(k);
  const publicSet = closure(['index.html', ...routes.filter((k) => !isPrivate(k))]);
  return new Set([...closure(routes.filter(isPrivate))].filter((f) => !publicSet.has(f)));
}

test("the home page's compressed JavaScript stays within its budget, none of it staff or parent code", async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto('/');
  // Hydrated and its data sections drawn: the gallery's pictures or its fallback, the events teaser.
  await expect(page.getByRole('heading', { name: 'Our Programs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Upcoming Events/ })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const sizes = [...scripts].map((path) => ({ path, gzip: gzipSync(readFileSync(resolve(clientDir, `.${path}`)), { level: 9 }).length }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`/ loads ${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB, target ${TARGET_BYTES / 1024} KB):\n${sizes.map((s) => `  ${s.path} ${(s.gzip / 1024).toFixed(1)} KB`).join('\n')}`);
  expect(sizes.length).toBeGreaterThan(0);
  expect(total).toBeLessThan(BUDGET_BYTES);

  const forbidden = privateFiles();
  expect(forbidden.size).toBeGreaterThan(0);
  expect(sizes.map((s) => s.path.slice(1)).filter((f) => forbidden.has(f))).toEqual([]);
});
