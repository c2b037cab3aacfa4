import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkRetryCount, claimChunkRetry, isChunkLoadError, resetChunkRetries, withChunkTimeout } from './chunk-errors';

describe('chunk load errors', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('recognises the browsers’ chunk failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError())).toBe(true);
    expect(isChunkLoadError(new TypeError('x is not a function'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('allows 3 automatic reloads per browser session, counted in sessionStorage', () => {
    expect(chunkRetryCount()).toBe(0);
    expect(claimChunkRetry()).toBe(true);
    expect(claimChunkRetry()).toBe(true);
    expect(claimChunkRetry()).toBe(true);
    expect(sessionStorage.getItem('chunkErrorRetryCount')).toBe('3');
    expect(claimChunkRetry()).toBe(false);
    expect(chunkRetryCount()).toBe(3);
  });

  it('starts counting afresh after a successful load', () => {
    claimChunkRetry();
    claimChunkRetry();
    resetChunkRetries();
    expect(sessionStorage.getItem('chunkErrorRetryCount')).toBeNull();
    expect(claimChunkRetry()).toBe(true);
    expect(chunkRetryCount()).toBe(1);
  });

  it('turns a dynamic import that has not settled in 120 s into a chunk error', async () => {
    vi.useFakeTimers();
    const p = withChunkTimeout(() => new Promise<never>(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    const err = await p;
    expect(isChunkLoadError(err)).toBe(true);
  });

  it('passes a loaded module through', async () => {
    await expect(withChunkTimeout(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
