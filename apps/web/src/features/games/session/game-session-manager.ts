/**
 * The game-session manager of SPEC §4 (a small store, framework-free; React reads it through
 * useGameSession):
 * - load: a stored `activeGameSession` is kept only if the server reports it IN_PROGRESS
 *   (an HTTP answer of any other kind drops it with its `gameState-{id}`; with no network at
 *   all it is kept until the server can be asked);
 * - start: abandons the current session first; guests get a local `guest-…` session and the
 *   server is never called for them;
 * - end / abandon: clear the session and its local state (abandon clears locally even when
 *   the call fails);
 * - an end or save that fails for want of network (or a 5xx) is queued durably in localStorage
 *   and replayed, in order, when the browser is back `online`;
 * - flags: hasUnsavedProgress, isSyncing, lastSyncTime, syncError;
 * - guest history (`game-history`, `tetris-high-score`) is imported into the account after
 *   login, remembering the imported ids so nothing is counted twice.
 * Start and end failures throw the server's message (else 'Failed to start/end game
 * session'); load, abandon and save failures are only logged.
 */
import {
  GUEST_SESSION_PREFIX,
  MAX_GUEST_IMPORT,
  type GameRecordResult,
  type GameTypeCodeValue,
  type GuestHistoryEntry,
} from '@moim/contract';
import { ApiError } from '../../../shared/api/client';
import { getAccessToken, getStoredUser } from '../../../shared/auth/token-store';
import { gamesApi } from '../api';
import {
  addGuestHistory,
  addMigratedIds,
  clearActiveSession,
  clearLocalState,
  readActiveSession,
  readGuestHistory,
  readMigratedIds,
  readQueue,
  readTetrisHighScore,
  writeActiveSession,
  writeLocalState,
  writeQueue,
  writeTetrisHighScore,
  type ActiveGameSession,
  type QueuedCall,
} from './storage';

export interface GameSessionState {
  session: ActiveGameSession | null;
  /** Something (a finished game, a checkpoint) is waiting to reach the server. */
  hasUnsavedProgress: boolean;
  isSyncing: boolean;
  lastSyncTime: number | null;
  syncError: string | null;
  /** Calls waiting in the offline queue. */
  pending: number;
  /** The stored session has been checked with the server. */
  loaded: boolean;
}

export type EndOutcome =
  { kind: 'recorded'; record: GameRecordResult } | { kind: 'queued' } | { kind: 'guest'; isPersonalBest: boolean; highScore: number };

export class GameSessionError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'GameSessionError';
  }
}

type Api = Pick<typeof gamesApi, 'start' | 'end' | 'abandon' | 'session' | 'saveState' | 'importGuestHistory'>;

export interface GameSessionManagerOptions {
  api?: Api;
  /** The signed-in user's id, or null for a guest. */
  currentUserId?: () => string | null;
  now?: () => number;
  newId?: () => string;
  log?: (message: string, err?: unknown) => void;
  messages?: () => { startFailed: string; endFailed: string };
  /** Where `online` is listened for (default window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

const defaultUserId = () => (getAccessToken() ? (getStoredUser()?.id ?? null) : null);
const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** No answer at all (offline, timeout) or a server failure: worth trying again later. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 0 || err.status >= 500;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The reader's text of an answer (the server's own message, or its code's sentence: never "HTTP 500"). */
function serverMessage(err: unknown): string | null {
  if (err instanceof ApiError && err.status > 0 && err.message) return err.message;
  return null;
}

/** A GameSessionError's own sentence, as `fallback` of the shared errorText / <ErrorMessage>. */
export function sessionErrorFallback(err: unknown): string | undefined {
  return err instanceof GameSessionError ? err.message : undefined;
}

export class GameSessionManager {
  private state: GameSessionState;
  private readonly listeners = new Set<() => void>();
  private readonly api: Api;
  private readonly userId: () => string | null;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly log: (message: string, err?: unknown) => void;
  private readonly messages: () => { startFailed: string; endFailed: string };
  private flushing: Promise<void> | null = null;
  private migrating: Promise<void> | null = null;
  private loading: Promise<void> | null = null;
  private readonly onOnline = () => void this.flush();
  private detach: (() => void) | null = null;

