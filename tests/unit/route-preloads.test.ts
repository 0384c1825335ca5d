import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainScript, withOwnScript } from '../../src/server/pages/document-script';
import { createRoutePreloads, entryFiles, type ManifestChunk, staticClosure } from '../../src/server/pages/preload';

/** A client build with a manifest shaped like Vite's: index.html, a route sharing a chunk with the main script, a document page's script. */
const MANIFEST: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index.js', imports: ['_react.js', '_ui.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['_react.js'] },
  'routes/enrollment.tsx?tsr-split=component': { file: 'assets/enrollment.js', imports: ['_fields.js', '_ui.js', '_dialog.js'] },
  '_fields.js': { file: 'assets/fields.js', imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  '_dialog.js': { file: 'assets/dialog.js', imports: ['_ui.js', '_react.js'] },
  'home.ts': { file: 'assets/home.js', imports: ['_behaviour.js'] },
  '_behaviour.js': { file: 'assets/behaviour.js' },
};

const dirs: string[] = [];
/** A client build folder holding `manifest` (if not null) and `html` as its index.html. */
function build(
  manifest: Record<string, ManifestChunk> | null,
  html = '<body><script type="module" crossorigin src="/assets/index.js"></script></body>',
): string {
  const dir = mkdtempSync(join(tmpdir(), 'route-preloads-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'));
  if (manifest) writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const dir = build(MANIFEST);

describe("a page's chunks (pages/preload.ts)", () => {
  it('lists every chunk the route needs, but not the main script the page names itself', () => {
    expect([...createRoutePreloads(dir)('/enrollment')].sort()).toEqual([
      '/assets/dialog.js',
      '/assets/enrollment.js',
      '/assets/fields.js',
      '/assets/react.js',
      '/assets/ui.js',
      '/assets/zod.js',
    ]);
  });

  it('gives an unknown path or an odd one nothing', () => {
    expect(createRoutePreloads(dir)('/no-such-page')).toEqual([]);
    expect(createRoutePreloads(dir)('/enrollment?x=<y>')).toEqual([]);
  });

  it("keeps an entry's own script first (a document page names it, and preloads the rest)", () => {
    expect(entryFiles(dir, 'home.ts')).toEqual(['/assets/home.js', '/assets/behaviour.js']);
    expect([...staticClosure(MANIFEST, ['home.ts'])]).toEqual(['home.ts', '_behaviour.js']);
  });

  it('without a client build (API-only tests, development) there is nothing to read, and no error', () => {
    const none = build(null);
    expect(createRoutePreloads(none)('/enrollment')).toEqual([]);
    expect(entryFiles(none, 'home.ts')).toEqual([]);
  });
});

/** Every coupling to a build detail stops the server at start with a message that says what changed (ADR 018). */
describe('the guards on the build', () => {
  it("a manifest without 'index.html' (Vite's keys changed)", () => {
    const { 'index.html': _, ...rest } = MANIFEST;
    expect(() => createRoutePreloads(build(rest))).toThrow(/has no 'index\.html' entry/);
  });

  it("a manifest that names no route chunk '?tsr-split=component' (TanStack Router's naming changed)", () => {
    const renamed = Object.fromEntries(
      Object.entries(MANIFEST).map(([k, v]) => [k.replace('?tsr-split=component', '?tsr-split=component,loader'), v]),
    );
    expect(() => createRoutePreloads(build(renamed))).toThrow(/names no route chunk 'routes\/<file>\?tsr-split=component'/);
  });

  it('a manifest that cannot be read', () => {
    const broken = build(null);
    writeFileSync(join(broken, '.vite/manifest.json'), '{ not json');
    expect(() => createRoutePreloads(broken)).toThrow(/cannot be read/);
  });

  it('a document page whose script the build does not make', () => {
    expect(() => entryFiles(dir, 'events.ts')).toThrow(/has no entry 'events\.ts'/);
  });

  it('an index.html whose main script is not written as document-script.ts reads it', () => {
    const good =
      '<head></head><body><div id="root"></div>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n</body>';
    expect(mainScript(good)[1]).toBe('/assets/index-A.js');
    for (const changed of [
      good.replace('type="module" crossorigin', 'type="module" async crossorigin'),
      good.replace('<script type="module"', '<script defer'),
      good.replace('</body>', ''),
    ]) {
      expect(() => mainScript(changed)).toThrow(/has no `<script type="module" crossorigin src="\.\.\.">` before `<\/body>`/);
      expect(() => withOwnScript(changed, ['/assets/home.js'])).toThrow();
    }
    expect(() => withOwnScript(good, [])).toThrow(/needs its own script/);
  });
});
