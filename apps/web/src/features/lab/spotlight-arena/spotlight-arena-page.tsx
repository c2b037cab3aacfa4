/**
 * /lab/spotlight-arena: who presents next. A spotlight runs over the names, slows down and
 * stops on the pick; nobody is picked twice until everyone had a turn. Names and history stay
 * in this browser. Space or Enter spins; with reduced motion the pick shows at once.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readJson, writeJson } from '../../../shared/storage';
import { parseNames } from '../team-shuffle/team-shuffle';
import { cryptoRandom, emptySpotlight, pickNext, remaining, setNames, spotlightPath, type SpotlightState } from './spotlight';
import '../lab.css';

const STORAGE_KEY = 'lab-spotlight-arena';

function loadState(): SpotlightState {
  const s = readJson<SpotlightState>(STORAGE_KEY);
  return s && Array.isArray(s.names) && Array.isArray(s.picked) && Array.isArray(s.history) ? s : emptySpotlight();
}

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export default function SpotlightArenaPage() {
  const { t, i18n } = useTranslation('lab');
  const [state, setState] = useState<SpotlightState>(loadState);
  const [text, setText] = useState(() => loadState().names.join('\n'));
  const [lit, setLit] = useState<number | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [winner, setWinner] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  const id = useId();

  useEffect(() => writeJson(STORAGE_KEY, state), [state]);
  useEffect(() => () => timers.current.forEach((x) => window.clearTimeout(x)), []);

  const applyNames = (value: string) => {
    setText(value);
    setState((s) => setNames(s, parseNames(value)));
  };

  const spin = useCallback(() => {
    if (spinning) return;
    const next = pickNext(state, cryptoRandom);
    if (!next) return;
    const target = state.names.indexOf(next.name);
    const finish = () => {
      setLit(target);
      setWinner(next.name);
      setState(next.state);
      setSpinning(false);
    };
    setWinner(null);
    if (reducedMotion()) {
      finish();
      return;
    }
    setSpinning(true);
    let at = 0;
    for (const step of spotlightPath(state.names.length, target)) {
      timers.current.push(window.setTimeout(() => setLit(step.index), at));
      at += step.ms;
    }
    timers.current.push(window.setTimeout(finish, at));
  }, [spinning, state]);

  const left = remaining(state);
  const fmt = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language === 'en' ? 'en' : 'ko', { hour: '2-digit', minute: '2-digit' });

  return (
    <div className="container lab-tool">
      <p className="lab-tool__crumb">
        <Link to="/lab">{t('title')}</Link>
      </p>
      <h1>{t('cards.spotlight-arena.title')}</h1>
      <p className="muted">{t('spotlight.lead')}</p>

      <div className="lab-tool__grid">
        <div className="card stack">
          <div className="field">
            <label htmlFor={`${id}-names`}>{t('spotlight.names')}</label>
            <textarea
              id={`${id}-names`}
              rows={8}
              value={text}
              onChange={(e) => applyNames(e.target.value)}
              placeholder={t('shuffle.placeholder')}
              disabled={spinning}
            />
            <p className="muted field-help">
              {t('spotlight.remaining', { count: left.length === 0 ? state.names.length : left.length, total: state.names.length })}
            </p>
          </div>
          <div className="row">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={spinning || state.history.length === 0}
              onClick={() => {
                setState((s) => ({ ...s, picked: [], round: 1, history: [] }));
                setWinner(null);
                setLit(null);
              }}
            >
              {t('spotlight.reset')}
            </button>
          </div>
        </div>

        <section className="card spotlight" aria-labelledby={`${id}-stage`}>
          <h2 id={`${id}-stage`}>{t('spotlight.stage', { round: state.round })}</h2>
          {state.names.length === 0 ? (
            <p className="muted">{t('spotlight.empty')}</p>
          ) : (
            <ul className="spotlight__names" data-testid="spotlight-names">
              {state.names.map((n, i) => (
                <li
                  key={n}
                  className={[
                    'spotlight__name',
                    i === lit ? 'is-lit' : '',
                    state.picked.includes(n) && !(spinning && i === lit) ? 'is-done' : '',
                    !spinning && n === winner ? 'is-winner' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {n}
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="btn btn-primary spotlight__spin"
            onClick={spin}
            disabled={spinning || state.names.length === 0}
            aria-describedby={`${id}-announce`}
          >
            {spinning
              ? t('spotlight.spinning')
              : left.length === 0 && state.names.length > 0
                ? t('spotlight.newRound')
                : t('spotlight.spin')}
          </button>
          <p id={`${id}-announce`} className="spotlight__winner" aria-live="polite" data-testid="spotlight-winner">
            {winner && !spinning ? t('spotlight.winner', { name: winner }) : ''}
          </p>
        </section>

        <section className="card" aria-labelledby={`${id}-history`}>
          <h2 id={`${id}-history`}>{t('spotlight.history')}</h2>
          {state.history.length === 0 ? (
            <p className="muted">{t('spotlight.noHistory')}</p>
          ) : (
            <ol className="spotlight__history" reversed>
              {state.history.map((h, i) => (
                <li key={`${h.at}-${i}`}>
                  <strong>{h.name}</strong>{' '}
                  <span className="muted">
                    {t('spotlight.roundShort', { round: h.round })} · {fmt(h.at)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
