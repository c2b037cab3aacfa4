/**
 * /lab/tetris: play on the server's seed (guests: a local seed), checkpoints on pause and every
 * 30 s (resume offered next time), submit at game over, then the verified result, personal-best
 * badge and the refreshed boards and statistics.
 */
import { msToTicks, summarizeTetris, TetrisGame, TetrisKeys, tetrisOptionsOfLog, type TetrisAction, type TetrisLog } from '@moim/games';
import { TETRIS_CONTROLS } from '@moim/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { toast } from '../../../shared/toast/toast';
import { gamesApi, gamesKeys } from '../api';
import type { GameRecordResult } from '@moim/contract';
import { useGameSession } from '../session/use-game-session';
import { readLocalState } from '../session/storage';
import { LeaderboardPanel } from './leaderboard-panel';
import { GuestBanner, StatsPanel } from './stats-panel';
import { TetrisGameView, type Hud } from './tetris-game-view';
import { keyLabel, keyMapOf } from './tetris-input';
import { TetrisSettingsDialog } from './tetris-settings-dialog';
import { useTetrisSettings } from './use-tetris-settings';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';
import { sessionErrorFallback } from '../session/game-session-manager';
import './tetris.css';
import { formatCount } from '../../../shared/lib/format-count';

const CHECKPOINT_EVERY_MS = 30_000;

type Phase = 'loading' | 'ready' | 'resume' | 'starting' | 'playing' | 'submitting' | 'result';

interface Checkpoint {
  sessionId: string;
  log: TetrisLog;
  score: number;
  level: number;
  lines: number;
}

type ResultView =
  | { kind: 'recorded'; score: number; record: GameRecordResult }
  | { kind: 'queued'; score: number }
  | { kind: 'guest'; score: number; isPersonalBest: boolean; highScore: number }
  | { kind: 'error'; score: number; error: unknown };

function parseCheckpoint(sessionId: string, text: string | null | undefined): Checkpoint | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { v?: number; log?: TetrisLog; summary?: { score: number; level: number; linesCleared: number } };
    if (data.v !== 1 || !data.log || data.log.v !== 1 || !Array.isArray(data.log.inputs)) return null;
    return {
      sessionId,
      log: data.log,
      score: data.summary?.score ?? 0,
      level: data.summary?.level ?? 1,
      lines: data.summary?.linesCleared ?? 0,
    };
  } catch {
    return null;
  }
}

/** Rebuilds a live game from a checkpoint's log (the same inputs on the same ticks). */
function restore(log: TetrisLog): TetrisGame {
  const game = new TetrisGame(log.seed, tetrisOptionsOfLog(log));
  let k = 0;
  for (let tick = 0; tick < log.ticks && !game.state.gameOver; tick++) {
    const actions: TetrisAction[] = [];
    while (k < log.inputs.length && log.inputs[k]![0] === tick) actions.push(log.inputs[k++]![1]);
    game.step(actions);
  }
  return game;
}

function snapshotText(game: TetrisGame): string {
  const s = game.state;
  return JSON.stringify({
    v: 1,
    game: 'TETRIS',
    log: game.log(),
    summary: summarizeTetris(s),
    snapshot: { board: Array.from(s.board).join(''), hold: s.hold, next: s.next, piece: s.piece, paused: s.paused },
  });
}

