/**
 * Debian's PgBouncer on a free port with a config of its own in a temporary folder (never the
 * packaged service): the fault suite's two instances run through it, and the server integration
 * suite does when TEST_PGBOUNCER=1 (test/global-setup.ts; docs/operations.md "Behind PgBouncer").
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const PGBOUNCER_BIN = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

export interface PgBouncerProcess {
  port: number;
  /** a database of `baseUrl`'s server, through the pooler */
  url(database: string): string;
  /** one row of `SHOW STATS` (the admin console) for a database: transactions and queries it pooled */
  stats(database: string): Promise<{ xacts: number; queries: number }>;
  stop(): Promise<void>;
}

/**
 * Debian's PgBouncer (1.18) in transaction mode on a free port, in front of `baseUrl`'s server,
 * every database by name (`* =`), trust authentication (the user must be in the auth file). The
 * settings are the ones docs/operations.md requires. Run as root, it drops to `postgres` (`-u`).
 */
export async function startPgbouncer(baseUrl: string): Promise<PgBouncerProcess> {
  if (!PGBOUNCER_BIN) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const target = new URL(baseUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'moim-pgbouncer-'));
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 10',
      'server_reset_query =',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const args = [join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) args.unshift('-u', 'postgres');
  const child = spawn(PGBOUNCER_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-10_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-10_000)));
  const exited = new Promise((r) => child.on('exit', r));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = (database: string) => {
    const u = new URL(baseUrl);
    u.port = String(port);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url('pgbouncer'), connectionTimeoutMillis: 2_000 });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  for (let i = 0; ; i++) {
    if (gone) throw new Error(`pgbouncer exited at start:\n${out}`);
    const up = await admin((c) => c.query('show version')).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`pgbouncer did not start:\n${out}`);
    await sleep(50);
  }
  return {
    port,
    url,
    async stats(database) {
      const rows = (await admin((c) => c.query('show stats'))).rows as {
        database: string;
        total_xact_count: string;
        total_query_count: string;
      }[];
      const row = rows.find((r) => r.database === database);
      return { xacts: Number(row?.total_xact_count ?? 0), queries: Number(row?.total_query_count ?? 0) };
    },
    async stop() {
      if (!gone) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
