import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/vite-plugins/compile-hints';

type Bundle = Record<string, Record<string, unknown>>;

/** Runs the plugin's last step on a bundle, as Vite does after it has written every chunk. */
function generate(bundle: Bundle): Bundle {
  const hook = compileHints().generateBundle as unknown as { order: string; handler: (options: unknown, bundle: Bundle) => void };
  expect(hook.order).toBe('post');
  hook.handler({}, bundle);
  return bundle;
}

describe("V8's compile hint on the client's chunks (ADR 011, fifth addendum)", () => {
  it('puts the hint on the first line of every chunk, above the CSS list Vite puts at the top, and leaves other files alone', () => {
    const mapDeps = 'const __vite__mapDeps=(i)=>i;\nimport{t as e}from"./a.js";e();';
    const bundle = generate({
      'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code: 'export const t=()=>1;' },
      'assets/tab.js': { type: 'chunk', fileName: 'assets/tab.js', code: mapDeps },
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css', source: 'body{margin:0}' },
    });
    expect(bundle['assets/a.js']!.code).toBe(`${COMPILE_HINT}\nexport const t=()=>1;`);
    expect(bundle['assets/tab.js']!.code).toBe(`${COMPILE_HINT}\n${mapDeps}`);
    expect(bundle['assets/index.css']!.source).toBe('body{margin:0}');
  });

  it('is the comment V8 reads: "//# allFunctionsCalledOnLoad", alone on its line', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
  });

  it('moves the source map down the same line, in the chunk and in the map file written beside it', () => {
    const map = { version: 3, sources: ['src/a.ts'], names: [], mappings: 'AAAA,CAAC' };
    const bundle = generate({
      'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code: 'a();', map: { ...map }, sourcemapFileName: 'assets/a.js.map' },
      'assets/a.js.map': { type: 'asset', fileName: 'assets/a.js.map', source: JSON.stringify(map) },
    });
    expect((bundle['assets/a.js']!.map as typeof map).mappings).toBe(';AAAA,CAAC');
    expect(JSON.parse(bundle['assets/a.js.map']!.source as string)).toEqual({ ...map, mappings: ';AAAA,CAAC' });
  });

  it('does not put it twice on a chunk that has it', () => {
    const code = `${COMPILE_HINT}\nexport const t=1;`;
    expect(generate({ 'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code } })['assets/a.js']!.code).toBe(code);
  });

  it('is for the client build only: the server render and the dev server are left as they are', () => {
    const apply = compileHints().apply as unknown as (config: unknown, env: { command: string; isSsrBuild?: boolean }) => boolean;
    expect(apply({}, { command: 'build' })).toBe(true);
    expect(apply({}, { command: 'build', isSsrBuild: true })).toBe(false);
    expect(apply({}, { command: 'serve' })).toBe(false);
  });
});
