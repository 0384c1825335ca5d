import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DOCUMENT_PAGES } from './src/server/pages/document-pages.ts';

const root = resolve(import.meta.dirname, 'src/client');
/** `npm run dev` runs the API on this port and Vite (with hot reload) on 3000, proxying to it. */
const apiPort = Number(process.env.API_PORT ?? 3001);

/** Each document page's script as an input of the client build, named after its file (home.ts → home). */
function documentScripts(): Record<string, string> {
  // Named by the file alone (pages/enrollment.ts is `enrollment`), so every page's script is /assets/<name>-<hash>.js.
  return Object.fromEntries(
    [...DOCUMENT_PAGES.values()].map((file) => [file.replace(/^.*\//, '').replace(/\.ts$/, ''), resolve(root, file)]),
  );
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The server render needs no copy of the public files.
  publicDir: isSsrBuild ? false : resolve(root, 'public'),
  // `~/` is src/ and `~/db/` is db/ (tsconfig.json paths; ADR 021). The longer prefix first.
  resolve: {
    alias: [
      { find: /^~\/db\//, replacement: `${resolve(import.meta.dirname, 'db')}/` },
      { find: /^~\//, replacement: `${resolve(import.meta.dirname, 'src')}/` },
    ],
  },
  plugins: [
    // The router plugin must come before the React plugin.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolve(root, 'routes'),
      generatedRouteTree: resolve(root, 'routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    // CLIENT_OUT_DIR lets parallel work build side by side; the app serves dist/client.
    // `npm run build:ssr` (vite build --ssr) writes the server render of the public pages to dist/ssr (ADR 011).
    outDir: isSsrBuild
      ? resolve(import.meta.dirname, process.env.SSR_OUT_DIR ?? 'dist/ssr')
      : resolve(import.meta.dirname, process.env.CLIENT_OUT_DIR ?? 'dist/client'),
    emptyOutDir: true,
    target: isSsrBuild ? 'node20' : 'es2022',
    // .vite/manifest.json: which chunks each route loads (the size budget test).
    manifest: !isSsrBuild,
    modulePreload: false,
    // The app (index.html) and each document page's own small script (ADR 016, ADR 018), each with its chunks.
    rollupOptions: isSsrBuild ? undefined : { input: { index: resolve(root, 'index.html'), ...documentScripts() } },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/uploads': `http://localhost:${apiPort}`,
    },
  },
}));
