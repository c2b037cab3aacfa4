/**
 * The game loop of the page: starts a game through the session manager (guests locally, signed-in
 * players on the server's referee), resumes one after a reload, plays the AI and bot seats,
 * keeps checkpoints (states/save), hands the device over between people, and ends the session
 * with the result and its log (queued offline by the manager).
 */
import {
  botRandomSeed,
  botStateFromView,
  checkBotAnswer,
  DeductionMoveError,
  type DeductionEvent,
  type DeductionSettings,
  type SeatSpec,
} from '@moim/games';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { ApiError } from '../../../shared/api/client';
import { readLocalState } from '../session/storage';
import type { GameSessionManager } from '../session/game-session-manager';
import { deductionApi } from './api';
import { BotRunner } from './bot-runner';
import { LocalDriver, RemoteDriver, type DeductionDriver, type DriverState } from './driver';
import type { Recorded } from './end-screen';
import type { Note } from './keyword-grid';
import { moveAnnouncement, moveErrorText } from './messages';

export type Phase = 'loading' | 'intro' | 'setup' | 'starting' | 'hints' | 'handover' | 'playing' | 'submitting' | 'over';

const AI_PAUSE_MS = 450;

export function useDeductionGame(manager: GameSessionManager, ready: boolean, botCodes: Map<string, string>) {
  const { t, i18n } = useTranslation('deduction');
  const english = i18n.language.startsWith('en');
  const [phase, setPhase] = useState<Phase>('loading');
  const [ds, setDs] = useState<DriverState | null>(null);
  const [notes, setNotes] = useState<Record<number, Record<number, Note>>>({});
  const [status, setStatus] = useState('');
  /** the last failed move or start (shown through the shared ErrorMessage) */
  const [error, setError] = useState<unknown>(null);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [hintSeat, setHintSeat] = useState(0);
  const [lastHuman, setLastHuman] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const driver = useRef<DeductionDriver | null>(null);
  const lastHumanRef = useRef<number | null>(null);
  useEffect(() => {
    lastHumanRef.current = lastHuman;
  }, [lastHuman]);
  const runner = useMemo(() => new BotRunner(), []);
  useEffect(() => () => runner.dispose(), [runner]);

  const humans = ds ? ds.view.seats.flatMap((s, i) => (s.kind === 'HUMAN' ? [i] : [])) : [];
  const hotSeat = humans.length > 1;

  const save = useCallback(
    (state: DriverState, n: Record<number, Record<number, Note>>) => {
      if (!driver.current || state.final) return;
      void manager.save(JSON.stringify({ ...driver.current.checkpoint(), notes: n }));
    },
    [manager],
  );

  const describe = useCallback((s: DriverState): string => moveAnnouncement(s.view, s.last, t, english), [t, english]);

  /** Ends the session with the final result (queued by the manager when offline). */
  const submit = useCallback(
    async (final: NonNullable<DriverState['final']>) => {
      setPhase('submitting');
      try {
        const out = await manager.end({ ...final.result, gameData: final.gameData });
        setRecorded(
          out.kind === 'recorded'
            ? { kind: 'recorded', record: out.record }
            : out.kind === 'queued'
              ? { kind: 'queued' }
              : { kind: 'guest', isPersonalBest: out.isPersonalBest, highScore: out.highScore },
        );
      } catch (err) {
        setRecorded({ kind: 'error', error: err });
      }
      setPhase('over');
    },
    [manager],
  );

  const apply = useCallback(
    async (act: (d: DeductionDriver) => Promise<DriverState>) => {
      const d = driver.current;
      if (!d) return;
      setBusy(true);
      setError(null);
      try {
        const s = await act(d);
        setDs(s);
        setStatus(describe(s));
        save(s, notes);
        if (s.final) {
          void submit(s.final);
          return;
        }
        const next = s.view.activeSeat;
        if (!s.final && next !== null && s.view.seats[next]!.kind === 'HUMAN' && humansOf(s).length > 1 && next !== lastHumanRef.current)
          setPhase('handover');
      } catch (err) {
        // a guest game's illegal move is the engine's, said in the UI's language; the server's come as they are
        setError(err instanceof DeductionMoveError ? moveErrorText(err, t) : err);
        if (err instanceof ApiError && err.status === 409) {
          // Someone (another tab) moved first: take the server's view.
          if (d instanceof RemoteDriver) setDs((d.state = (await reload(d.sessionId)) ?? d.state));
        }
      } finally {
        setBusy(false);
      }
    },
    [describe, save, notes, submit, t],
  );

  /* Resume after a reload ------------------------------------------------------------- */
  useEffect(() => {
    if (!ready || phase !== 'loading') return;
    void (async () => {
      const s = manager.getSnapshot().session;
      if (s && s.gameTypeCode === 'DEDUCTION') {
        const cp = parse(readLocalState(s.sessionId));
        if (cp?.notes) setNotes(cp.notes);
        if (s.guest && cp?.mode === 'local' && cp.settings && cp.seats) {
          driver.current = new LocalDriver(s.seed, cp.settings, cp.seats, cp.events ?? []);
        } else if (!s.guest) {
          try {
            driver.current = new RemoteDriver(s.sessionId, await deductionApi.play(s.sessionId));
          } catch {
            driver.current = null;
          }
        }
        if (driver.current) {
          setDs(driver.current.state);
          const final = driver.current.state.final;
          if (final) void submit(final);
          else setPhase('playing');
          return;
        }
      }
      setPhase('intro');
    })();
  }, [ready, phase, manager, submit]);

  /* Start --------------------------------------------------------------------------------- */
  const start = useCallback(
    async (settings: DeductionSettings, seats: SeatSpec[]) => {
      setPhase('starting');
      setError(null);
      setRecorded(null);
      setNotes({});
      setStatus('');
      try {
        const session = await manager.start('DEDUCTION', { settings, seats, client: 'web' });
        driver.current = session.guest
          ? new LocalDriver(session.seed, settings, seats)
          : new RemoteDriver(session.sessionId, await deductionApi.play(session.sessionId));
        setDs(driver.current.state);
        const people = seats.flatMap((s, i) => (s.kind === 'HUMAN' ? [i] : []));
        setLastHuman(null);
        setHintSeat(people[0] ?? 0);
        setPhase(people.length > 1 ? 'hints' : 'playing');
      } catch (err) {
        setError(err);
        setPhase('setup');
      }
    },
    [manager],
  );

  /* Non-human seats ---------------------------------------------------------------------- */
  useEffect(() => {
    if (phase !== 'playing' || !ds || ds.final || busy || error) return;
    const seat = ds.view.activeSeat;
    if (seat === null) return;
    const spec = ds.view.seats[seat]!;
    if (spec.kind === 'AI') {
      const id = window.setTimeout(() => void apply((d) => d.advanceAi()), AI_PAUSE_MS);
      return () => window.clearTimeout(id);
    }
    if (spec.kind === 'BOT') {
      const code = botCodes.get(spec.botId);
      void apply(async (d) => {
        setStatus(t('status.botThinking', { name: spec.name }));
        const state = botStateFromView(d.state.view, seat);
        const reply = code
          ? await runner.move(code, state, botRandomSeed(String(d.state.view.turn), d.state.view.turn, seat))
          : { skip: 'BOT_ERROR' as const, fault: { code: 'NOT_LOADED' as const } };
        const checked = 'guess' in reply ? checkBotAnswer(reply.guess, state) : null;
        return d.botMove(checked && !checked.ok ? { skip: 'BOT_INVALID' } : reply, checked?.ok ? checked.guess : null);
      });
    }
  }, [phase, ds, busy, error, apply, botCodes, runner, t]);

  const note = useCallback(
    (seat: number, i: number) =>
      setNotes((all) => {
        const mine = { ...(all[seat] ?? {}) };
        mine[i] = mine[i] === undefined ? 'A' : mine[i] === 'A' ? 'W' : (undefined as unknown as Note);
        if (mine[i] === undefined) delete mine[i];
        const next = { ...all, [seat]: mine };
        if (ds) save(ds, next);
        return next;
      }),
    [ds, save],
  );

  return {
    phase,
    setPhase,
    ds,
    notes,
    status,
    error,
    recorded,
    busy,
    hotSeat,
    hintSeat,
    setHintSeat,
    lastHuman,
    start,
    note,
    guess: (g: number[]) => void apply((d) => d.guess(g)),
    timeout: () => void apply((d) => d.timeout()),
    reveal: (kind: 'ANSWER' | 'WRONG') => void apply((d) => d.reveal(kind)),
    retry: () => setError(null),
    /** A person took the device for their turn. */
    takeOver: (seat: number) => {
      setLastHuman(seat);
      driver.current?.restartClock();
      if (driver.current) setDs({ ...driver.current.state });
      setPhase('playing');
    },
    abandon: async () => {
      await manager.abandon();
      driver.current = null;
      setDs(null);
      setPhase('intro');
    },
  };
}

function humansOf(s: DriverState): number[] {
  return s.view.seats.flatMap((x, i) => (x.kind === 'HUMAN' ? [i] : []));
}

async function reload(sessionId: string) {
  try {
    return new RemoteDriver(sessionId, await deductionApi.play(sessionId)).state;
  } catch {
    return null;
  }
}

interface Checkpoint {
  mode?: 'local' | 'remote';
  settings?: DeductionSettings;
  seats?: SeatSpec[];
  events?: DeductionEvent[];
  notes?: Record<number, Record<number, Note>>;
}
function parse(text: string | null | undefined): Checkpoint | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Checkpoint;
  } catch {
    return null;
  }
}
