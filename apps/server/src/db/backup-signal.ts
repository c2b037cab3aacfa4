/**
 * `npm run backup` of the embedded database while the server runs (scripts/backup.mjs,
 * docs/decisions/2026-11-29-backup-of-a-running-pglite.md). The server owns the data folder, so a
 * copy taken from outside could catch a half-written page; instead the running server makes the
 * copy itself, between transactions and after a checkpoint (Database.dumpDataDir), when asked:
 *
 * - while it serves, the process id is in `DATA_DIR/moim.pid` (removed at a clean shutdown);
 * - `SIGUSR2` → the data folder's tar goes to `DATA_DIR/pglite-snapshot.tar.gz` (written beside
 *   and renamed, so a reader never sees half of it), or the error to `pglite-snapshot.error`.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from './client.ts';

export const PID_FILE = 'moim.pid';
export const SNAPSHOT_FILE = 'pglite-snapshot.tar.gz';
export const SNAPSHOT_ERROR_FILE = 'pglite-snapshot.error';

/** Answers SIGUSR2 with a snapshot (embedded database only); returns what undoes it. */
export function serveBackupSignal(dataDir: string, database: Database, log: Pick<Logger, 'info' | 'error'>): () => void {
  const dump = database.dumpDataDir;
  if (!dump) return () => undefined;
  const pidFile = join(dataDir, PID_FILE);
  const snapshot = join(dataDir, SNAPSHOT_FILE);
  const errorFile = join(dataDir, SNAPSHOT_ERROR_FILE);
  let running: Promise<void> | undefined;
  const onSignal = () => {
    running ??= (async () => {
      const t0 = performance.now();
      try {
        const bytes = await dump();
        writeFileSync(`${snapshot}.tmp`, bytes, { mode: 0o600 });
        renameSync(`${snapshot}.tmp`, snapshot);
        log.info({ bytes: bytes.byteLength, ms: Math.round(performance.now() - t0) }, 'backup snapshot written');
      } catch (err) {
        log.error({ err }, 'backup snapshot failed');
        writeFileSync(errorFile, String((err as Error).message ?? err));
      }
    })().finally(() => (running = undefined));
  };
  process.on('SIGUSR2', onSignal);
  writeFileSync(pidFile, `${process.pid}\n`);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(pidFile, { force: true });
  };
}
