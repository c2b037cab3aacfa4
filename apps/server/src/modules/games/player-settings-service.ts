/**
 * A player's own controls for a game (docs/games.md "Tetris controls"): read and replaced by the
 * player only (every call is keyed on the caller's id; there is no way to name another player).
 * A player who never saved plays with the defaults, answered with `updatedAt: null`.
 */
import { DEFAULT_TETRIS_SETTINGS, tetrisSettings, type TetrisSettings, type TetrisSettingsAnswer } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import { findPlayerSettings, upsertPlayerSettings } from './player-settings-repo.ts';

const defaults = (): TetrisSettingsAnswer => ({ settings: structuredClone(DEFAULT_TETRIS_SETTINGS), updatedAt: null });

export class PlayerSettingsService {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  async tetris(userId: string): Promise<TetrisSettingsAnswer> {
    const row = await findPlayerSettings(this.ctx.db, userId, 'TETRIS');
    if (!row) return defaults();
    // A stored value a later, stricter contract refuses falls back to the defaults rather than
    // failing the page; the player's next save replaces it.
    const parsed = tetrisSettings.safeParse(row.settings);
    return parsed.success ? { settings: parsed.data, updatedAt: row.updatedAt.toISOString() } : defaults();
  }

  /** Replaces my settings (already checked against the contract by the route). */
  async saveTetris(userId: string, settings: TetrisSettings): Promise<TetrisSettingsAnswer> {
    const row = await upsertPlayerSettings(this.ctx.db, userId, 'TETRIS', { ...settings });
    return { settings, updatedAt: row.updatedAt.toISOString() };
  }
}