  constructor(opts: GameSessionManagerOptions = {}) {
    this.api = opts.api ?? gamesApi;
    this.userId = opts.currentUserId ?? defaultUserId;
    this.now = opts.now ?? Date.now;
    this.newId = opts.newId ?? randomId;
    this.log = opts.log ?? ((m, e) => console.warn(`[games] ${m}`, e ?? ''));
    this.messages = opts.messages ?? (() => ({ startFailed: 'Failed to start game session', endFailed: 'Failed to end game session' }));
    const queue = readQueue();
    this.state = {
      session: readActiveSession(),
      hasUnsavedProgress: queue.length > 0,
      isSyncing: false,
      lastSyncTime: null,
      syncError: null,
      pending: queue.length,
      loaded: false,
    };
    const target = opts.target === undefined ? (typeof window !== 'undefined' ? window : null) : opts.target;
    if (target) {
      target.addEventListener('online', this.onOnline);
      this.detach = () => target.removeEventListener('online', this.onOnline);
    }
  }

  /* Store ------------------------------------------------------------------------------- */

  getSnapshot = (): GameSessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<GameSessionState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  dispose(): void {
    this.detach?.();
    this.listeners.clear();
  }

  private setSession(session: ActiveGameSession | null) {
    if (session) writeActiveSession(session);
    else clearActiveSession();
    this.set({ session });
  }

  /** Forget the current session and its local saved state. */
  private clearSession(sessionId: string) {
    clearLocalState(sessionId);
    if (this.state.session?.sessionId === sessionId) this.setSession(null);
  }

  /* Load ------------------------------------------------------------------------------- */

  /** Checks the stored session with the server (once; later calls share the first). */
  load(): Promise<void> {
    this.loading ??= this.doLoad().finally(() => {
      this.set({ loaded: true });
      void this.flush();
    });
    return this.loading;
  }

  private async doLoad(): Promise<void> {
    const stored = readActiveSession();
    if (!stored) {
      this.set({ session: null });
      return;
    }
    const userId = this.userId();
    if (stored.guest) {
      // A guest who has logged in since: the local game cannot become a server game.
      if (userId) this.clearSession(stored.sessionId);
      else this.set({ session: stored });
      return;
    }
    if (!userId || userId !== stored.userId) {
      this.clearSession(stored.sessionId);
      this.setSession(null);
      return;
    }
    try {
      const remote = await this.api.session(stored.sessionId);
      if (remote.status === 'IN_PROGRESS') {
        this.setSession({ ...stored, seed: remote.seed, startLevel: remote.startLevel, startedAt: remote.startedAt });
      } else {
        this.clearSession(stored.sessionId);
        this.setSession(null);
      }
    } catch (err) {
      this.log('could not load the stored game session', err);
      if (err instanceof ApiError && err.status === 0) {
        this.set({ session: stored }); // offline: ask again next time
      } else {
        this.clearSession(stored.sessionId);
        this.setSession(null);
      }
    }
  }

  /**
   * Makes a session of mine still in progress on the server the current one (to resume it
   * from a checkpoint, e.g. one saved on another device). Null when it is not in progress.
   */
  async adopt(sessionId: string): Promise<ActiveGameSession | null> {
    const userId = this.userId();
    if (!userId) return null;
    if (this.state.session?.sessionId === sessionId) return this.state.session;
    try {
      const s = await this.api.session(sessionId);
      if (s.status !== 'IN_PROGRESS') return null;
      const session: ActiveGameSession = {
        sessionId: s.sessionId,
        gameTypeCode: s.gameTypeCode,
        status: 'IN_PROGRESS',
        startedAt: s.startedAt,
        seed: s.seed,
        startLevel: s.startLevel,
        metadata: s.metadata,
        guest: false,
        userId,
      };
      this.setSession(session);
      return session;
    } catch (err) {
      this.log('could not load the game session to resume', err);
      return null;
    }
  }

  /* Start / end / abandon -------------------------------------------------------------- */

