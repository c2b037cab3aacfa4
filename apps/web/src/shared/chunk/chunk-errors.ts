/**
 * Chunk load errors (SPEC §4, §8, §9): after a deploy an open tab may ask for script chunks
 * that no longer exist. The page then reloads itself after 1 s, at most 3 times per browser
 * session (counter `chunkErrorRetryCount` in sessionStorage), and shows a manual-reload screen
 * after that. A dynamic import that has not settled in 120 s counts as a chunk error too.
 */
import { CHUNK_ERROR_MAX_RETRIES, SCRIPT_CHUNK_TIMEOUT_MS, STORAGE_KEYS } from '@moim/contract';
import { readSession, removeSession, writeSession } from '../storage';

export class ChunkLoadError extends Error {
  constructor(message = 'Loading chunk failed') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_MESSAGE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (CSS )?chunk [\w-]+ failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: unknown; message?: unknown };
  return e.name === 'ChunkLoadError' || (typeof e.message === 'string' && CHUNK_MESSAGE.test(e.message));
}

/** Rejects with a ChunkLoadError when `load` has not settled within `ms`. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms: number = SCRIPT_CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export function chunkRetryCount(): number {
  const n = Number.parseInt(readSession(STORAGE_KEYS.chunkErrorRetryCount) ?? '0', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Takes one automatic retry if any is left: returns true (and counts it) when the page should
 * reload itself, false when the retries of this browser session are used up.
 */
export function claimChunkRetry(max: number = CHUNK_ERROR_MAX_RETRIES): boolean {
  const n = chunkRetryCount();
  if (n >= max) return false;
  writeSession(STORAGE_KEYS.chunkErrorRetryCount, String(n + 1));
  return true;
}

/** A page chunk loaded: the next failure starts counting afresh. */
export function resetChunkRetries(): void {
  if (readSession(STORAGE_KEYS.chunkErrorRetryCount) !== null) removeSession(STORAGE_KEYS.chunkErrorRetryCount);
}
