// Writes `<file>.br` (brotli, highest quality) and `<file>.gz` (gzip -9) beside every text asset of the client
// build, so the server sends compressed bytes made once at build time (serveStatic `precompressed`) instead
// of compressing on every request. Files under 1 KiB and files that would not shrink are left alone.
// Usage: node scripts/precompress.mjs [dir]   (default: dist/client, or CLIENT_OUT_DIR)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

export function precompress(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || statSync(path).size < 1024) continue;
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    files++;
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? process.env.CLIENT_OUT_DIR ?? 'dist/client';
  console.log(`Precompressed ${precompress(dir)} files in ${dir} (.br, .gz)`);
}
