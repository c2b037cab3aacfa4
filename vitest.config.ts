import { defineConfig } from 'vitest/config';

// One Vitest run, four projects: pure packages, the web app (jsdom) and the server
// (integration tests over real HTTP and a real database, one database per test file).
export default defineConfig({
  test: {
    projects: [
      // Property tests run hundreds of cases; on a busy 2-core machine some take over Vitest's
      // default 5 s, so the limit here is a hang guard, not a speed claim (benches measure speed).
      {
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], isolate: false, testTimeout: 30_000 },
      },
      { test: { name: 'games', root: 'packages/games', include: ['src/**/*.test.ts'], isolate: false, testTimeout: 30_000 } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/shared/test/setup.ts'],
          // findBy/waitFor wait up to 5 s (setup.ts); a test holds several of them on a loaded machine
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // Files share their worker's module graph instead of importing the whole server again
          // each (about 45 % of the suite's CPU on a 2-core machine): every file builds its own
          // app and database, and no server test mocks modules or changes the environment.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
