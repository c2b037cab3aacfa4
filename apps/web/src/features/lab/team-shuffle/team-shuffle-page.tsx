/**
 * /lab/team-shuffle: paste names, choose a team count or a team size, shuffle into balanced
 * teams. The result lives in the address (names, mode, n, seed), so a shared link shows the
 * same teams; copy as text for a chat.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import {
  fromSearchParams,
  makeTeams,
  MAX_NAMES,
  newSeed,
  parseNames,
  teamCount,
  teamsAsText,
  toSearchParams,
  type TeamMode,
} from './team-shuffle';
import '../lab.css';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function TeamShufflePage() {
  const { t } = useTranslation('lab');
  const [params, setParams] = useSearchParams();
  const shared = useMemo(() => fromSearchParams(params), [params]);
  const [text, setText] = useState(() => shared?.names.join('\n') ?? '');
  const [mode, setMode] = useState<TeamMode>(shared?.mode ?? 'count');
  const [value, setValue] = useState(shared?.value ?? 2);
  const ids = { names: useId(), value: useId(), help: useId() };
  const names = useMemo(() => parseNames(text), [text]);
  const teams = useMemo(() => (shared ? makeTeams(shared) : []), [shared]);
  const preview = teamCount(names.length, mode, value);

  const shuffle = () => {
    if (names.length === 0) return;
    setParams(toSearchParams({ names, mode, value, seed: newSeed() }), { replace: false });
  };
  const label = (i: number) => t('shuffle.team', { n: i + 1 });

  return (
    <div className="container lab-tool">
      <p className="lab-tool__crumb">
        <Link to="/lab">{t('title')}</Link>
      </p>
      <h1>{t('cards.team-shuffle.title')}</h1>
      <p className="muted">{t('shuffle.lead')}</p>

      <div className="lab-tool__grid">
        <form
          className="card stack"
          onSubmit={(e) => {
            e.preventDefault();
            shuffle();
          }}
        >
          <div className="field">
            <label htmlFor={ids.names}>{t('shuffle.names')}</label>
            <textarea
              id={ids.names}
              rows={10}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('shuffle.placeholder')}
              aria-describedby={ids.help}
            />
            <p id={ids.help} className="muted field-help">
              {t('shuffle.count', { count: names.length, max: MAX_NAMES })}
            </p>
          </div>
          <fieldset className="field">
            <legend>{t('shuffle.mode')}</legend>
            <div className="row">
              {(['count', 'size'] as const).map((m) => (
                <label key={m} className="radio">
                  <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                  {t(`shuffle.modes.${m}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor={ids.value}>{mode === 'count' ? t('shuffle.teamCount') : t('shuffle.teamSize')}</label>
            <input
              id={ids.value}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, names.length)}
              value={value}
              onChange={(e) => setValue(Math.max(1, Number(e.target.value) || 1))}
            />
            {names.length > 0 && <p className="muted field-help">{t('shuffle.preview', { teams: preview })}</p>}
          </div>
          <button type="submit" className="btn btn-primary" disabled={names.length === 0}>
            {shared ? t('shuffle.again') : t('shuffle.go')}
          </button>
        </form>

        <section className="card lab-result" aria-labelledby="shuffle-result" aria-live="polite">
          <h2 id="shuffle-result">{t('shuffle.result')}</h2>
          {teams.length === 0 ? (
            <p className="muted">{t('shuffle.empty')}</p>
          ) : (
            <>
              <ol className="team-list" data-testid="teams">
                {teams.map((team, i) => (
                  <li key={i} className="team">
                    <h3>
                      {label(i)} <span className="muted">({team.length})</span>
                    </h3>
                    <ul>
                      {team.map((n) => (
                        <li key={n}>{n}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
              <p className="muted field-help">{t('shuffle.seed', { seed: shared?.seed })}</p>
              <div className="row">
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={async () =>
                    (await copy(teamsAsText(teams, label))) ? toast.success(t('copied')) : toast.error(t('copyFailed'))
                  }
                >
                  {t('shuffle.copyText')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={async () => ((await copy(window.location.href)) ? toast.success(t('copied')) : toast.error(t('copyFailed')))}
                >
                  {t('shuffle.copyLink')}
                </button>
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
