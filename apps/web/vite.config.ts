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

// Bundle choices for the home-route budget (GUIDE §7) are explained in docs/web-performance.md.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadFirstFontSubset()],
  resolve: {
    alias: [
      // react-router's package exports its development build to bundlers (warnings, invariant
      // messages); its own production build is the same code without them (≈ 0.4 KB gzip).
      {
        find: /^react-router$/,
        replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
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
    modulePreload: {
      polyfill: false,
      // The preload list of each lazy import (its JS and CSS, fetched in parallel) is written into
      // the start-up chunk. Two kinds of entries do nothing there (≈ 1.1 KB gzip): the rolldown
      // runtime, which the entry has already loaded, and the imported chunk itself when the list
      // has no CSS (import() fetches it at once; with CSS, Vite waits for the CSS before import(),
      // so there the chunk's own preload keeps it in parallel).
      resolveDependencies: (target: string, deps: string[]) => {
        const css = deps.some((d) => d.endsWith('.css'));
        return deps.filter((d) => !/(^|\/)rolldown-runtime-[\w-]+\.js$/.test(d) && (d !== target || css));
      },
    },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Lazy chunks are named by their hash alone (the start-up and forms chunks keep their
            // names): the start-up chunk lists every lazy chunk's file name, and the page names in
            // them cost ≈ 0.9 KB gzip there. The manifest still maps each source file to its chunk.
            // Hashes of 7 characters (rolldown's minimum for this many chunks; a build with too many
            // fails instead of colliding) and CSS named by hash too: ≈ 0.45 KB gzip less there.
            chunkFileNames: (chunk: { name: string }) =>
              chunk.name === 'app' || chunk.name === 'forms' ? 'assets/[name]-[hash].js' : 'assets/[hash:7].js',
            assetFileNames: (asset: { names: string[] }) =>
              asset.names.some((n) => n.endsWith('.css')) ? 'assets/[hash:7].css' : 'assets/[name]-[hash][extname]',
            codeSplitting: {
              // Automatic splitting makes one chunk per set of pages that share modules: a page
              // fetched 20–40 files of 0.1–2 KB (the /study list 33 scripts and 5 styles). Common
              // chunks under 32 KB of source are copied into the chunks that read them instead
              // (one module state kept by Rolldown's registry; chunks with styles, and chunks an
              // on-demand module re-exports, stay files: hence schedule-line-chunk.tsx and
              // study-cover-chunk.tsx, and the cover's styles in base.css): the /study list then
              // loads 2 scripts of its own and 1 style, with fewer bytes. The price is the
              // strict execution order this needs: ≈ 1.3 KB gzip of module wrappers in the
              // start-up chunk (docs/web-performance.md).
              experimentalInlineCommonChunks: { maxSize: 32 * 1024 },
              // Everything the entry imports statically (React, the router, the translator, TanStack
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
    // ws: the live channel (/api/live) goes through the same proxy
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
}));
