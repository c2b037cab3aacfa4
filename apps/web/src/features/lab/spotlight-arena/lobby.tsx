/**
 * The arena lobby: participants (list, file, a study, a number range; up to 100), weights,
 * winner count, "exclude past winners", "allow the same winner twice", the game and its mode,
 * the show options and each participant's stated chance. The start button is on the stage.
 */
import { ARENA_DART_MODES, ARENA_GAME_CODES, LAB_LIMITS } from '@moim/contract';
import { type DartMode, statedChances, type ArenaGame } from '@moim/games';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { ParticipantSource } from '../participants/participant-source';
import { poolOf, type LobbySetup } from './draw-run';
import { recordingSupported } from './recorder';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { goTo } from './stage-panel';

export interface ShowOptions {
  reduced: boolean;
  sound: boolean;
  record: boolean;
  seed: string;
}

interface LobbyProps {
  setup: LobbySetup;
  onSetup: (s: LobbySetup) => void;
  options: ShowOptions;
  onOptions: (o: ShowOptions) => void;
  pastWinners: ReadonlySet<string>;
  /** id of the stage, for the "go to the stage" button of narrow screens (the stage is above) */
  stageId: string;
}

const pct = (p: number) => `${(p * 100).toFixed(p < 0.1 ? 1 : 0)}%`;

