/**
 * `npm run bench`: the costs that are not request throughput, measured rather than asserted.
 *  - Sign-in cost: one argon2id hash with the production parameters.
 *  - Client weight: gzip bytes of the JavaScript and CSS the home page loads first (needs `npm run build`).
 * Request throughput and latency, against a ceiling measured in the same run: `npm run bench:api`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_CLIENT_DIR } from '../src/server/app';
import { hashPassword } from '../src/server/auth/password';

async function main() {
  const t = performance.now();
  await hashPassword('benchmark passphrase');
  console.log(`argon2id hash (19 MiB, 2 passes): ${(performance.now() - t).toFixed(0)} ms`);

  const index = resolve(DEFAULT_CLIENT_DIR, 'index.html');
  if (existsSync(index)) {
    const html = readFileSync(index, 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    let total = 0;
    for (const asset of assets) {
      const gz = gzipSync(readFileSync(resolve(DEFAULT_CLIENT_DIR, `.${asset}`))).byteLength;
      total += gz;
      console.log(`  ${asset.padEnd(44)} ${(gz / 1024).toFixed(1).padStart(7)} KiB gzip`);
    }
    console.log(`First load of any page (before its route chunk): ${(total / 1024).toFixed(1)} KiB gzip`);
  } else {
    console.log('\n(no client build: run `npm run build` to measure the client weight)');
  }
  console.log('\nAPI throughput and latency: npm run bench:api');
}

await main();