export default function TetrisPage() {
  const { t } = useTranslation('games');
  const { isAuthenticated, isLoading: authLoading, user } = useAuth();
  const { manager, loaded, hasUnsavedProgress, isSyncing, pending, syncError } = useGameSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const controls = useTetrisSettings(isAuthenticated);
  const { settings } = controls;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const input = useMemo(() => new TetrisKeys(), []);
  const keyMap = useMemo(() => keyMapOf(settings.bindings), [settings.bindings]);
  // New DAS/ARR apply at once (held keys keep their charge); the soft-drop speed from the next game.
  useEffect(() => input.setRepeat({ dasTicks: msToTicks(settings.dasMs), arrTicks: msToTicks(settings.arrMs) }), [input, settings]);
  const [phase, setPhaseState] = useState<Phase>('loading');
  const [game, setGameState] = useState<TetrisGame | null>(null);
  const [checkpoint, setCheckpoint] = useState<Checkpoint | null>(null);
  const [result, setResult] = useState<ResultView | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [guestRefresh, setGuestRefresh] = useState(0);
  const [round, setRound] = useState(0);
  const lastHud = useRef<Hud | null>(null);
  // The loop's callbacks read the current game and phase through refs, set together with the state.
  const gameRef = useRef<TetrisGame | null>(null);
  const phaseRef = useRef<Phase>('loading');
  const setPhase = useCallback((p: Phase) => {
    phaseRef.current = p;
    setPhaseState(p);
  }, []);
  const setGame = useCallback((g: TetrisGame | null) => {
    gameRef.current = g;
    setGameState(g);
  }, []);

  // Once the stored session is checked: offer to resume a checkpoint, else get ready.
  useEffect(() => {
    if (authLoading || !loaded || phaseRef.current !== 'loading') return;
    let cancelled = false;
    void (async () => {
      const s = manager.getSnapshot().session;
      let cp: Checkpoint | null = s && s.gameTypeCode === 'TETRIS' ? parseCheckpoint(s.sessionId, readLocalState(s.sessionId)) : null;
      if (!cp && isAuthenticated) {
        try {
          const latest = await gamesApi.latestState('TETRIS');
          if (latest) cp = parseCheckpoint(latest.sessionId, latest.stateData);
        } catch (err) {
          console.warn('[games] could not load the saved game', err);
        }
      }
      if (cancelled) return;
      setCheckpoint(cp);
      setPhase(cp ? 'resume' : 'ready');
    })();
    return () => {
      cancelled = true;
    };
  }, [authLoading, loaded, isAuthenticated, manager, setPhase]);

  const refreshBoards = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: gamesKeys.all });
  }, [queryClient]);

  const save = useCallback(() => {
    const g = gameRef.current;
    if (!g || phaseRef.current !== 'playing' || g.state.gameOver) return;
    void manager.save(snapshotText(g));
  }, [manager]);

  const begin = useCallback(
    (g: TetrisGame) => {
      input.clear();
      lastHud.current = null;
      setGame(g);
      setResult(null);
      setRound((r) => r + 1);
      setPhase('playing');
      setAnnouncement(t('announce.started'));
    },
    [input, t, setGame, setPhase],
  );

  const start = useCallback(async () => {
    setPhase('starting');
    try {
      const s = await manager.start('TETRIS', { client: 'web' });
      begin(
        new TetrisGame(s.seed, {
          ...(s.startLevel !== 1 ? { startLevel: s.startLevel } : {}),
          softDropFactor: settings.softDropFactor,
        }),
      );
    } catch (err) {
      toast.error(errorText(err, { fallback: sessionErrorFallback(err) }));
      setPhase('ready');
    }
  }, [manager, begin, setPhase, settings.softDropFactor]);

  const resume = useCallback(async () => {
    const cp = checkpoint;
    if (!cp) return;
    setPhase('starting');
    const current = manager.getSnapshot().session;
    const session = current?.sessionId === cp.sessionId ? current : await manager.adopt(cp.sessionId);
    if (!session || session.seed !== cp.log.seed) {
      toast.info(t('resume.gone'));
      setCheckpoint(null);
      setPhase('ready');
      return;
    }
    const g = restore(cp.log);
    // Resume paused, so the player gets a moment to look at the board.
    if (!g.state.paused && !g.state.gameOver) g.step(['P']);
    setCheckpoint(null);
    begin(g);
  }, [checkpoint, manager, begin, t, setPhase]);

  const discard = useCallback(async () => {
    setCheckpoint(null);
    await manager.abandon();
    setPhase('ready');
  }, [manager, setPhase]);

  const submit = useCallback(async () => {
    const g = gameRef.current;
    if (!g || phaseRef.current !== 'playing') return;
    setPhase('submitting');
    input.clear();
    const summary = summarizeTetris(g.state);
    let view: ResultView;
    try {
      const out = await manager.end({ ...summary, gameData: g.log() });
      if (out.kind === 'recorded') view = { kind: 'recorded', score: summary.score, record: out.record };
      else if (out.kind === 'queued') view = { kind: 'queued', score: summary.score };
      else view = { kind: 'guest', score: summary.score, isPersonalBest: out.isPersonalBest, highScore: out.highScore };
    } catch (err) {
      toast.error(errorText(err, { fallback: sessionErrorFallback(err) }));
      view = { kind: 'error', score: summary.score, error: err };
    }
    setResult(view);
    setPhase('result');
    setGuestRefresh((n) => n + 1);
    refreshBoards();
    setAnnouncement(
      view.kind === 'recorded' && view.record.isPersonalBest
        ? t('announce.personalBest', { score: formatCount(view.score) })
        : t('announce.gameOver', { score: formatCount(view.score) }),
    );
  }, [manager, input, refreshBoards, t, setPhase]);

  // Checkpoints: every 30 s while playing, when the tab is hidden and when leaving the page.
  useEffect(() => {
    if (phase !== 'playing') return;
    const timer = window.setInterval(() => {
      if (gameRef.current && !gameRef.current.state.paused) save();
    }, CHECKPOINT_EVERY_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') {
        const g = gameRef.current;
        if (g && !g.state.paused && !g.state.gameOver) {
          input.down('pause');
          input.up('pause');
        }
        save();
      }
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', save);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [phase, save, input]);

  const onHud = useCallback(
    (hud: Hud) => {
      const prev = lastHud.current;
      lastHud.current = hud;
      if (!prev) return;
      if (hud.lines > prev.lines) {
        setAnnouncement(t('announce.lines', { count: hud.lines - prev.lines, score: formatCount(hud.score), lines: hud.lines }));
      } else if (hud.level > prev.level) {
        setAnnouncement(t('announce.level', { level: hud.level }));
      }
    },
    [t],
  );

  const onPauseChange = useCallback(
    (paused: boolean) => {
      setAnnouncement(paused ? t('announce.paused') : t('announce.resumed'));
      if (paused) save();
    },
    [save, t],
  );

  /** The controls dialog; a running game pauses first. */
  const openSettings = () => {
    const g = gameRef.current;
    if (phaseRef.current === 'playing' && g && !g.state.paused && !g.state.gameOver) {
      input.down('pause');
      input.up('pause');
    }
    setSettingsOpen(true);
  };

  const overlay = (() => {
    switch (phase) {
      case 'loading':
      case 'starting':
        return (
          <div className="tetris-overlay" role="status">
            <div className="spinner" aria-hidden="true" />
            <p>{phase === 'loading' ? t('loading') : t('tetris.starting')}</p>
          </div>
        );
      case 'ready':
        return (
          <div className="tetris-overlay">
            <p className="tetris-overlay__title">{t('tetris.title')}</p>
            <p>{isAuthenticated ? t('tetris.readySignedIn') : t('tetris.readyGuest')}</p>
            <button type="button" className="btn btn-primary" onClick={() => void start()} data-testid="tetris-start">
              {t('tetris.start')}
            </button>
          </div>
        );
      case 'resume':
        return (
          <div className="tetris-overlay" role="dialog" aria-modal="false" aria-labelledby="resume-title">
            <p id="resume-title" className="tetris-overlay__title">
              {t('resume.title')}
            </p>
            <p>
              {t('resume.body', {
                score: formatCount(checkpoint?.score ?? 0),
                level: checkpoint?.level ?? 1,
                lines: checkpoint?.lines ?? 0,
              })}
            </p>
            <div className="row" style={{ justifyContent: 'center' }}>
              <button type="button" className="btn btn-primary" onClick={() => void resume()} data-testid="tetris-resume">
                {t('resume.continue')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void discard()}>
                {t('resume.discard')}
              </button>
            </div>
          </div>
        );
      case 'submitting':
        return (
          <div className="tetris-overlay" role="status">
            <div className="spinner" aria-hidden="true" />
            <p>{t('result.submitting')}</p>
          </div>
        );
      case 'result':
        return result ? (
          <div className="tetris-overlay" role="dialog" aria-modal="false" aria-labelledby="result-title" data-testid="tetris-result">
            <p id="result-title" className="tetris-overlay__title">
              {t('result.title')}
            </p>
            <p className="tetris-result__score" data-testid="result-score">
              {formatCount(result.score)}
            </p>
            {result.kind === 'recorded' && (
              <>
                <p className="row" style={{ justifyContent: 'center' }}>
                  <span className="badge badge--ok">{result.record.verified ? t('result.verified') : t('result.recorded')}</span>
                  {result.record.isPersonalBest && (
                    <span className="badge badge--best" data-testid="personal-best">
                      {t('result.personalBest')}
                    </span>
                  )}
                </p>
                {result.record.rank && (
                  <p>
                    {t('result.rank', {
                      rank: formatCount(result.record.rank.rank),
                      total: formatCount(result.record.rank.totalPlayers),
                    })}
                  </p>
                )}
              </>
            )}
            {result.kind === 'queued' && (
              <p className="tetris-result__note" data-testid="result-queued">
                {t('result.queued')}
              </p>
            )}
            {result.kind === 'guest' && (
              <>
                {result.isPersonalBest && <span className="badge badge--best">{t('result.personalBest')}</span>}
                <p>{t('result.guest', { best: formatCount(result.highScore) })}</p>
                <Link to="/login" state={{ from: location }} className="btn btn-secondary">
                  {t('guest.login')}
                </Link>
              </>
            )}
            {result.kind === 'error' && (
              <ErrorMessage className="tetris-result__note" error={result.error} fallback={sessionErrorFallback(result.error)} />
            )}
            <button type="button" className="btn btn-primary" onClick={() => void start()} data-testid="tetris-again">
              {t('result.again')}
            </button>
          </div>
        ) : null;
      default:
        return null;
    }
  })();

  return (
    <div className="tetris-page container">
      <header className="tetris-header">
        <p className="tetris-header__eyebrow">
          <Link to="/lab">{t('lab')}</Link>
        </p>
        <h1>{t('tetris.title')}</h1>
        <p className="muted">{t('tetris.lead')}</p>
      </header>

      {!isAuthenticated && !authLoading && <GuestBanner />}
      {(hasUnsavedProgress || syncError) && (
        <p className={`sync-status${syncError ? ' sync-status--error' : ''}`} role="status" data-testid="sync-status">
          {syncError ? syncError : isSyncing ? t('sync.syncing') : t('sync.pending', { count: pending })}
        </p>
      )}

      <div className="tetris-layout">
        <section className="tetris-game" aria-labelledby="tetris-game-title">
          <TetrisGameView
            game={game}
            input={input}
            keys={keyMap}
            toolbar={
              <>
                <h2 id="tetris-game-title" className="tetris-view__title">
                  {t('tetris.title')}
                </h2>
                <div className="tetris-actions">
                  {phase === 'playing' && (
                    <>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => input.down('pause') && input.up('pause')}
                        data-testid="tetris-pause"
                      >
                        {t('tetris.pauseButton')}
                      </button>
                      <button type="button" className="btn btn-secondary" onClick={() => void submit()} data-testid="tetris-end">
                        {t('tetris.endButton')}
                      </button>
                    </>
                  )}
                  <button type="button" className="btn btn-ghost" onClick={openSettings} data-testid="tetris-settings-open">
                    {t('settings.open')}
                  </button>
                </div>
              </>
            }
            running={phase === 'playing'}
            onGameOver={() => void submit()}
            onPauseChange={onPauseChange}
            onHud={onHud}
            overlay={phase === 'playing' ? null : overlay}
            focusKey={round}
          />
          <p id="tetris-help" className="tetris-help muted" data-testid="tetris-help">
            {TETRIS_CONTROLS.map((c) => `${settings.bindings[c].map((k) => keyLabel(k, t)).join('/')} ${t(`tetris.controls.${c}`)}`).join(
              ' · ',
            )}
          </p>
          <TetrisSettingsDialog
            open={settingsOpen}
            settings={settings}
            where={controls.where}
            playing={phase === 'playing'}
            onSave={controls.save}
            onClose={() => setSettingsOpen(false)}
          />
          <p className="visually-hidden" aria-live="polite" data-testid="tetris-announcer">
            {announcement}
          </p>
        </section>

        <div className="tetris-panels">
          <LeaderboardPanel gameType="TETRIS" meId={isAuthenticated ? (user?.id ?? null) : null} />
          <StatsPanel signedIn={isAuthenticated} refreshKey={guestRefresh} />
        </div>
      </div>
    </div>
  );
}
