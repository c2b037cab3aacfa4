import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * Preload the Pretendard subset that covers Latin and the most frequent Hangul syllables
 * (subset 91 of the dynamic-subset build): almost every page's first text needs it.
 */
function preloadFirstFontSubset(): Plugin {
  return {
    name: 'moim-preload-font-subset',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((f) => /PretendardVariable\.subset\.91-[\w-]+\.woff2$/.test(f));
        if (!file) throw new Error('preloadFirstFontSubset: the Pretendard subset 91 was not emitted');
        return [
          { tag: 'link', attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' },
        ];
      },
    },
  };
}

// Bundle choices for the home-route budget (GUIDE §7) are explained in docs/performance.md.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadFirstFontSubset()],
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
              groups: [
                { name: 'app', tags: ['$initial'], test: (id: string) => !/[\\/]src[\\/]main\.tsx$|index\.html$/.test(id) },
                // zod and react-hook-form, which every form route needs, in ONE shared chunk that
                // the first form loads and every later one finds cached (its own 50 KB budget in
                // bench/web-budget.bench.ts), instead of ~40 KB counted again in each route.
                { name: 'forms', test: /[\\/]node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers)[\\/]/ },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
