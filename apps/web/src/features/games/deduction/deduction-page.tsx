/**
 * /lab/deduction-game: intro (personal best, rules, boards) → setup → hint viewing (hot-seat:
 * one device passed round) → board → end screen. Signed-in games are refereed by the server;
 * guests play locally (docs/deduction.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { readGuestHistory } from '../session/storage';
import { useGameSession } from '../session/use-game-session';
import { sessionErrorFallback } from '../session/game-session-manager';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { scrollBelowHeader } from '../../../shared/lib/scroll-below-header';
import { botsQuery, myStatsQuery } from './api';
import { Board } from './board';
import { BoardsPanel } from './boards-panel';
import { EndScreen } from './end-screen';
import { seatLabel } from './history';
import { RulesGuide } from './rules-guide';
import { SetupForm, type BotChoice } from './setup-form';
import { useDeductionGame } from './use-deduction-game';
import './deduction.css';
import './deduction-page.css';

export default function DeductionPage() {
  const { t, i18n } = useTranslation('deduction');
  const english = i18n.language.startsWith('en');
  const { isAuthenticated, isLoading: authLoading, user } = useAuth();
  const session = useGameSession();
  const location = useLocation();
  const sharedBot = (location.state as { bot?: { id: string; name: string; code: string } } | null)?.bot ?? null;
  const myBots = useQuery({ ...botsQuery(), enabled: isAuthenticated });
  const stats = useQuery({ ...myStatsQuery(), enabled: isAuthenticated });
  const botCodes = useMemo(() => {
    const m = new Map<string, string>();
    for (const b of myBots.data ?? []) m.set(b.id, b.code);
    if (sharedBot) m.set(sharedBot.id, sharedBot.code);
    return m;
  }, [myBots.data, sharedBot]);
  const botChoices: BotChoice[] = [
    ...(myBots.data ?? []).map((b) => ({ id: b.id, name: b.name })),
    ...(sharedBot && !myBots.data?.some((b) => b.id === sharedBot.id) ? [{ id: sharedBot.id, name: sharedBot.name }] : []),
  ];
  const g = useDeductionGame(session.manager, session.loaded && !authLoading && (!isAuthenticated || !myBots.isLoading), botCodes);
  const [revealHints, setRevealHints] = useState(false);
  useEffect(() => {
    if (sharedBot && g.phase === 'intro') g.setPhase('setup');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sharedBot, g.phase]);

  // A game that starts (or a hand-over, or the end) is in view: on a phone the setup form left
  // the page scrolled far below where the board appears.
  const mainRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (g.phase === 'hints' || g.phase === 'handover' || g.phase === 'playing' || g.phase === 'over') scrollBelowHeader(mainRef.current);
  }, [g.phase]);

  const playerName = (user?.name || t('setup.you')).slice(0, 20);
  const guestBest = Math.max(
    0,
    ...readGuestHistory()
      .filter((h) => h.gameType === 'DEDUCTION')
      .map((h) => h.score),
  );
  const best = isAuthenticated ? (stats.data?.bestScore ?? null) : guestBest || null;
  const view = g.ds?.view ?? null;
  const active = view?.activeSeat ?? null;
  const activeHuman = view && active !== null && view.seats[active]!.kind === 'HUMAN';
  const shownSeat = view ? (activeHuman ? active : (g.lastHuman ?? view.seats.findIndex((s) => s.kind === 'HUMAN'))) : null;

  let content;
  switch (g.phase) {
    case 'starting':
    case 'submitting':
      content = (
        <div className="state" role="status">
          <div className="spinner" aria-hidden="true" />
          <span>{t(`phase.${g.phase}`)}</span>
        </div>
      );
      break;
    case 'loading':
    case 'intro': {
      // While the page looks for a game to resume ('loading') the intro is drawn as it will be,
      // its start button waiting: the prerendered HTML paints the rules and the boards, and no
      // stored value (the guest's best) is read before the adoption.
      const looking = g.phase === 'loading';
      content = (
        <div className="ded-intro">
          <section className="card ded-intro__start" aria-busy={looking || undefined}>
            <p className="ded-best" data-testid="ded-best">
              {isAuthenticated ? t('intro.best') : t('intro.bestLocal')}:{' '}
              <strong>{!looking && best !== null ? best.toLocaleString() : '–'}</strong>
            </p>
            <p>{isAuthenticated ? t('intro.signedIn') : t('intro.guest')}</p>
            {looking && (
              <p className="visually-hidden" role="status">
                {t('phase.loading')}
              </p>
            )}
            <div className="row">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => g.setPhase('setup')}
                disabled={looking}
                data-testid="ded-new-game"
              >
                {t('intro.newGame')}
              </button>
              <Link className="btn btn-secondary" to="/lab/deduction-game/bots">
                {t('intro.bots')}
              </Link>
              <Link className="btn btn-ghost" to="/lab/deduction-game/ladder">
                {t('intro.ladder')}
              </Link>
              <Link className="btn btn-ghost" to="/lab/deduction-game/rooms">
                {t('intro.rooms')}
              </Link>
            </div>
          </section>
          <RulesGuide />
        </div>
      );
      break;
    }
    case 'setup':
      content = (
        <>
          <ErrorMessage error={g.error} fallback={sessionErrorFallback(g.error)} />
          <SetupForm
            playerName={playerName}
            bots={botChoices}
            signedIn={isAuthenticated}
            initialBot={sharedBot ? { id: sharedBot.id, name: sharedBot.name } : null}
            onStart={(s, seats) => void g.start(s, seats)}
            onCancel={() => g.setPhase('intro')}
          />
        </>
      );
      break;
    case 'hints': {
      const seat = g.hintSeat;
      const people = view!.seats.flatMap((s, i) => (s.kind === 'HUMAN' ? [i] : []));
      const mine = view!.mine.find((m) => m.seat === seat)!;
      const next = people[people.indexOf(seat) + 1];
      content = (
        <section className="card ded-pass" aria-labelledby="ded-pass-title" data-testid="ded-hints">
          <h2 id="ded-pass-title">{t('hints.title', { name: seatLabel(view!, seat, t) })}</h2>
          {!revealHints ? (
            <>
              <p>{t('hints.pass', { name: seatLabel(view!, seat, t) })}</p>
              <button type="button" className="btn btn-primary" onClick={() => setRevealHints(true)} data-testid="ded-show-hints">
                {t('hints.show')}
              </button>
            </>
          ) : (
            <>
              <p>{t('hints.these')}</p>
              <ul className="ded-hint-list" data-testid="ded-hint-list">
                {mine.hints.map((i) => (
                  <li key={i}>{english ? view!.keywords[i]!.en : view!.keywords[i]!.ko}</li>
                ))}
              </ul>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="ded-hints-done"
                onClick={() => {
                  setRevealHints(false);
                  if (next !== undefined) g.setHintSeat(next);
                  else g.setPhase(activeHuman ? 'handover' : 'playing');
                }}
              >
                {next !== undefined ? t('hints.hideAndPass', { name: seatLabel(view!, next, t) }) : t('hints.begin')}
              </button>
            </>
          )}
        </section>
      );
      break;
    }
    case 'handover':
      content = (
        <section className="card ded-pass" aria-labelledby="ded-handover-title" data-testid="ded-handover">
          <h2 id="ded-handover-title">{t('handover.title', { name: seatLabel(view!, active!, t) })}</h2>
          <p>{t('handover.body')}</p>
          <button type="button" className="btn btn-primary" onClick={() => g.takeOver(active!)} data-testid="ded-take-turn">
            {t('handover.ready')}
          </button>
        </section>
      );
      break;
    case 'playing':
      content = (
        <>
          <ErrorMessage error={g.error} onRetry={g.retry} />
          <Board
            view={view!}
            seat={shownSeat}
            myTurn={Boolean(activeHuman)}
            busy={g.busy}
            turnStartedAt={g.ds!.turnStartedAt}
            notes={g.notes[shownSeat ?? 0] ?? {}}
            english={english}
            onNote={(i) => g.note(shownSeat ?? 0, i)}
            onGuess={g.guess}
            onReveal={g.reveal}
            onTimeout={g.timeout}
            status={g.status}
          />
          <p className="row">
            <button type="button" className="btn btn-ghost" onClick={() => void g.abandon()}>
              {t('board.quit')}
            </button>
          </p>
        </>
      );
      break;
    case 'over':
      content = <EndScreen view={view!} final={g.ds!.final!} recorded={g.recorded} english={english} onAgain={() => g.setPhase('setup')} />;
      break;
  }

  return (
    <div className="ded-page container">
      <header className="ded-header">
        <p className="ded-header__eyebrow">
          <Link to="/lab">{t('lab')}</Link>
        </p>
        <h1>{t('title')}</h1>
        <p className="muted">{t('lead')}</p>
      </header>
      {(session.hasUnsavedProgress || session.syncError) && (
        <p className="sync-status" role="status">
          {session.syncError ?? t('sync.pending', { count: session.pending })}
        </p>
      )}
      {g.phase === 'loading' || g.phase === 'intro' || g.phase === 'over' ? (
        <div className="ded-layout">
          <div className="ded-main" ref={mainRef}>
            {content}
          </div>
          <BoardsPanel meId={isAuthenticated ? (user?.id ?? null) : null} />
        </div>
      ) : (
        <div className="ded-main" ref={mainRef}>
          {content}
        </div>
      )}
    </div>
  );
}
