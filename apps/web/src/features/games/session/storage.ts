/**
 * Browser storage of the game platform. SPEC §9 keys: `activeGameSession`,
 * `gameState-{sessionId}`, `game-history`, `tetris-high-score`; two more of ours:
 * `game-sync-queue` (ends and saves waiting for the network) and `game-history-migrated`
 * (guest results already imported into an account, so nothing is counted twice).
 */
import { STORAGE_KEYS, type GameTypeCodeValue } from '@moim/contract';
import { readJson, readLocal, removeLocal, writeJson, writeLocal } from '../../../shared/storage';

export const SYNC_QUEUE_KEY = 'game-sync-queue';
export const MIGRATED_KEY = 'game-history-migrated';
export const GUEST_HISTORY_LIMIT = 50;

export interface ActiveGameSession {
  sessionId: string;
  gameTypeCode: GameTypeCodeValue;
  status: 'IN_PROGRESS';
  startedAt: string;
  seed: string;
  startLevel: number;
  metadata?: Record<string, unknown>;
  /** Local-only session of a guest (id begins with `guest-`). */
  guest: boolean;
  /** The account the session belongs to (null for guests). */
  userId: string | null;
}

/** One finished guest game, newest first in `game-history`. */
export interface GuestHistoryItem {
  id: string;
  gameType: GameTypeCodeValue;
  score: number;
  playedAt: string;
  level?: number | null;
  linesCleared?: number | null;
  timeElapsedSeconds?: number | null;
  maxCombo?: number | null;
}

export type QueuedCall =
  | {
      kind: 'end';
      id: string;
      userId: string;
      sessionId: string;
      gameType: GameTypeCodeValue;
      result: Record<string, unknown>;
      queuedAt: string;
    }
  | { kind: 'save'; id: string; userId: string; sessionId: string; stateType: string; stateData: string; queuedAt: string };

export const readActiveSession = () => readJson<ActiveGameSession>(STORAGE_KEYS.activeGameSession);
export const writeActiveSession = (s: ActiveGameSession) => writeJson(STORAGE_KEYS.activeGameSession, s);
export const clearActiveSession = () => removeLocal(STORAGE_KEYS.activeGameSession);

export const readLocalState = (sessionId: string) => readLocal(STORAGE_KEYS.gameState(sessionId));
export const writeLocalState = (sessionId: string, data: string) => writeLocal(STORAGE_KEYS.gameState(sessionId), data);
export const clearLocalState = (sessionId: string) => removeLocal(STORAGE_KEYS.gameState(sessionId));

export const readQueue = (): QueuedCall[] => {
  const q = readJson<QueuedCall[]>(SYNC_QUEUE_KEY);
  return Array.isArray(q) ? q : [];
};
export const writeQueue = (q: QueuedCall[]) => (q.length ? writeJson(SYNC_QUEUE_KEY, q) : removeLocal(SYNC_QUEUE_KEY));

export function readGuestHistory(): GuestHistoryItem[] {
  const h = readJson<GuestHistoryItem[]>(STORAGE_KEYS.gameHistory);
  return Array.isArray(h) ? h.filter((e) => e && typeof e.id === 'string' && typeof e.score === 'number') : [];
}
export function addGuestHistory(item: GuestHistoryItem): void {
  writeJson(STORAGE_KEYS.gameHistory, [item, ...readGuestHistory().filter((e) => e.id !== item.id)].slice(0, GUEST_HISTORY_LIMIT));
}

export function readTetrisHighScore(): number {
  const n = Number(readLocal(STORAGE_KEYS.tetrisHighScore));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
export function writeTetrisHighScore(score: number): void {
  writeLocal(STORAGE_KEYS.tetrisHighScore, String(score));
}

export function readMigratedIds(): Set<string> {
  const ids = readJson<string[]>(MIGRATED_KEY);
  return new Set(Array.isArray(ids) ? ids : []);
}
export function addMigratedIds(ids: Iterable<string>): void {
  const all = readMigratedIds();
  for (const id of ids) all.add(id);
  writeJson(MIGRATED_KEY, [...all]);
}
