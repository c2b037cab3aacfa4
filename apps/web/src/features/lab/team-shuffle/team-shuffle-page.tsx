/**
 * /lab/team-shuffle: participants (paste, file, a study's members), a split by team count or
 * size, constraints, then seeded teams that a share link reproduces anywhere. Undo/redo
 * (buttons, Ctrl+Z / Ctrl+Shift+Z), saved rosters when signed in, projector view.
 */
import type { Roster } from '@moim/contract';
import { planTeams } from '@moim/games';
import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { ParticipantSource } from '../participants/participant-source';
import { newSeed } from '../seed';
import { ConstraintsEditor } from './constraints-editor';
import { applyDoc, columnsOf, emptyDoc, historyReducer, resultOf, type DocAction, type History } from './doc';
import { SavedRosters, docOfRoster, rosterBodyOf } from './saved-rosters';
import { decodeLegacyQuery, decodeShare, encodeShare, SHARE_PREFIX } from './share-link';
import { TeamResults } from './team-results';
import { useSaveRoster } from '../api';
import '../lab.css';
import './team-shuffle.css';

const MAX_PEOPLE = 200;

function fromAddress(): { history: History; broken: boolean } {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  const doc = hash.startsWith(SHARE_PREFIX) ? decodeShare(hash.slice(SHARE_PREFIX.length)) : null;
  const legacy = !doc && typeof window !== 'undefined' ? decodeLegacyQuery(window.location.search) : null;
  return { history: { past: [], present: doc ?? legacy ?? emptyDoc(), future: [] }, broken: hash.startsWith(SHARE_PREFIX) && !doc };
}

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

