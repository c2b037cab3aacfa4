/** SQL of the players' own game settings (game_player_settings). Nothing else touches this table. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gamePlayerSettings } from './schema.ts';

export type PlayerSettingsRow = typeof gamePlayerSettings.$inferSelect;
type SettingsGame = PlayerSettingsRow['gameType'];

export async function findPlayerSettings(db: DbOrTx, userId: string, gameType: SettingsGame): Promise<PlayerSettingsRow | undefined> {
  const rows = await db
    .select()
    .from(gamePlayerSettings)
    .where(and(eq(gamePlayerSettings.userId, userId), eq(gamePlayerSettings.gameType, gameType)));
  return rows[0];
}

/** Inserts or replaces a player's settings for a game; answers the stored row. */
export async function upsertPlayerSettings(
  db: DbOrTx,
  userId: string,
  gameType: SettingsGame,
  settings: Record<string, unknown>,
): Promise<PlayerSettingsRow> {
  const rows = await db
    .insert(gamePlayerSettings)
    .values({ userId, gameType, settings })
    .onConflictDoUpdate({ target: [gamePlayerSettings.userId, gamePlayerSettings.gameType], set: { settings, updatedAt: sql`now()` } })
    .returning();
  return rows[0]!;
}
