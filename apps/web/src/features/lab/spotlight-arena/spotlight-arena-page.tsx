/**
 * /lab/spotlight-arena: the lobby, the show (snail race, dart wheel, slot cascade) that ends in
 * a draw made before it started, the result with its seed, the history with statistics and a
 * fairness check. The stage comes first (the entries editor beside it on wide screens, below it
 * on narrow ones; the history below both): full screen (F or P), skip (S), reduced motion and
 * sound off by default.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { readJson, writeJson } from '../../../shared/storage';
import { toast } from '../../../shared/toast/toast';
import { Projector } from '../projector';
import { newSeed } from '../seed';
import { makeRun, poolOf, problemOf, runOfRecord, runToBody, type DrawRun, type LobbySetup } from './draw-run';
import { HistoryPanel } from './history-panel';
import { Lobby, type ShowOptions } from './lobby';
import { Stage } from './stage';
import { IdleStage, StagePanel } from './stage-panel';
import { scrollBelowHeader } from '../../../shared/lib/scroll-below-header';
import { useBrowserState } from '../../../shared/lib/use-browser-state';
import { useArenaHistory, type HistoryRecord } from './use-arena-history';
import { prefersReducedMotion } from './use-show-clock';
import { errorText } from '../../../shared/ui/error-message';
import '../lab.css';
import '../team-shuffle/team-shuffle.css';
import './arena.css';

const SETUP_KEY = 'lab-arena-setup';
const DEFAULT_SETUP: LobbySetup = {
  people: [],
  count: 1,
  excludePast: false,
  allowRepeat: false,
  useWeights: false,
  game: 'SNAIL_RACE',
  mode: 'highest',
};

const DEFAULT_OPTIONS: ShowOptions = { reduced: false, sound: false, record: false, seed: '' };

function storedSetup(): LobbySetup {
  const s = readJson<Partial<LobbySetup>>(SETUP_KEY);
  if (!s || !Array.isArray(s.people)) return DEFAULT_SETUP;
  return { ...DEFAULT_SETUP, ...s, people: s.people.filter((p) => p && typeof p.name === 'string').slice(0, 100) };
}

const typing = (el: EventTarget | null) => el instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);

export default function SpotlightArenaPage() {
  const { t } = useTranslation('lab');
  const id = useId();
  const history = useArenaHistory();
  // the stored lobby and the reduced-motion preference are the browser's: read once the
  // prerendered markup (drawn with the defaults) has been adopted
  const [setup, setSetup, setupRead] = useBrowserState<LobbySetup>(storedSetup, DEFAULT_SETUP);
  const [options, setOptions] = useBrowserState<ShowOptions>(
    () => ({ ...DEFAULT_OPTIONS, reduced: prefersReducedMotion() }),
    DEFAULT_OPTIONS,
  );
  const [run, setRun] = useState<{ run: DrawRun; replay: boolean; key: number } | null>(null);
  const [over, setOver] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [video, setVideo] = useState<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const editorId = `${id}-editor`;
  const stageId = `${id}-stage`;

  useEffect(() => {
    if (setupRead) writeJson(SETUP_KEY, setup);
  }, [setup, setupRead]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'f' || e.key === 'F' || e.key === 'p' || e.key === 'P') setFullscreen((on) => !on);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // A show that starts is in view: the stage's top goes just below the header.
  const runKey = run?.key;
  useEffect(() => {
    if (runKey !== undefined && !fullscreen) scrollBelowHeader(stageRef.current, 'aligned', options.reduced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey]);

  const start = () => {
    const seed = options.seed || newSeed(4);
    setVideo(null);
    setOver(false);
    setRun({ run: makeRun(setup, history.pastWinners, seed), replay: false, key: Date.now() });
  };
  const replay = (r: HistoryRecord) => {
    setVideo(null);
    setOver(false);
    setRun({ run: runOfRecord(r), replay: true, key: Date.now() });
  };
  const finished = () => {
    setOver(true);
    if (run && !run.replay)
      history.add({ ...runToBody(run.run), playedAt: run.run.playedAt }).catch((err: Error) => toast.error(errorText(err)));
  };

  const pool = poolOf(setup, history.pastWinners).entries;
  const title = run
    ? `${t(`arena.games.${run.run.game}.title`)}${run.run.mode ? ` · ${t(`arena.modes.${run.run.mode}.title`)}` : ''}`
    : t('arena.stage.title');
  const content = run ? (
    <div className="stack">
      <Stage
        key={run.key}
        run={run.run}
        reduced={options.reduced}
        sound={options.sound}
        record={options.record && !run.replay}
        onFinished={finished}
        onRecorded={setVideo}
      />
      {over && (
        <section className="arena-result stack" aria-labelledby={`${id}-won`} data-testid="arena-result">
          <h3 id={`${id}-won`}>{t('arena.winners', { count: run.run.winners.length })}</h3>
          <ol className="arena-winners" data-testid="arena-winners">
            {run.run.winners.map((w, i) => (
              <li key={`${w}-${i}`}>
                <span className="arena-winners__place">{i + 1}</span> {w}
              </li>
            ))}
          </ol>
          <p className="muted field-help" data-testid="arena-seed">
            {t('arena.seedShown', { seed: run.run.seed, count: run.run.entries.length })}
          </p>
          {run.run.excluded.length > 0 && (
            <p className="muted field-help">{t('arena.excludedList', { names: run.run.excluded.join(', ') })}</p>
          )}
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={start} disabled={!!problemOf(setup, history.pastWinners)}>
              {t('arena.again')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setRun({ ...run, replay: true, key: Date.now() })}>
              {t('arena.watchAgain')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRun(null)} data-testid="arena-back">
              {t('arena.backToLobby')}
            </button>
            {video && (
              <a className="btn btn-secondary" href={video} download={`snail-race-${run.run.seed}.webm`}>
                {t('arena.saveVideo')}
              </a>
            )}
          </div>
        </section>
      )}
    </div>
  ) : (
    <IdleStage setup={setup} pool={pool} problem={problemOf(setup, history.pastWinners)} onStart={start} editorId={editorId} />
  );
  const panel = (
    <StagePanel
      title={title}
      fullscreen={fullscreen}
      onFullscreen={() => setFullscreen(true)}
      sound={options.sound}
      onSound={(sound) => setOptions({ ...options, sound })}
    >
      {content}
    </StagePanel>
  );

  return (
    <div className="container lab-tool">
      <p className="lab-tool__crumb">
        <Link to="/lab">{t('title')}</Link>
      </p>
      <h1>{t('cards.spotlight-arena.title')}</h1>
      <p className="muted arena-lead">{t('arena.lead')}</p>
      <div className={`arena-layout${run ? ' is-running' : ''}`}>
        <div className="arena-layout__stage" ref={stageRef} id={stageId} tabIndex={-1}>
          <Projector title={t('cards.spotlight-arena.title')} onClose={() => setFullscreen(false)} open={fullscreen} fullscreen>
            {panel}
          </Projector>
        </div>
        <div className="arena-layout__editor" id={editorId} tabIndex={-1}>
          <Lobby
            setup={setup}
            onSetup={setSetup}
            options={options}
            onOptions={setOptions}
            pastWinners={history.pastWinners}
            stageId={stageId}
          />
        </div>
        <div className="arena-layout__history">
          <HistoryPanel history={history} pool={pool} onReplay={replay} />
        </div>
      </div>
    </div>
  );
}
