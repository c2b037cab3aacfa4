import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { listMigrations, migrate, migrationStatus } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'moim-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Uses an on-disk PGlite folder, the way `npm start` keeps ./data.
describe('migrations on a data folder', () => {
  it('applies each migration once, not again on restart, and keeps data across restarts', async () => {
    const dataDir = join(dir, 'pg');
    const first = await openDatabase({ dataDir });
    const ran = await migrate(first);
    expect(ran).toEqual(listMigrations().map((m) => m.name));
    await first.db.execute(sql`insert into app_meta (key, value) values ('probe', '{"kept": true}'::jsonb)`);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(await migrate(second)).toEqual([]);
    expect(await migrationStatus(second)).toMatchObject({ upToDate: true });
    const rows = await second.exec(`select value from app_meta where key = 'probe'`);
    expect(rows.rows[0]?.value).toEqual({ kept: true });
    await second.close();
    // every migration applied to a fresh on-disk folder, twice opened: slow on a loaded machine
  }, 90_000);
});