  async start(gameTypeCode: GameTypeCodeValue, metadata?: Record<string, unknown>): Promise<ActiveGameSession> {
    if (this.state.session) await this.abandon();
    const userId = this.userId();
    if (!userId) {
      const session: ActiveGameSession = {
        sessionId: `${GUEST_SESSION_PREFIX}${this.newId()}`,
        gameTypeCode,
        status: 'IN_PROGRESS',
        startedAt: new Date(this.now()).toISOString(),
        seed: `local-${this.newId()}`,
        startLevel: 1,
        guest: true,
        userId: null,
        ...(metadata ? { metadata } : {}),
      };
      this.setSession(session);
      return session;
    }
    try {
      const s = await this.api.start(gameTypeCode, metadata);
      const session: ActiveGameSession = {
        sessionId: s.sessionId,
        gameTypeCode: s.gameTypeCode,
        status: 'IN_PROGRESS',
        startedAt: s.startedAt,
        seed: s.seed,
        startLevel: s.startLevel,
        metadata: s.metadata,
        guest: false,
        userId,
      };
      this.setSession(session);
      return session;
    } catch (err) {
      throw new GameSessionError(serverMessage(err) ?? this.messages().startFailed, err);
    }
  }

  /** Ends the current session with its result (SPEC §3 payload). */
  async end(result: Record<string, unknown> & { score: number }): Promise<EndOutcome> {
    const session = this.state.session;
    if (!session) throw new GameSessionError(this.messages().endFailed);
    if (session.guest) {
      const previous = session.gameTypeCode === 'TETRIS' ? readTetrisHighScore() : 0;
      addGuestHistory({
        id: session.sessionId,
        gameType: session.gameTypeCode,
        score: result.score,
        playedAt: new Date(this.now()).toISOString(),
        level: typeof result.level === 'number' ? result.level : null,
        linesCleared: typeof result.linesCleared === 'number' ? result.linesCleared : null,
        timeElapsedSeconds: typeof result.timeElapsedSeconds === 'number' ? result.timeElapsedSeconds : null,
        maxCombo: typeof result.maxCombo === 'number' ? result.maxCombo : null,
      });
      const isPersonalBest = result.score > previous;
      if (session.gameTypeCode === 'TETRIS' && isPersonalBest) writeTetrisHighScore(result.score);
      this.clearSession(session.sessionId);
      return { kind: 'guest', isPersonalBest, highScore: Math.max(previous, result.score) };
    }
    try {
      const record = await this.api.end(session.sessionId, result);
      this.clearSession(session.sessionId);
      this.set({ lastSyncTime: this.now(), syncError: null });
      return { kind: 'recorded', record };
    } catch (err) {
      if (isRetryable(err)) {
        this.enqueue({
          kind: 'end',
          id: this.newId(),
          userId: session.userId!,
          sessionId: session.sessionId,
          gameType: session.gameTypeCode,
          result,
          queuedAt: new Date(this.now()).toISOString(),
        });
        this.clearSession(session.sessionId);
        return { kind: 'queued' };
      }
      // The server has decided (refused, already ended …): the session is over either way.
      this.clearSession(session.sessionId);
      throw new GameSessionError(serverMessage(err) ?? this.messages().endFailed, err);
    }
  }

  /** Abandons the current session; always clears it locally, even when the call fails. */
  async abandon(): Promise<void> {
    const session = this.state.session;
    if (!session) return;
    this.clearSession(session.sessionId);
    if (session.guest) return;
    try {
      await this.api.abandon(session.sessionId);
    } catch (err) {
      this.log('could not abandon the game session', err);
    }
  }

  /* Saved states ------------------------------------------------------------------------ */

  /** Saves a checkpoint locally and (signed in) on the server; failures are only logged. */
  async save(stateData: string, stateType = 'CHECKPOINT'): Promise<void> {
    const session = this.state.session;
    if (!session) return;
    writeLocalState(session.sessionId, stateData);
    if (session.guest) return;
    try {
      await this.api.saveState(session.sessionId, stateData, stateType);
      this.set({ lastSyncTime: this.now() });
    } catch (err) {
      this.log('could not save the game state', err);
      if (isRetryable(err)) {
        this.enqueue({
          kind: 'save',
          id: this.newId(),
          userId: session.userId!,
          sessionId: session.sessionId,
          stateType,
          stateData,
          queuedAt: new Date(this.now()).toISOString(),
        });
      }
    }
  }

