import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome and Edge 136 and later; other browsers read a comment): "every function
 * in this file will be called while the page loads" (ADR 011, fifth addendum).
 *
 * Without it, V8 only pre-parses a script as it streams in, and compiles each function on the main thread the
 * first time it is called. Adopting a server-drawn page calls most of React DOM, the router and the page's
 * components at once, so that compilation landed in the page's first long tasks: 85-96 ms of a desktop's main
 * thread on /enrollment, measured in a trace (V8.CompileCode). With the hint, V8 compiles the whole file on a
 * background thread while it downloads, and the main thread only runs it.
 *
 * The client build loads no chunk before it is about to run: every route and every staff or parent tab is a
 * chunk of its own, loaded when it is opened (ADR 011). So the hint goes on every chunk, and the cost is what
 * V8's authors warn of: the few functions of a chunk that never run are compiled too, off the main thread.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the hint on the first line of every JavaScript chunk of the client build. V8 reads it only before the
 * first token that is not a comment, so it goes in last, after minification (which drops comments) and after
 * Vite has put its list of a chunk's CSS dependencies at the top. The source map is moved down one line with it.
 */
export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The map is already in the bundle as a file of its own (and in chunk.map): both move down a line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string };
            mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}
