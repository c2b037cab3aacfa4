/**
 * What the presenter sees first: the stage. Before a draw it shows who is in the pool, the
 * winner count and the game with the start button; during one the show itself, then the result.
 * It can go full screen (the Fullscreen API where the browser has it, the projector overlay
 * always); the page brings it into view when a show starts.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { scrollBelowHeader } from '../../../shared/lib/scroll-below-header';
import type { ArenaPerson, DrawProblem, LobbySetup } from './draw-run';

/** How many names the idle stage lists before "+N". */
const PREVIEW_NAMES = 24;

/** Scrolls to a part of the page (below the header) and moves the focus there. */
export function goTo(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  scrollBelowHeader(el, 'aligned');
  el.focus({ preventScroll: true });
}

interface IdleProps {
  setup: LobbySetup;
  pool: readonly ArenaPerson[];
  problem: DrawProblem | null;
  onStart: () => void;
  /** id of the participants' input, for the "add participants" link */
  editorId: string;
}

/** The stage before a draw: the pool, the rules in one line and the start button. */
export function IdleStage({ setup, pool, problem, onStart, editorId }: IdleProps) {
  const { t } = useTranslation('lab');
  const id = useId();
  const game = t(`arena.games.${setup.game}.title`);
  const shown = pool.slice(0, PREVIEW_NAMES);
  return (
    <div className="arena-idle" data-testid="arena-idle">
      {pool.length === 0 ? (
        <div className="arena-idle__empty">
          <p className="arena-idle__headline">{t('arena.stage.emptyTitle')}</p>
          <p className="muted">{t('arena.stage.emptyBody')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => goTo(editorId)}>
            {t('arena.stage.addPeople')}
          </button>
        </div>
      ) : (
        <>
          <p className="arena-idle__headline" id={`${id}-summary`}>
            {t('arena.stage.summary', { count: pool.length, winners: setup.count, game })}
          </p>
          <ul className="arena-idle__names" aria-label={t('participants.listLabel')}>
            {shown.map((p) => (
              <li key={p.name}>{p.name}</li>
            ))}
            {pool.length > shown.length && <li className="is-more">{t('arena.stage.more', { count: pool.length - shown.length })}</li>}
          </ul>
        </>
      )}
      {problem && setup.people.length > 0 && (
        <p className="lab-notice" role="alert">
          {t(`arena.problems.${problem}`)}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary arena-start"
        disabled={!!problem}
        onClick={onStart}
        aria-describedby={pool.length > 0 ? `${id}-summary` : undefined}
        data-testid="arena-start"
      >
        {t('arena.start', { game })}
      </button>
    </div>
  );
}

interface PanelProps {
  children: ReactNode;
  /** the title line: the game (and mode) */
  title: string;
  fullscreen: boolean;
  onFullscreen: () => void;
  sound: boolean;
  onSound: (on: boolean) => void;
}

/** The stage's frame: its title, the sound switch and the full-screen button around the content. */
export function StagePanel({ children, title, fullscreen, onFullscreen, sound, onSound }: PanelProps) {
  const { t } = useTranslation('lab');
  const id = useId();
  return (
    <section className="arena-panel" aria-labelledby={`${id}-title`} data-testid="arena-panel">
      <div className="arena-panel__bar">
        <h2 id={`${id}-title`} className="arena-panel__title">
          {title}
        </h2>
        <label className="lab-check arena-panel__sound">
          <input type="checkbox" checked={sound} onChange={(e) => onSound(e.target.checked)} />
          {t('arena.sound')}
        </label>
        {!fullscreen && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={onFullscreen}
            aria-keyshortcuts="F"
            title={t('arena.stage.fullscreenKey')}
            data-testid="arena-fullscreen"
          >
            {t('arena.stage.fullscreen')}
          </button>
        )}
      </div>
      {children}
    </section>
  );
}