  /* Offline queue ---------------------------------------------------------------------- */

  private enqueue(call: QueuedCall) {
    // Only the newest checkpoint of a session matters.
    const queue = readQueue().filter(
      (q) => !(call.kind === 'save' && q.kind === 'save' && q.sessionId === call.sessionId && q.stateType === call.stateType),
    );
    queue.push(call);
    writeQueue(queue);
    this.set({ hasUnsavedProgress: true, pending: queue.length });
  }

  /** Replays the queued calls of the signed-in user, in order. */
  flush(): Promise<void> {
    this.flushing ??= this.doFlush().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async doFlush(): Promise<void> {
    const userId = this.userId();
    if (!userId || !readQueue().some((q) => q.userId === userId)) return;
    this.set({ isSyncing: true });
    let error: string | null = null;
    let synced = false;
    for (;;) {
      const item = readQueue().find((q) => q.userId === userId);
      if (!item) break;
      try {
        if (item.kind === 'end') await this.api.end(item.sessionId, item.result);
        else await this.api.saveState(item.sessionId, item.stateData, item.stateType);
        synced = true;
      } catch (err) {
        if (isRetryable(err)) {
          this.log('still offline; the queued game calls wait', err);
          break;
        }
        // Refused for good (e.g. the session was ended meanwhile): drop it, say so.
        this.log('a queued game call was refused', err);
        error = serverMessage(err) ?? (item.kind === 'end' ? this.messages().endFailed : 'Failed to save game state');
      }
      writeQueue(readQueue().filter((q) => q.id !== item.id));
    }
    const left = readQueue();
    this.set({
      isSyncing: false,
      pending: left.length,
      hasUnsavedProgress: left.length > 0,
      syncError: error,
      ...(synced ? { lastSyncTime: this.now() } : {}),
    });
  }

  /* Guest history ---------------------------------------------------------------------- */

  /** Guest results of this browser not imported yet. */
  pendingGuestEntries(): GuestHistoryEntry[] {
    const migrated = readMigratedIds();
    const history = readGuestHistory();
    const entries: GuestHistoryEntry[] = history
      .filter((h) => !migrated.has(h.id))
      .map((h) => ({
        guestId: h.id,
        gameType: h.gameType,
        score: h.score,
        playedAt: h.playedAt,
        level: h.level ?? null,
        linesCleared: h.linesCleared ?? null,
        timeElapsedSeconds: h.timeElapsedSeconds ?? null,
        maxCombo: h.maxCombo ?? null,
      }));
    // A high score whose game is no longer in the history still counts once.
    const high = readTetrisHighScore();
    const highId = `tetris-high-score-${high}`;
    if (high > 0 && !history.some((h) => h.gameType === 'TETRIS' && h.score === high) && !migrated.has(highId)) {
      entries.push({ guestId: highId, gameType: 'TETRIS', score: high, playedAt: new Date(this.now()).toISOString() });
    }
    return entries;
  }

  /** Imports the guest history into the signed-in account (once per entry). */
  migrateGuestHistory(): Promise<void> {
    this.migrating ??= this.doMigrate().finally(() => {
      this.migrating = null;
    });
    return this.migrating;
  }

  private async doMigrate(): Promise<void> {
    if (!this.userId()) return;
    // A guest game left open when the player logged in cannot become a server game.
    const open = this.state.session;
    if (open?.guest) this.clearSession(open.sessionId);
    const entries = this.pendingGuestEntries();
    for (let i = 0; i < entries.length; i += MAX_GUEST_IMPORT) {
      try {
        const r = await this.api.importGuestHistory(entries.slice(i, i + MAX_GUEST_IMPORT));
        addMigratedIds([...r.imported, ...r.alreadyImported]);
      } catch (err) {
        this.log('could not import the guest history', err);
        return;
      }
    }
    if (entries.length > 0) this.set({ lastSyncTime: this.now() });
  }
}

let shared: GameSessionManager | null = null;
/** The page-wide manager. */
export function getGameSessionManager(options?: GameSessionManagerOptions): GameSessionManager {
  shared ??= new GameSessionManager(options);
  return shared;
}
