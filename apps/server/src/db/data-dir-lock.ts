/**
 * One server per embedded database. PGlite's files in DATA_DIR can be opened by one process at a
 * time; a second process opening them fails deep inside with "Aborted()". So the server claims
 * the folder before it opens the database: `DATA_DIR/moim.lock` holds its process id, created
 * atomically (a hard link of a file already written, so nobody reads it half-made) and removed
 * when the process exits.
 *
 * A lock whose process is gone (kill -9, a crash, a reboot) is taken over. A lock whose process
 * is alive is waited for up to `waitMs` (a previous server still shutting down finishes within its
 * SHUTDOWN_TIMEOUT_MS), then refused with DataDirInUse, which the server reports in one sentence.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = 'moim.lock';

export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`the data folder ${dir} is in use by another moim server (process ${pid})`);
  }
}

/** Whether a process with this id runs (a zombie, dead but not yet reaped, does not). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // Linux: the state after the command's closing parenthesis; Z = zombie
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface ClaimOptions {
  /** how long to wait for a live holder to go away (ms) */
  waitMs?: number;
  pollMs?: number;
  isAlive?: (pid: number) => boolean;
  /** called once when a live holder is found, before waiting for it */
  onWait?: (pid: number, waitMs: number) => void;
}

/** Claims `dataDir` for this process (see above); returns what releases it early. */
export async function claimDataDir(dataDir: string, opts: ClaimOptions = {}): Promise<() => void> {
  const { waitMs = 20_000, pollMs = 100, isAlive = processAlive, onWait } = opts;
  let told = false;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const mine = join(dataDir, `${LOCK_FILE}.${process.pid}`);
  writeFileSync(mine, `${process.pid}\n`);
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      try {
        linkSync(mine, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = holderOf(file);
      if (holder === undefined || holder === process.pid || !isAlive(holder)) {
        rmSync(file, { force: true });
        continue;
      }
      if (Date.now() >= deadline) throw new DataDirInUse(dataDir, holder);
      if (!told) {
        told = true;
        onWait?.(holder, waitMs);
      }
      await sleep(pollMs);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