export default function TeamShufflePage() {
  const { t } = useTranslation('lab');
  const { isAuthenticated } = useAuth();
  const id = useId();
  const [start] = useState(fromAddress);
  const [h, dispatchHistory] = useReducer(historyReducer, start.history);
  const [loaded, setLoaded] = useState<{ id: string; name: string } | null>(null);
  const saveRoster = useSaveRoster();
  const doc = h.present;
  const result = useMemo(() => resultOf(doc), [doc]);
  const dispatch = (a: DocAction) => dispatchHistory(a);

  // The address always holds the current teams, so a refresh or a copied address shows them.
  useEffect(() => {
    if (!doc.seed) return;
    window.history.replaceState(window.history.state, '', `#${SHARE_PREFIX}${encodeShare(doc)}`);
  }, [doc]);
  useEffect(() => {
    const onHash = () => {
      const hash = window.location.hash.slice(1);
      const next = hash.startsWith(SHARE_PREFIX) ? decodeShare(hash.slice(SHARE_PREFIX.length)) : null;
      if (next && encodeShare(next) !== encodeShare(doc)) dispatchHistory({ type: 'load', doc: next });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [doc]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || typing(e.target)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' || k === 'y') {
        e.preventDefault();
        dispatchHistory({ type: k === 'z' && !e.shiftKey ? 'undo' : 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const resultRef = useRef<HTMLElement>(null);
  const shuffle = () => {
    const action: DocAction = { type: 'shuffle', seed: newSeed() };
    dispatch(action);
    // the result sits above the button on narrow screens and at the top on wide ones
    const box = resultRef.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.top > window.innerHeight * 0.6)) {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      resultRef.current!.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    }
    if (loaded) saveRoster.mutate({ id: loaded.id, body: rosterBodyOf(loaded.name, applyDoc(doc, action)) });
  };
  const onLoadRoster = (r: Roster) => {
    setLoaded({ id: r.id, name: r.name });
    dispatch({ type: 'load', doc: docOfRoster(r) });
  };
  const plan = planTeams(doc.people.length, doc.split);
  const hi = plan.base + (plan.extra ? 1 : 0);

  return (
    <div className="container lab-tool">
      <p className="lab-tool__crumb">
        <Link to="/lab">{t('title')}</Link>
      </p>
      <h1>{t('cards.team-shuffle.title')}</h1>
      <p className="muted">{t('shuffle.lead')}</p>
      {start.broken && (
        <p className="lab-notice" role="alert">
          {t('shuffle.brokenLink')}
        </p>
      )}

      <div className="lab-tool__grid">
        <div className="stack">
          <section className="card stack" aria-labelledby={`${id}-people`}>
            <h2 id={`${id}-people`}>{t('participants.title')}</h2>
            <ParticipantSource
              max={MAX_PEOPLE}
              onImport={(p) => {
                setLoaded(null);
                dispatch({ type: 'import', people: p.people });
              }}
            />
            {doc.people.length > 0 && (
              <div className="stack">
                <p className="muted field-help" data-testid="people-count">
                  {t('participants.count', { count: doc.people.length })}
                  {columnsOf(doc.people).length > 0 && ` · ${t('participants.columns', { columns: columnsOf(doc.people).join(', ') })}`}
                </p>
                <ul className="lab-chips ts-people" aria-label={t('participants.listLabel')}>
                  {doc.people.map((p) => (
                    <li key={p.name} className="lab-chip">
                      <span>{p.name}</span>
                      <button
                        type="button"
                        aria-label={t('participants.remove', { name: p.name })}
                        onClick={() => dispatch({ type: 'removePerson', name: p.name })}
                      >
                        ✕
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>

          <section className="card stack" aria-labelledby={`${id}-how`}>
            <h2 id={`${id}-how`}>{t('shuffle.how')}</h2>
            <fieldset className="lab-fieldset">
              <legend>{t('shuffle.mode')}</legend>
              <div className="row">
                {(['count', 'size'] as const).map((m) => (
                  <label key={m} className="lab-check">
                    <input
                      type="radio"
                      name={`${id}-mode`}
                      checked={doc.split.by === m}
                      onChange={() => dispatch({ type: 'split', split: { ...doc.split, by: m } })}
                    />
                    {t(`shuffle.modes.${m}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <label htmlFor={`${id}-value`}>{doc.split.by === 'count' ? t('shuffle.teamCount') : t('shuffle.teamSize')}</label>
            <input
              id={`${id}-value`}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, doc.people.length)}
              value={doc.split.value}
              onChange={(e) =>
                dispatch({ type: 'split', split: { ...doc.split, value: Math.min(1000, Math.max(1, Number(e.target.value) || 1)) } })
              }
            />
            <label className="lab-check">
              <input
                type="checkbox"
                checked={doc.split.allowSingles}
                onChange={(e) => dispatch({ type: 'split', split: { ...doc.split, allowSingles: e.target.checked } })}
              />
              {t('shuffle.allowSingles')}
            </label>
            {doc.people.length > 0 && (
              <p className="muted field-help" data-testid="split-preview">
                {t('shuffle.preview', { teams: plan.count, min: plan.base, max: hi })}
              </p>
            )}
            <ConstraintsEditor doc={doc} dispatch={dispatch} />
            <button
              type="button"
              className="btn btn-primary ts-go"
              disabled={doc.people.length === 0}
              onClick={shuffle}
              data-testid="shuffle"
            >
              {doc.seed ? t('shuffle.again') : t('shuffle.go')}
            </button>
          </section>

          {isAuthenticated && <SavedRosters doc={doc} loaded={loaded} onLoad={onLoadRoster} />}
        </div>

        <section ref={resultRef} className="card stack ts-result" aria-labelledby={`${id}-result`} aria-live="polite">
          <div className="ts-result-head">
            <h2 id={`${id}-result`}>{t('shuffle.result')}</h2>
            <div className="row">
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => dispatchHistory({ type: 'undo' })}
                disabled={h.past.length === 0}
                data-testid="undo"
              >
                ↶ {t('shuffle.undo')}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => dispatchHistory({ type: 'redo' })}
                disabled={h.future.length === 0}
                data-testid="redo"
              >
                ↷ {t('shuffle.redo')}
              </button>
            </div>
          </div>
          {result ? (
            <TeamResults doc={doc} result={result} dispatch={dispatch} />
          ) : (
            <p className="muted">{doc.people.length ? t('shuffle.ready') : t('shuffle.empty')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
