/**
 * /lab/spotlight-arena: the lobby, the show (snail race, dart wheel, slot cascade) that ends in
 * a draw made before it started, the result with its seed, the history with statistics and a
 * fairness check, projector mode (P), skip (S), reduced motion and sound off by default.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readJson, writeJson } from '../../../shared/storage';
import { toast } from '../../../shared/toast/toast';
import { Projector } from '../projector';
import { newSeed } from '../seed';
import { makeRun, poolOf, runOfRecord, runToBody, type DrawRun, type LobbySetup } from './draw-run';
import { HistoryPanel } from './history-panel';
import { Lobby, type ShowOptions } from './lobby';
import { Stage } from './stage';
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
  const [setup, setSetup] = useState<LobbySetup>(storedSetup);
  const [options, setOptions] = useState<ShowOptions>(() => ({ reduced: prefersReducedMotion(), sound: false, record: false, seed: '' }));
  const [run, setRun] = useState<{ run: DrawRun; replay: boolean; key: number } | null>(null);
  const [over, setOver] = useState(false);
  const [projector, setProjector] = useState(false);
  const [video, setVideo] = useState<string | null>(null);

  useEffect(() => writeJson(SETUP_KEY, setup), [setup]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if ((e.key === 'p' || e.key === 'P') && run) setProjector((p) => !p);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);

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
    window.scrollTo({ top: 0 });
  };
  const finished = () => {
    setOver(true);
    if (run && !run.replay)
      history.add({ ...runToBody(run.run), playedAt: run.run.playedAt }).catch((err: Error) => toast.error(errorText(err)));
  };

  const show = run && (
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
        <section className="card stack arena-result" aria-labelledby={`${id}-won`} data-testid="arena-result">
          <h2 id={`${id}-won`}>{t('arena.winners', { count: run.run.winners.length })}</h2>
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
            <button type="button" className="btn btn-primary" onClick={start}>
              {t('arena.again')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setRun({ ...run, replay: true, key: Date.now() })}>
              {t('arena.watchAgain')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRun(null)}>
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
  );

  return (
    <div className="container lab-tool">
      <p className="lab-tool__crumb">
        <Link to="/lab">{t('title')}</Link>
      </p>
      <h1>{t('cards.spotlight-arena.title')}</h1>
      <p className="muted">{t('arena.lead')}</p>
      <div className={`lab-tool__grid arena-layout${run ? ' is-running' : ''}`}>
        <div className="stack">
          {run ? (
            <>
              <div className="row">
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => setProjector(true)}
                  aria-keyshortcuts="P"
                  data-testid="arena-projector"
                >
                  {t('projector.open')}
                </button>
                <label className="lab-check">
                  <input type="checkbox" checked={options.sound} onChange={(e) => setOptions({ ...options, sound: e.target.checked })} />
                  {t('arena.sound')}
                </label>
              </div>
              {projector ? (
                <Projector title={t('cards.spotlight-arena.title')} onClose={() => setProjector(false)}>
                  {show}
                </Projector>
              ) : (
                show
              )}
            </>
          ) : (
            <Lobby
              setup={setup}
              onSetup={setSetup}
              options={options}
              onOptions={setOptions}
              pastWinners={history.pastWinners}
              onStart={start}
            />
          )}
        </div>
        <HistoryPanel history={history} pool={poolOf(setup, history.pastWinners).entries} onReplay={replay} />
      </div>
    </div>
  );
}
