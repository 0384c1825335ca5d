// `npm start` builds the client once when no build exists, so a fresh clone runs with two commands.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('dist/client/index.html')) {
  console.log('No client build found: building it once (vite build)...');
  execSync('npx vite build', { stdio: 'inherit' });
}
