import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirInUse, LOCK_FILE, processAlive } from './data-dir-lock.ts';

const dirs: string[] = [];
function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'moim-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A live process that is not this one (until `stop`). */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { pid: child.pid!, stop: () => (child.kill('SIGKILL'), exited) };
}

describe('the data folder lock', () => {
  it('holds this process id while claimed and is gone once released', async () => {
    const dir = folder();
    const release = await claimDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    // claimed again (the same process: a test app reopening its folder)
    (await claimDataDir(dir))();
  });

  it('takes over the lock of a process that is gone (kill -9, crash) and of an unreadable file', async () => {
    const dir = folder();
    const gone = otherProcess();
    await gone.stop();
    expect(processAlive(gone.pid)).toBe(false);
    writeFileSync(join(dir, LOCK_FILE), `${gone.pid}\n`);
    const release = await claimDataDir(dir, { waitMs: 0 });
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    (await claimDataDir(dir, { waitMs: 0 }))();
  });

  it('refuses a folder a live server holds, naming it, and leaves that lock alone', async () => {
    const dir = folder();
    const other = otherProcess();
    try {
      writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`);
      const err = await claimDataDir(dir, { waitMs: 300, pollMs: 50 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataDirInUse);
      expect((err as DataDirInUse).pid).toBe(other.pid);
      expect((err as Error).message).toContain(dir);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      await other.stop();
    }
  });

  it('waits for a server that is still shutting down, then claims the folder', async () => {
    const dir = folder();
    const other = otherProcess();
    try {
      writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`);
      // the holder is seen alive on the first three looks, then gone
      let looks = 0;
      const told: number[] = [];
      const release = await claimDataDir(dir, { waitMs: 20_000, pollMs: 10, isAlive: () => ++looks <= 3, onWait: (pid) => told.push(pid) });
      expect(looks).toBe(4);
      expect(told).toEqual([other.pid]);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
      release();
    } finally {
      await other.stop();
    }
  });
});
