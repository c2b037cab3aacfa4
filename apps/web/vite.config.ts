import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Bundle choices for the home-route budget (GUIDE §7) are explained in docs/performance.md.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore; react-i18next's import of the React 16/17 shim would
      // ship the shim's fallback implementation too (≈ 0.6 KB gzip on every page).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/shared/vendor/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    reportCompressedSize: false,
    // read by bench/web-budget.bench.ts and scripts/prerender.mjs
    manifest: !isSsrBuild,
    // Every browser of the es2022 target supports <link rel=modulepreload>: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Everything the entry imports statically (React, the router, i18next, TanStack
              // Query, the shell) in ONE chunk instead of ~25 small shared ones: fewer requests,
              // and gzip sees the whole start-up code at once (≈ 6 KB gzip less).
              groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !/[\\/]src[\\/]main\.tsx$|index\.html$/.test(id) }],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
