// `npm run build:server`: the server compiled to one ES module, dist/server/index.js, which `npm start` runs
// with plain node (no TypeScript compiler at run time). npm packages stay imports (native ones such as
// better-sqlite3 and sharp cannot be bundled). dist/server sits two folders below the project like
// src/server, so the paths the code resolves from its own location (db/migrations, dist/client) still hold.
// The built server is the production server: unless told otherwise it sets NODE_ENV=production before it loads
// React's server renderer and the router (dist/ssr), which otherwise run their development builds, with their
// checks and warnings, on every render. `npm run dev` runs src/server/index.ts and stays in development.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  banner: { js: "process.env.NODE_ENV ??= 'production';" },
  logLevel: 'warning',
});
console.log('Server built: dist/server/index.js');
