import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/vite-plugins/compile-hints';
import { reactAriaPatches } from './scripts/vite-plugins/react-aria-patches';

const root = resolve(import.meta.dirname, 'src/client');
/** `npm run dev` runs the API on this port and Vite (with hot reload) on 3000, proxying to it. */
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The server render needs no copy of the public files.
  publicDir: isSsrBuild ? false : resolve(root, 'public'),
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
    // React Aria without its second drawing of every component after hydration, nor language data it does not use (ADR 015).
    reactAriaPatches(),
    // Every chunk compiled on a background thread as it downloads, not function by function on the main thread.
    compileHints(),
  ],
  build: {
    // CLIENT_OUT_DIR lets parallel work build side by side; the app serves dist/client.
    // `npm run build:ssr` (vite build --ssr) writes the server render of the public pages to dist/ssr (ADR 011).
    outDir: isSsrBuild ? resolve(import.meta.dirname, process.env.SSR_OUT_DIR ?? 'dist/ssr') : resolve(import.meta.dirname, process.env.CLIENT_OUT_DIR ?? 'dist/client'),
    emptyOutDir: true,
    target: isSsrBuild ? 'node20' : 'es2022',
    // .vite/manifest.json: which chunks each route loads (the size budget test).
    manifest: !isSsrBuild,
    modulePreload: false,
    // The app (index.html) and the home page's own small script (home.ts, ADR 016), each with its chunks.
    rollupOptions: isSsrBuild
      ? undefined
      : {
          input: {
            index: resolve(root, 'index.html'),
            home: resolve(root, 'home.ts'),
            // The form pages' own scripts (ADR 017): no React, no router, no React Aria.
            enrollment: resolve(root, 'pages/enrollment.ts'),
            'parent-login': resolve(root, 'pages/parent-login.ts'),
          },
        },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/uploads': `http://localhost:${apiPort}`,
    },
  },
}));
