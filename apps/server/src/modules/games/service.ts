/**
 * The rules of the game platform (SPEC §3, §4, §7): sessions (one in progress per player and
 * game; starting again abandons the old one), ending with a result that the server verifies
 * (TETRIS and DEDUCTION replays) before it is recorded and ranked, idempotent repeated ends, saved states,
 * the 24 h abandon sweep, and the import of a guest's local history as unranked records.
 */
import { randomBytes } from 'node:crypto';
import {
  formText,
  GAME_TYPE_CODE_VALUES,
  MAX_GAME_STATE_CHARS,
  MAX_SESSION_METADATA_CHARS,
  type DeductionResult,
  type GameRecordResult,
  type GameSession,
  type GameTypeCodeValue,
  type GameTypeInfo,
  type GuestHistoryEntry,
  type GuestImportResult,
  type SavedGameState,
  type TetrisResult,
} from '@moim/contract';
import { GAME_TYPES } from '@moim/games';
import type { Clock } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { AppError, badState, notFound } from '../../http/app-error.ts';
import type { ErrorTextKey } from '../../i18n/error-texts.ts';
import type { Locale } from '../../i18n/messages.ts';
import { DeductionReferee, seedCommitment } from './deduction-service.ts';
import type { LeaderboardService } from './leaderboard-service.ts';
import { periodKeysFor } from './periods.ts';
import * as repo from './repo.ts';
import { checkResult, parseResult, resultHash } from './result-check.ts';

/** Sessions with no activity (start or saved state) for this long are abandoned by the sweep. */
export const STALE_SESSION_MS = 24 * 60 * 60 * 1000;
/** Ranked play starts at level 1 so that every board compares like with like. */
export const RANKED_START_LEVEL = 1;

/** Which games enter the boards (a DEDUCTION result only when its setup is a ranked one). */
const RANKED: Record<GameTypeCodeValue, boolean> = { TETRIS: true, DEDUCTION: true };

export function gameTypeList(): GameTypeInfo[] {
  return GAME_TYPE_CODE_VALUES.map((code) => {
    const g = GAME_TYPES[code];
    return {
      code,
      name: g.nameKo,
      nameKo: g.nameKo,
      nameEn: g.nameEn,
      description: g.descriptionKo,
      descriptionKo: g.descriptionKo,
      descriptionEn: g.descriptionEn,
      resultFields: [...g.resultFields],
      verifiable: g.verifiable,
      ranked: RANKED[code],
    };
  });
}

function toSession(row: repo.SessionRow, recordId: string | null = null): GameSession {
  return {
    sessionId: row.id,
    gameTypeCode: row.gameType,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    metadata: row.metadata ?? {},
    // A DEDUCTION seed gives the answers away: while the game runs only its commitment is shown.
    seed: row.gameType === 'DEDUCTION' && row.status === 'IN_PROGRESS' ? seedCommitment(row.seed) : row.seed,
    startLevel: row.startLevel,
    endReason: row.endReason,
    endMessage: row.endMessage,
    recordId,
  };
}

/** The message of each reason a result is refused (packages/games verify and plausibility). */
const REFUSED_TEXT: Record<string, ErrorTextKey> = {
  MALFORMED_LOG: 'games.refused.malformedLog',
  SETUP_MISMATCH: 'games.refused.setupMismatch',
  LOG_MISMATCH: 'games.refused.logMismatch',
  ILLEGAL_MOVE: 'games.refused.illegalMove',
  GAME_NOT_OVER: 'games.refused.gameNotOver',
  FIELD_MISMATCH: 'games.refused.fieldMismatch',
  INVALID_CLAIM: 'games.refused.invalidClaim',
  SEED_MISMATCH: 'games.refused.seedMismatch',
  START_LEVEL_MISMATCH: 'games.refused.startLevelMismatch',
  INPUT_AFTER_GAME_OVER: 'games.refused.inputAfterGameOver',
  IMPLAUSIBLE: 'games.refused.implausible',
  DURATION_IMPLAUSIBLE: 'games.refused.durationImplausible',
};

