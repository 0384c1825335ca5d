import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRoutePreloads, entryFiles, type ManifestChunk, staticClosure } from '../../src/server/pages/preload';

/** A client build with a manifest shaped like Vite's: index.html, React DOM, a route sharing a chunk with the main script. */
const MANIFEST: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index.js', imports: ['_react.js', '_ui.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['_react.js'] },
  '../../node_modules/react-dom/client.js': { file: 'assets/client.js', imports: ['_react.js', '_react-dom.js'] },
  '_react-dom.js': { file: 'assets/react-dom.js', imports: ['_react.js'] },
  'routes/enrollment.tsx?tsr-split=component': { file: 'assets/enrollment.js', imports: ['_fields.js', '_ui.js', '_dialog.js'] },
  '_fields.js': { file: 'assets/fields.js', imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  '_dialog.js': { file: 'assets/dialog.js', imports: ['_ui.js', '_react.js'] },
  'home.ts': { file: 'assets/home.js', imports: ['_behaviour.js'] },
  '_behaviour.js': { file: 'assets/behaviour.js' },
};

const dir = mkdtempSync(join(tmpdir(), 'route-preloads-'));
mkdirSync(join(dir, '.vite'));
writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
writeFileSync(join(dir, 'index.html'), '<script type="module" crossorigin src="/assets/index.js"></script>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = (file: string) => Object.keys(MANIFEST).find((k) => `/${MANIFEST[k]!.file}` === file)!;

describe("a page's chunks (pages/preload.ts)", () => {
  it('lists every chunk the route needs, but not the main script the page names itself, each after every chunk it imports', () => {
    const files = createRoutePreloads(dir)('/enrollment');
    expect([...files].sort()).toEqual(['/assets/client.js', '/assets/dialog.js', '/assets/enrollment.js', '/assets/fields.js', '/assets/react-dom.js', '/assets/react.js', '/assets/ui.js', '/assets/zod.js']);
    files.forEach((file, i) => {
      for (const imported of MANIFEST[key(file)]!.imports ?? []) {
        const at = files.indexOf(`/${MANIFEST[imported]!.file}`);
        expect(at, `${file} imports ${imported}`).toBeGreaterThanOrEqual(0);
        expect(at, `${file} comes after ${imported}`).toBeLessThan(i);
      }
    });
    expect(files.at(-1)).toBe('/assets/enrollment.js');
  });

  it('gives an unknown path or an odd one nothing', () => {
    expect(createRoutePreloads(dir)('/no-such-page')).toEqual([]);
    expect(createRoutePreloads(dir)('/enrollment?x=<y>')).toEqual([]);
  });

  it("keeps an entry's own script first (the home page names it, and preloads the rest)", () => {
    expect(entryFiles(dir, 'home.ts')).toEqual(['/assets/home.js', '/assets/behaviour.js']);
    expect([...staticClosure(MANIFEST, ['home.ts'], { dependenciesFirst: true })]).toEqual(['_behaviour.js', 'home.ts']);
  });
});
