import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DOCUMENT_PAGES } from '../../src/server/pages/document-pages';
import type { ManifestChunk } from '../../src/server/pages/preload';

/**
 * A Vite manifest for a stand-in client build, complete enough for the server to start (it refuses a build whose
 * manifest lacks what it reads: pages/preload.ts): the main script, a route chunk, and each document page's own
 * script (pages/document-pages.ts, so a page added there needs nothing here). `chunks` are added over it.
 */
export function standInManifest(chunks: Record<string, ManifestChunk> = {}): Record<string, ManifestChunk> {
  const documents = Object.fromEntries(
    [...DOCUMENT_PAGES.values()].map((file) => [file, { file: `assets/${file.replace(/\.ts$/, '')}-stand-in.js` }]),
  );
  return {
    'index.html': { file: 'assets/index-A.js' },
    'routes/index.tsx?tsr-split=component': { file: 'assets/routes-stand-in.js' },
    ...documents,
    ...chunks,
  };
}

/**
 * A stand-in client build in `dir` (its `client/` and `ssr/`) whose server render is the real one, loaded from source
 * as `npm run build:ssr` builds it (src/client/entry-server.tsx): what the server draws, without `npm run build`.
 * Start a server over it with `{ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr') }`.
 */
export function writeStandInBuildWithRealRender(dir: string): void {
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'ssr'), { recursive: true });
  writeFileSync(
    join(dir, 'client', 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <!--app-head-->\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>',
  );
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(standInManifest()));
  writeFileSync(join(dir, 'ssr', 'entry-server.js'), `export * from ${JSON.stringify(resolve('src/client/entry-server.tsx'))};`);
}