/** A result that did not verify (VAL-2004): the reason's message, the reason and the field at fault in `details`. */
function resultRefused(reason: string | null, field?: string | null): AppError {
  const key = (reason && REFUSED_TEXT[reason]) || 'games.refused.unverified';
  return new AppError('VAL-2004', key, { ...(reason ? { reason } : {}), ...(field ? { field } : {}) });
}

function toState(row: repo.StateRow): SavedGameState {
  return {
    sessionId: row.sessionId,
    gameType: row.gameType,
    stateType: row.stateType,
    stateData: row.stateData,
    savedAt: row.savedAt.toISOString(),
  };
}

export class GamesService {
  constructor(
    private readonly ctx: AppContext,
    readonly boards: LeaderboardService,
    /** the DEDUCTION referee (turns of single-device games) */
    readonly deduction: DeductionReferee,
    private readonly clock: Clock,
  ) {}

  private now(): number {
    return this.clock().getTime();
  }

  /* Sessions ------------------------------------------------------------------------------ */

  private async ownSession(userId: string, sessionId: string): Promise<repo.SessionRow> {
    const s = await repo.findSession(this.ctx.db, sessionId);
    // someone else's session does not exist for the caller (the same answer as a missing one)
    if (!s || s.userId !== userId) throw notFound('games.sessionNotFound');
    return s;
  }

