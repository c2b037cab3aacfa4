// Shared by scripts/backup.mjs and scripts/restore.mjs (docs/operations.md "Back up and restore").
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/** The archive's layout version; restore refuses another one. */
export const FORMAT = 1;
/**
 * Files of DATA_DIR that the archive carries besides the database: the generated secrets (the
 * token signing key; the web-push key pair, to which members' push subscriptions are bound).
 * Restore writes back only these names, whatever an archive's manifest lists.
 */
export const SECRET_FILES = ['jwt-secret', 'vapid-keys.json'];

/** The deployment's settings, read like the server reads them (an empty variable counts as unset). */
export function settings(env = process.env) {
  const v = (k) => (env[k] === undefined || env[k] === '' ? undefined : env[k]);
  const url = v('DATABASE_URL');
  return {
    dataDir: resolve(v('DATA_DIR') ?? './data'),
    // pg_dump and pg_restore need a session: PostgreSQL itself, not a transaction pooler
    databaseUrl: url ? (v('DATABASE_DIRECT_URL') ?? url) : undefined,
  };
}

/** Runs a command, failing with its own error output. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

export function fail(message) {
  console.error(`moim: ${message}`);
  process.exit(1);
}
