// `npm start` runs the built app. This builds what is missing or older than its sources first, so a fresh
// clone starts with two commands and a `git pull` never runs yesterday's build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time among `paths` (files, or folders searched recursively). */
function newest(paths) {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return latest;
}

function stale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

const shared = ['src/shared', 'package-lock.json'];
// (The document pages' list is read by vite.config.ts: a page added there is a new input of the client build.)
if (stale('dist/client/index.html', ['src/client', 'vite.config.ts', 'src/server/pages/document-pages.ts', ...shared])) {
  console.log('The client build is missing or older than its sources: building it (npm run build:client)...');
  execSync('npm run build:client', { stdio: 'inherit' });
}
if (
  stale('dist/server/index.js', ['src/server', 'db/schema.ts', 'db/seed.ts', 'db/milestones.ts', 'scripts/build-server.mjs', ...shared])
) {
  console.log('The server build is missing or older than its sources: building it (npm run build:server)...');
  execSync('npm run build:server', { stdio: 'inherit' });
}
// The home page's server rendering (ADR 011); without it the server answers the app shell, so it is built too.
if (stale('dist/ssr/entry-server.js', ['src/client', 'vite.config.ts', ...shared])) {
  console.log('The server-rendering build is missing or older than its sources: building it (npm run build:ssr)...');
  execSync('npm run build:ssr', { stdio: 'inherit' });
}