  async start(
    userId: string,
    gameType: GameTypeCodeValue,
    given: Record<string, unknown> = {},
    locale: Locale = 'ko',
  ): Promise<GameSession> {
    const metadata = gameType === 'DEDUCTION' ? this.deduction.normaliseStart(given, locale) : given;
    const metaText = JSON.stringify(metadata);
    if (metaText.length > MAX_SESSION_METADATA_CHARS) {
      throw new AppError(
        'VAL-2004',
        { key: 'games.metadataTooLong', params: { limit: MAX_SESSION_METADATA_CHARS } },
        {
          fields: [
            { path: 'body.metadata', code: 'too_big', message: formText({ key: 'tooLong', limit: MAX_SESSION_METADATA_CHARS }, locale) },
          ],
        },
      );
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.ctx.db.transaction(async (tx) => {
          await repo.lockPlayerGame(tx, userId, gameType);
          const replaced = await repo.abandonActiveSessions(tx, userId, gameType, 'REPLACED');
          await repo.deleteStates(tx, replaced);
          const row = await repo.insertSession(tx, {
            userId,
            gameType,
            seed: randomBytes(18).toString('base64url'),
            startLevel: RANKED_START_LEVEL,
            metadata,
          });
          if (gameType === 'DEDUCTION') await this.deduction.open(tx, row.id);
          return toSession(row);
        });
      } catch (err) {
        // Two starts at once: the other one's session took the "one in progress" slot; go again.
        if (isUniqueViolation(err) && attempt < 3) continue;
        if (isForeignKeyViolation(err)) throw notFound('games.userNotFound');
        throw err;
      }
    }
  }

  async get(userId: string, sessionId: string): Promise<GameSession> {
    const s = await this.ownSession(userId, sessionId);
    const record = s.status === 'COMPLETED' ? await repo.findRecordBySession(this.ctx.db, s.id) : undefined;
    return toSession(s, record?.id ?? null);
  }

  async abandon(userId: string, sessionId: string): Promise<GameSession> {
    const s = await this.ownSession(userId, sessionId);
    if (s.status === 'ABANDONED') return toSession(s);
    if (s.status !== 'IN_PROGRESS') throw badState('games.sessionOver', { status: s.status });
    const row = await this.ctx.db.transaction(async (tx) => {
      const r = await repo.abandonSession(tx, sessionId, 'USER');
      if (r) await repo.deleteStates(tx, [sessionId]);
      return r;
    });
    if (!row) {
      // It ended meanwhile: answer as of now.
      const again = await this.ownSession(userId, sessionId);
      if (again.status === 'ABANDONED') return toSession(again);
      throw badState('games.sessionOver', { status: again.status });
    }
    return toSession(row);
  }

  /** Abandons sessions left in progress for 24 h (recurring job). Returns how many. */
  async sweepStale(): Promise<number> {
    const cutoff = new Date(this.now() - STALE_SESSION_MS);
    return this.ctx.db.transaction(async (tx) => {
      const ids = await repo.abandonStaleSessions(tx, cutoff);
      await repo.deleteStates(tx, ids);
      return ids.length;
    });
  }

  /* Ending -------------------------------------------------------------------------------- */

  /**
   * Ends a session with its result. The result is checked first (TETRIS: replayed on the
   * session's seed); a refused result marks the session REJECTED and answers VAL-2004. Sending
   * the same result again answers the same record (or the same refusal); a different one BIZ-3002.
   */
  async end(userId: string, sessionId: string, raw: Record<string, unknown>, locale: Locale = 'ko'): Promise<GameRecordResult> {
    const session = await this.ownSession(userId, sessionId);
    const parsed = parseResult(session.gameType, raw, locale);
    const hash = resultHash(parsed as Record<string, unknown>);
    if (session.status !== 'IN_PROGRESS') return this.repeatEnd(session, hash);

    const expected = session.gameType === 'DEDUCTION' ? await this.deduction.expected(session.id, session.metadata ?? {}) : undefined;
    const checked = checkResult(session.gameType, parsed, session, this.now(), expected);
    if (!checked.ok) {
      const message = checked.message.slice(0, 500);
      const row = await repo.finishSession(this.ctx.db, sessionId, 'REJECTED', hash, checked.reason, message);
      if (!row) return this.repeatEnd(await this.ownSession(userId, sessionId), hash);
      this.ctx.log.info({ sessionId, userId, reason: checked.reason, field: checked.field }, 'game result refused');
      throw resultRefused(checked.reason, checked.field);
    }

    const r = checked.result;
    const score = r.score;
    const playedAt = new Date(this.now());
    const ranked = RANKED[session.gameType] && checked.ranked;
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const done = await repo.finishSession(tx, sessionId, 'COMPLETED', hash, null, null);
      if (!done) return null; // ended concurrently
      const tetris = checked.gameType === 'TETRIS' ? (r as TetrisResult) : null;
      const deduction = checked.gameType === 'DEDUCTION' ? (r as DeductionResult) : null;
      const { gameData: _g, ...fields } = r as Record<string, unknown>;
      const record = await repo.insertRecord(tx, {
        userId,
        gameType: session.gameType,
        source: 'SESSION',
        sessionId,
        verified: checked.verified,
        ranked,
        score,
        level: tetris?.level ?? null,
        linesCleared: tetris?.linesCleared ?? null,
        maxCombo: tetris?.maxCombo ?? null,
        won: deduction?.won ?? null,
        timeElapsedSeconds: r.timeElapsedSeconds,
        details: fields,
        gameData: checked.gameDataText,
        playedAt,
      });
      const bests = ranked
        ? await repo.upsertBestScores(
            tx,
            periodKeysFor(playedAt.getTime(), checked.boards).map((period) => ({
              gameType: session.gameType,
              period,
              userId,
              score,
              achievedAt: playedAt,
              recordId: record.id,
            })),
          )
        : [];
      const personalBest = bests.includes('ALL');
      if (personalBest) await repo.markPersonalBest(tx, record.id);
      await repo.deleteStates(tx, [sessionId]);
      return { record: { ...record, personalBest }, bests };
    });
    if (!outcome) return this.repeatEnd(await this.ownSession(userId, sessionId), hash);
    if (outcome.bests.length > 0) {
      await this.boards.recordBests(session.gameType, outcome.bests, { userId, score, achievedAt: playedAt.getTime() });
    }
    return this.recordResult(outcome.record);
  }

  private async recordResult(record: repo.RecordRow): Promise<GameRecordResult> {
    const rank = record.ranked ? await this.boards.rankOf(record.gameType, 'ALL_TIME', record.userId) : null;
    return {
      recordId: record.id,
      sessionId: record.sessionId!,
      gameType: record.gameType,
      score: record.score,
      isPersonalBest: record.personalBest,
      playedAt: record.playedAt.toISOString(),
      verified: record.verified,
      ranked: record.ranked,
      rank,
    };
  }

  /** An end call for a session that is no longer in progress. */
  private async repeatEnd(session: repo.SessionRow, hash: string): Promise<GameRecordResult> {
    if (session.status === 'COMPLETED' && session.resultHash === hash) {
      const record = await repo.findRecordBySession(this.ctx.db, session.id);
      if (record) return this.recordResult(record);
    }
    if (session.status === 'REJECTED' && session.resultHash === hash) {
      throw resultRefused(session.endReason);
    }
    throw badState(session.status === 'ABANDONED' ? 'games.endAbandoned' : 'games.endedOtherwise', { status: session.status });
  }

  /* Saved states -------------------------------------------------------------------------- */

  async saveState(userId: string, sessionId: string, stateType: string, stateData: unknown): Promise<SavedGameState> {
    const s = await this.ownSession(userId, sessionId);
    if (s.status !== 'IN_PROGRESS') throw badState('games.saveNotInProgress', { status: s.status });
    const text = typeof stateData === 'string' ? stateData : JSON.stringify(stateData);
    if (text.length > MAX_GAME_STATE_CHARS) {
      throw new AppError(
        'VAL-2004',
        { key: 'games.stateTooLarge', params: { kb: MAX_GAME_STATE_CHARS / 1024 } },
        {
          limit: MAX_GAME_STATE_CHARS,
          size: text.length,
        },
      );
    }
    const row = await repo.upsertState(this.ctx.db, { sessionId, stateType, userId, gameType: s.gameType, stateData: text });
    await repo.touchSession(this.ctx.db, sessionId);
    return toState(row);
  }

  async getState(userId: string, sessionId: string, stateType?: string): Promise<SavedGameState | null> {
    await this.ownSession(userId, sessionId);
    const row = await repo.latestStateOfSession(this.ctx.db, sessionId, stateType);
    return row ? toState(row) : null;
  }

  async latestState(userId: string, gameType: GameTypeCodeValue, stateType: string): Promise<SavedGameState | null> {
    const row = await repo.latestActiveState(this.ctx.db, userId, gameType, stateType);
    return row ? toState(row) : null;
  }

  async deleteStates(userId: string, sessionId: string): Promise<{ deleted: number }> {
    await this.ownSession(userId, sessionId);
    return { deleted: await repo.deleteStates(this.ctx.db, [sessionId]) };
  }

  /* Guest history ------------------------------------------------------------------------- */

  /**
   * Imports results a guest played in this browser before logging in. They were played on a
   * seed the server never issued, so they cannot be verified: they become unranked history
   * (statistics, score history), never leaderboard entries. Each guest id counts once per user.
   */
  async importGuestHistory(userId: string, entries: GuestHistoryEntry[]): Promise<GuestImportResult> {
    const now = this.now();
    const unique = new Map<string, GuestHistoryEntry>();
    for (const e of entries) if (!unique.has(e.guestId)) unique.set(e.guestId, e);
    const rows: repo.NewRecord[] = [...unique.values()].map((e) => ({
      userId,
      gameType: e.gameType,
      source: 'GUEST_IMPORT' as const,
      guestId: e.guestId,
      verified: false,
      ranked: false,
      score: e.score,
      level: e.level ?? null,
      linesCleared: e.linesCleared ?? null,
      maxCombo: e.maxCombo ?? null,
      timeElapsedSeconds: e.timeElapsedSeconds ?? 0,
      details: { importedAt: new Date(now).toISOString() },
      // A clock in the future is clamped to now.
      playedAt: new Date(Math.min(Date.parse(e.playedAt), now)),
    }));
    let inserted: string[];
    try {
      inserted = await repo.insertGuestRecords(this.ctx.db, rows);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw notFound('games.userNotFound');
      throw err;
    }
    const done = new Set(inserted);
    return { imported: inserted, alreadyImported: [...unique.keys()].filter((id) => !done.has(id)) };
  }
}
