import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The heavy libraries are loaded on first use, never when the server starts (ADR 091): each has one module that
 * loads it with import(), and every other server file imports only its types. A value import anywhere else would
 * load it at start again, in every centre's process (what each costs: docs/performance.md, `npm run bench:memory`).
 */
const root = join(import.meta.dirname, '../..');
const LAZY: Record<string, string> = {
  jspdf: 'src/server/pdf/library.ts',
  sharp: 'src/server/services/images.ts',
  'file-type': 'src/server/services/images.ts src/server/documents/uploads.ts',
  yazl: 'src/server/exports/family-archive.ts',
  'ical-generator': 'src/server/content/events-calendar.ts',
  '@touch4it/ical-timezones': 'src/server/content/events-calendar.ts',
};

const serverFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? serverFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('heavy modules are loaded on first use', () => {
  const files = serverFiles('src/server').map((f) => ({ file: relative(root, join(root, f)), text: readFileSync(join(root, f), 'utf8') }));

  it.each(Object.keys(LAZY))('%s: no static value import in src/server; import() only in its own module', (name) => {
    const quoted = name.replace(/[/.@-]/g, '\\$&');
    const staticImport = new RegExp(`^import\\s+(?!type\\b)[^;]*from\\s+'${quoted}'`, 'm');
    expect(files.filter((f) => staticImport.test(f.text)).map((f) => f.file)).toEqual([]);
    const dynamic = new RegExp(`import\\('${quoted}'\\)`);
    const loaders = files.filter((f) => dynamic.test(f.text)).map((f) => f.file);
    expect(loaders.sort()).toEqual(LAZY[name]!.split(' ').sort());
  });
});

/**
 * What an idle centre does not hold (ADR 098): the server render and its pages are not made at start unless
 * WARM_PAGES=true, and `npm start` keeps V8's young generation small.
 */
describe('an idle centre holds no warm pages and a small young generation', () => {
  it('the start renders the public pages only when the config asks (WARM_PAGES)', () => {
    const index = readFileSync(join(root, 'src/server/index.ts'), 'utf8');
    const calls = index.split('\n').filter((line) => /warmPublicPages\(/.test(line) && !/^\s*import/.test(line));
    expect(calls).toEqual([expect.stringMatching(/^\s*if \(config\.warmPages\) void warmPublicPages\(app\);$/)]);
  });

  it("npm start runs node without source-mapped stacks, which keep every loaded package's map in memory (ADR 111)", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(pkg.scripts.start).not.toMatch(/--enable-source-maps/);
  });

  it('npm start and the systemd unit give the server two malloc arenas (ADR 111)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(pkg.scripts.start).toMatch(/&& MALLOC_ARENA_MAX=2 node /);
    expect(readFileSync(join(root, 'deploy/childcare@.service'), 'utf8')).toMatch(/^Environment=MALLOC_ARENA_MAX=2$/m);
  });

  it('npm start runs node with a semi-space of at most 2 MiB', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
    const semi = /--max-semi-space-size=(\d+)/.exec(pkg.scripts.start);
    expect(semi, pkg.scripts.start).not.toBeNull();
    expect(Number(semi![1])).toBeLessThanOrEqual(2);
  });
});
