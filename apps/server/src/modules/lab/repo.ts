/** SQL for the lab: every query is scoped to its owner (`user_id`), so no row leaks to another user. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type DrawRow, labDraws, labRosters, type RosterRow } from './schema.ts';

/** Serialises one user's writes (limits are counted, then inserted). */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lab:${userId}`}))`);
}

export async function countRosters(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(labRosters).where(eq(labRosters.userId, userId));
  return row?.n ?? 0;
}

export type RosterValues = Pick<RosterRow, 'name' | 'people' | 'settings' | 'recent'>;

export async function insertRoster(db: DbOrTx, userId: string, v: RosterValues): Promise<RosterRow> {
  const [row] = await db
    .insert(labRosters)
    .values({ userId, ...v })
    .returning();
  return row!;
}

export async function listRosters(db: DbOrTx, userId: string, q: { page: number; size: number; sort: string }) {
  const order = q.sort === 'name,asc' ? [asc(labRosters.name), asc(labRosters.id)] : [desc(labRosters.updatedAt), desc(labRosters.id)];
  const rows = await db
    .select({
      id: labRosters.id,
      name: labRosters.name,
      peopleCount: sql<number>`jsonb_array_length(${labRosters.people})`.mapWith(Number),
      updatedAt: labRosters.updatedAt,
    })
    .from(labRosters)
    .where(eq(labRosters.userId, userId))
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  return { rows, total: await countRosters(db, userId) };
}

export async function findRoster(db: DbOrTx, userId: string, id: string): Promise<RosterRow | undefined> {
  const [row] = await db
    .select()
    .from(labRosters)
    .where(and(eq(labRosters.id, id), eq(labRosters.userId, userId)));
  return row;
}

export async function updateRoster(db: DbOrTx, userId: string, id: string, v: RosterValues): Promise<RosterRow | undefined> {
  const [row] = await db
    .update(labRosters)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(labRosters.id, id), eq(labRosters.userId, userId)))
    .returning();
  return row;
}

export async function deleteRoster(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(labRosters)
    .where(and(eq(labRosters.id, id), eq(labRosters.userId, userId)))
    .returning({ id: labRosters.id });
  return rows.length > 0;
}

export type DrawValues = Omit<DrawRow, 'id' | 'userId' | 'createdAt'>;

/** Inserts unless the user already has this client id; answers the stored row either way. */
export async function insertDraw(db: DbOrTx, userId: string, v: DrawValues): Promise<{ row: DrawRow; created: boolean }> {
  const [row] = await db
    .insert(labDraws)
    .values({ userId, ...v })
    .onConflictDoNothing({ target: [labDraws.userId, labDraws.clientId] })
    .returning();
  if (row) return { row, created: true };
  const [existing] = await db
    .select()
    .from(labDraws)
    .where(and(eq(labDraws.userId, userId), eq(labDraws.clientId, v.clientId)));
  return { row: existing!, created: false };
}

/** Keeps the newest `keep` draws of a user. */
export async function trimDraws(db: DbOrTx, userId: string, keep: number): Promise<void> {
  await db.execute(sql`
    delete from lab_draws where id in (
      select id from lab_draws where user_id = ${userId} order by played_at desc, id desc offset ${keep}
    )`);
}

export async function listDraws(db: DbOrTx, userId: string, q: { page: number; size: number; sort: string }) {
  const order = q.sort === 'playedAt,asc' ? [asc(labDraws.playedAt), asc(labDraws.id)] : [desc(labDraws.playedAt), desc(labDraws.id)];
  const rows = await db
    .select()
    .from(labDraws)
    .where(eq(labDraws.userId, userId))
    .orderBy(...order)
    .limit(q.size)
    .offset(q.page * q.size);
  return { rows, total: await countDraws(db, userId) };
}

export async function countDraws(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(labDraws).where(eq(labDraws.userId, userId));
  return row?.n ?? 0;
}

/** Appearances and wins (a name counted once per draw) per name, most wins first, top 100. */
export async function drawStats(db: DbOrTx, userId: string): Promise<{ name: string; appearances: number; wins: number }[]> {
  const res = await db.execute<{ name: string; appearances: string | number; wins: string | number }>(sql`
    select name, sum(app) as appearances, sum(win) as wins from (
      select e->>'name' as name, 1 as app, 0 as win
        from lab_draws d, jsonb_array_elements(d.entries) e
        where d.user_id = ${userId}
      union all
      select w.name, 0 as app, 1 as win
        from lab_draws d, lateral (select distinct jsonb_array_elements_text(d.winners) as name) w
        where d.user_id = ${userId}
    ) x
    group by name
    order by wins desc, appearances desc, name asc
    limit 100`);
  return res.rows.map((r) => ({ name: r.name, appearances: Number(r.appearances), wins: Number(r.wins) }));
}

export async function deleteDraws(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(labDraws).where(eq(labDraws.userId, userId)).returning({ id: labDraws.id });
  return rows.length;
}
