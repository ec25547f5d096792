import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The dashboard: Preact compiled by Vite's own JSX transform (no plugin), built into
 * dist/dashboard, served by the gateway at /app with hashed, immutable assets.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  // The API's typed client, made from the OpenAPI document (tsconfig.json names it the same way).
  resolve: { alias: { '@app/client': fileURLToPath(new URL('../../libs/client/src', import.meta.url)) } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/dashboard', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
