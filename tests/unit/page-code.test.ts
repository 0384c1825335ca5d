import { describe, expect, it } from 'vitest';
import { pageChunks, runPageCode } from '../../src/client/lib/page-code';

/** A document with just what pageChunks reads: the boot script, or the head's preloads. */
function documentWith({ boot, preloads = [] }: { boot?: string; preloads?: string[] }): Document {
  return {
    querySelector: (selector: string) => (selector === 'script[data-entry]' && boot !== undefined ? { dataset: { entry: '/assets/index.js', preload: boot } } : null),
    querySelectorAll: (selector: string) => (selector === 'link[rel="modulepreload"]' ? preloads.map((href) => ({ getAttribute: (name: string) => (name === 'href' ? href : null) })) : []),
  } as unknown as Document;
}

describe("the page's code, run a chunk per task before the router asks for it (lib/page-code.ts)", () => {
  it('runs each chunk in the order given, the next only after the browser had its turn', async () => {
    const steps: string[] = [];
    await runPageCode(
      ['/assets/react.js', '/assets/fields.js', '/assets/enrollment.js'],
      async (href) => void steps.push(`run ${href}`),
      async () => void steps.push('yield'),
    );
    expect(steps).toEqual(['run /assets/react.js', 'yield', 'run /assets/fields.js', 'yield', 'run /assets/enrollment.js', 'yield']);
  });

  it('stops at a chunk that cannot be loaded, without throwing: the router asks for it and says what went wrong', async () => {
    const ran: string[] = [];
    await expect(
      runPageCode(
        ['/assets/a.js', '/assets/gone.js', '/assets/b.js'],
        async (href) => {
          if (href.includes('gone')) throw new TypeError('Failed to fetch dynamically imported module');
          ran.push(href);
        },
        async () => {},
      ),
    ).resolves.toBeUndefined();
    expect(ran).toEqual(['/assets/a.js']);
  });

  it("reads the chunks from a server-drawn page's boot script, else from the head's preloads", () => {
    expect(pageChunks(documentWith({ boot: '/assets/a.js /assets/b.js', preloads: ['/assets/other.js'] }))).toEqual(['/assets/a.js', '/assets/b.js']);
    expect(pageChunks(documentWith({ boot: '' }))).toEqual([]);
    expect(pageChunks(documentWith({ preloads: ['/assets/a.js', '/assets/b.js'] }))).toEqual(['/assets/a.js', '/assets/b.js']);
    expect(pageChunks(documentWith({}))).toEqual([]);
  });
});
