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
