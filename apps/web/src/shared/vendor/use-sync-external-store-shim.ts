/**
 * Stands in for `use-sync-external-store/shim` (aliased in vite.config.ts): React 19 has the
 * hook built in, so the shim's fallback for React 16/17 never runs and need not be shipped.
 */
export { useSyncExternalStore } from 'react';
