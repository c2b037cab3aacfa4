import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the fault suite (apps/server/test/faults, docs/operations.md). It drives
// the built server as real processes, one scenario file at a time (the machine has few cores).
export default defineConfig({
  test: {
    name: 'faults',
    root: 'apps/server',
    include: ['test/faults/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