export function Lobby({ setup, onSetup, options, onOptions, pastWinners, stageId }: LobbyProps) {
  const { t } = useTranslation('lab');
  const id = useId();
  const set = (patch: Partial<LobbySetup>) => onSetup({ ...setup, ...patch });
  const { entries, excluded } = poolOf(setup, pastWinners);
  const chances = useMemo(() => {
    const pool = poolOf(setup, pastWinners).entries;
    return pool.length ? statedChances(pool, setup.count, setup.allowRepeat) : null;
  }, [setup, pastWinners]);
  // whether the browser can record is the browser's: not in the prerendered page nor its adoption
  const hydrated = useHydrated();
  const canRecord = setup.game === 'SNAIL_RACE' && hydrated && recordingSupported();

  return (
    <div className="stack" data-testid="arena-lobby">
      <section className="card stack" aria-labelledby={`${id}-who`}>
        <h2 id={`${id}-who`}>{t('participants.title')}</h2>
        <ParticipantSource
          max={LAB_LIMITS.arenaParticipants}
          allowRange
          onImport={(p) => set({ people: p.people.map((x) => ({ name: x.name, weight: 1 })) })}
        />
        {setup.people.length > 0 && (
          <>
            <p className="muted field-help" data-testid="people-count">
              {t('participants.count', { count: setup.people.length })}
            </p>
            <button type="button" className="btn btn-primary arena-to-stage" onClick={() => goTo(stageId)} data-testid="arena-to-stage">
              {t('arena.stage.toStage')}
            </button>
            <ul className={setup.useWeights ? 'arena-weights' : 'lab-chips ts-people'} aria-label={t('participants.listLabel')}>
              {setup.people.map((p) => (
                <li key={p.name} className={setup.useWeights ? undefined : 'lab-chip'}>
                  <span>{p.name}</span>
                  {setup.useWeights && (
                    <input
                      type="number"
                      min={1}
                      max={LAB_LIMITS.arenaWeight}
                      value={p.weight}
                      aria-label={t('arena.weightOf', { name: p.name })}
                      onChange={(e) =>
                        set({
                          people: setup.people.map((x) =>
                            x.name === p.name
                              ? { ...x, weight: Math.min(LAB_LIMITS.arenaWeight, Math.max(1, Math.round(Number(e.target.value) || 1))) }
                              : x,
                          ),
                        })
                      }
                    />
                  )}
                  <button
                    type="button"
                    className="arena-remove"
                    aria-label={t('participants.remove', { name: p.name })}
                    onClick={() => set({ people: setup.people.filter((x) => x.name !== p.name) })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="card stack" aria-labelledby={`${id}-rules`}>
        <h2 id={`${id}-rules`}>{t('arena.rules')}</h2>
        <label htmlFor={`${id}-count`}>{t('arena.winnerCount')}</label>
        <input
          id={`${id}-count`}
          type="number"
          min={1}
          max={LAB_LIMITS.arenaWinners}
          value={setup.count}
          onChange={(e) => set({ count: Math.min(LAB_LIMITS.arenaWinners, Math.max(1, Math.round(Number(e.target.value) || 1))) })}
        />
        <label className="lab-check">
          <input type="checkbox" checked={setup.excludePast} onChange={(e) => set({ excludePast: e.target.checked })} />
          {t('arena.excludePast')}
          {setup.excludePast && excluded.length > 0 && (
            <span className="muted"> ({t('arena.excludedCount', { count: excluded.length })})</span>
          )}
        </label>
        <label className="lab-check">
          <input type="checkbox" checked={setup.allowRepeat} onChange={(e) => set({ allowRepeat: e.target.checked })} />
          {t('arena.allowRepeat')}
        </label>
        <label className="lab-check">
          <input type="checkbox" checked={setup.useWeights} onChange={(e) => set({ useWeights: e.target.checked })} />
          {t('arena.useWeights')}
        </label>

        <fieldset className="lab-fieldset">
          <legend>{t('arena.game')}</legend>
          <div className="arena-games">
            {ARENA_GAME_CODES.map((g) => (
              <label key={g} className={`arena-game${setup.game === g ? ' is-on' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-game`}
                  value={g}
                  checked={setup.game === g}
                  onChange={() => set({ game: g as ArenaGame })}
                />
                <strong>{t(`arena.games.${g}.title`)}</strong>
                <span className="muted">{t(`arena.games.${g}.body`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {setup.game === 'DART_WHEEL' && (
          <fieldset className="lab-fieldset">
            <legend>{t('arena.dartMode')}</legend>
            {ARENA_DART_MODES.map((m) => (
              <label key={m} className="lab-check">
                <input type="radio" name={`${id}-mode`} checked={setup.mode === m} onChange={() => set({ mode: m as DartMode })} />
                <span>
                  <strong>{t(`arena.modes.${m}.title`)}</strong> <span className="muted">{t(`arena.modes.${m}.body`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}

        <fieldset className="lab-fieldset">
          <legend>{t('arena.showOptions')}</legend>
          <label className="lab-check">
            <input type="checkbox" checked={options.reduced} onChange={(e) => onOptions({ ...options, reduced: e.target.checked })} />
            {t('arena.reducedMotion')}
          </label>
          {canRecord && (
            <label className="lab-check">
              <input type="checkbox" checked={options.record} onChange={(e) => onOptions({ ...options, record: e.target.checked })} />
              {t('arena.record')}
            </label>
          )}
          <label htmlFor={`${id}-seed`}>{t('arena.fixedSeed')}</label>
          <input
            id={`${id}-seed`}
            type="text"
            value={options.seed}
            maxLength={64}
            pattern="[A-Za-z0-9_\-]*"
            placeholder={t('arena.fixedSeedPlaceholder')}
            onChange={(e) => onOptions({ ...options, seed: e.target.value.replace(/[^A-Za-z0-9_-]/g, '') })}
          />
        </fieldset>
      </section>

      {chances && (
        <section className="card stack" aria-labelledby={`${id}-odds`}>
          <h2 id={`${id}-odds`}>{t('arena.chances')}</h2>
          <p className="muted field-help">{chances.exact ? t('arena.chancesExact') : t('arena.chancesEstimate')}</p>
          <table className="arena-odds" data-testid="stated-chances">
            <thead>
              <tr>
                <th scope="col">{t('arena.name')}</th>
                <th scope="col">{t('arena.firstPick')}</th>
                <th scope="col">{t('arena.anyPick', { count: setup.count })}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e, i) => (
                <tr key={e.name}>
                  <td>{e.name}</td>
                  <td>{pct(chances.firstPick[i]!)}</td>
                  <td>
                    {chances.exact ? '' : '≈ '}
                    {pct(chances.anyPick[i]!)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
