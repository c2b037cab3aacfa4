/**
 * Setup: mode (against an AI / hot-seat on one device), preset or custom figures, theme, the
 * global hint and the seats (2–6: people, built-in AIs, my or a shared custom bot). Checked
 * with the engine's own rules; a "ranked" badge says whether the game enters the boards.
 */
import {
  AI_LEVELS,
  checkDeductionSetup,
  DEDUCTION_CUSTOM_LIMITS,
  DEDUCTION_MAX_SEATS,
  DEDUCTION_PRESET_IDS,
  DEDUCTION_THEMES,
  isRankedSetup,
  presetSettings,
  type DeductionSettings,
  type DeductionTheme,
  type SeatSpec,
} from '@moim/games';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { setupProblemText } from './messages';
import './setup-form.css';

export interface BotChoice {
  id: string;
  name: string;
}

interface Props {
  playerName: string;
  bots: BotChoice[];
  signedIn: boolean;
  initialBot?: BotChoice | null;
  onStart: (settings: DeductionSettings, seats: SeatSpec[]) => void;
  onCancel: () => void;
}

type Mode = 'SOLO' | 'HOTSEAT';
type SeatDraft = { kind: 'HUMAN'; name: string } | { kind: 'AI'; level: (typeof AI_LEVELS)[number] } | { kind: 'BOT'; botId: string };

export function SetupForm({ playerName, bots, signedIn, initialBot, onStart, onCancel }: Props) {
  const { t } = useTranslation('deduction');
  const [mode, setMode] = useState<Mode>(initialBot ? 'HOTSEAT' : 'SOLO');
  const [settings, setSettings] = useState<DeductionSettings>(() => presetSettings('BEGINNER'));
  const [opponent, setOpponent] = useState<SeatDraft>({ kind: 'AI', level: 'EASY' });
  const [seats, setSeats] = useState<SeatDraft[]>(() => [
    { kind: 'HUMAN', name: playerName },
    initialBot ? { kind: 'BOT', botId: initialBot.id } : { kind: 'HUMAN', name: t('setup.playerN', { n: 2 }) },
  ]);
  const botName = (id: string) => bots.find((b) => b.id === id)?.name ?? t('setup.bot');

  const specs: SeatSpec[] = useMemo(() => {
    const drafts = mode === 'SOLO' ? [{ kind: 'HUMAN', name: playerName } as SeatDraft, opponent] : seats;
    return drafts.map((d) => (d.kind === 'BOT' ? { kind: 'BOT', botId: d.botId, name: botName(d.botId).slice(0, 20) } : d));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, seats, opponent, playerName, bots]);
  const check = checkDeductionSetup(settings, specs);
  const ranked = check.ok && isRankedSetup(settings, specs);

  const setPreset = (preset: DeductionSettings['preset']) =>
    setSettings((s) => (preset === 'CUSTOM' ? { ...s, preset } : { ...presetSettings(preset, s.theme), globalHint: s.globalHint }));
  const setNumber = (key: keyof typeof DEDUCTION_CUSTOM_LIMITS, value: string) =>
    setSettings((s) => ({ ...s, [key]: value === '' ? null : Number(value) }));
  const seatOptions = (d: SeatDraft, onChange: (d: SeatDraft) => void, label: string, allowHuman: boolean) => (
    <select
      aria-label={label}
      value={d.kind === 'AI' ? `AI:${d.level}` : d.kind === 'BOT' ? `BOT:${d.botId}` : 'HUMAN'}
      onChange={(e) => {
        const v = e.target.value;
        if (v === 'HUMAN') onChange({ kind: 'HUMAN', name: label });
        else if (v.startsWith('AI:')) onChange({ kind: 'AI', level: v.slice(3) as (typeof AI_LEVELS)[number] });
        else onChange({ kind: 'BOT', botId: v.slice(4) });
      }}
    >
      {allowHuman && <option value="HUMAN">{t('setup.kind.HUMAN')}</option>}
      {AI_LEVELS.map((l) => (
        <option key={l} value={`AI:${l}`}>
          {t(`ai.${l}`)}
        </option>
      ))}
      {bots.map((b) => (
        <option key={b.id} value={`BOT:${b.id}`}>
          {t('setup.botOption', { name: b.name })}
        </option>
      ))}
    </select>
  );

  return (
    <form
      className="card ded-setup"
      aria-labelledby="ded-setup-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (check.ok) onStart(settings, specs);
      }}
      data-testid="ded-setup"
    >
      <h2 id="ded-setup-title">{t('setup.title')}</h2>
      <fieldset>
        <legend>{t('setup.mode')}</legend>
        <div className="segmented" role="group">
          {(['SOLO', 'HOTSEAT'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              className={mode === m ? 'is-active' : undefined}
              onClick={() => setMode(m)}
              data-testid={`ded-mode-${m}`}
            >
              {t(`setup.modes.${m}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('setup.preset')}</legend>
        <div className="ded-presets">
          {[...DEDUCTION_PRESET_IDS, 'CUSTOM' as const].map((p) => (
            <label key={p} className={`ded-preset${settings.preset === p ? ' is-active' : ''}`}>
              <input
                type="radio"
                name="preset"
                value={p}
                checked={settings.preset === p}
                onChange={() => setPreset(p)}
                data-testid={`ded-preset-${p}`}
              />
              <strong>{t(`presets.${p}`)}</strong>
              <span className="muted">{p === 'CUSTOM' ? t('setup.customHint') : t(`setup.presetFacts.${p}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {settings.preset === 'CUSTOM' && (
        <fieldset className="ded-custom">
          <legend>{t('setup.custom')}</legend>
          {(Object.keys(DEDUCTION_CUSTOM_LIMITS) as (keyof typeof DEDUCTION_CUSTOM_LIMITS)[]).map((key) => {
            const [min, max] = DEDUCTION_CUSTOM_LIMITS[key];
            return (
              <label key={key} className="field">
                <span>{t(`setup.fields.${key}`, { min, max })}</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  value={settings[key] ?? ''}
                  placeholder={key === 'maxRounds' ? t('setup.unlimited') : undefined}
                  onChange={(e) => setNumber(key, e.target.value)}
                  data-testid={`ded-custom-${key}`}
                />
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="ded-setup__row">
        <label className="field">
          <span>{t('setup.theme')}</span>
          <select value={settings.theme} onChange={(e) => setSettings((s) => ({ ...s, theme: e.target.value as DeductionTheme }))}>
            {(['MIXED', ...DEDUCTION_THEMES] as const).map((th) => (
              <option key={th} value={th}>
                {t(`themes.${th}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="ded-check">
          <input
            type="checkbox"
            checked={settings.globalHint}
            onChange={(e) => setSettings((s) => ({ ...s, globalHint: e.target.checked }))}
          />
          <span>{t('setup.globalHint')}</span>
        </label>
      </div>
      <fieldset>
        <legend>{t('setup.seats')}</legend>
        {mode === 'SOLO' ? (
          <label className="field">
            <span>{t('setup.opponent')}</span>
            {seatOptions(opponent, setOpponent, t('setup.opponent'), false)}
          </label>
        ) : (
          <ol className="ded-seats">
            {seats.map((d, i) => (
              <li key={i} className="ded-seat">
                <span className="ded-seat__n">{i + 1}</span>
                {i === 0 ? (
                  <span>{t('setup.me', { name: playerName })}</span>
                ) : (
                  seatOptions(d, (nd) => setSeats((all) => all.map((x, j) => (j === i ? nd : x))), t('setup.playerN', { n: i + 1 }), true)
                )}
                {d.kind === 'HUMAN' && i > 0 && (
                  <input
                    aria-label={t('setup.nameOf', { n: i + 1 })}
                    value={d.name}
                    maxLength={20}
                    onChange={(e) => setSeats((all) => all.map((x, j) => (j === i ? { kind: 'HUMAN', name: e.target.value } : x)))}
                    data-testid={`ded-seat-name-${i}`}
                  />
                )}
                {i > 1 && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setSeats((all) => all.filter((_, j) => j !== i))}
                    aria-label={t('setup.removeSeat', { n: i + 1 })}
                  >
                    ✕
                  </button>
                )}
              </li>
            ))}
            {seats.length < DEDUCTION_MAX_SEATS && (
              <li>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setSeats((all) => [...all, { kind: 'HUMAN', name: t('setup.playerN', { n: all.length + 1 }) }])}
                >
                  {t('setup.addSeat')}
                </button>
              </li>
            )}
          </ol>
        )}
        {!signedIn && bots.length === 0 && <p className="muted">{t('setup.botsNeedLogin')}</p>}
      </fieldset>
      {!check.ok && (
        <p role="alert" className="ded-error">
          {setupProblemText(check, t)}
        </p>
      )}
      <p className="ded-setup__ranked">
        <span className={`badge${ranked ? ' badge--ok' : ''}`}>{ranked ? t('setup.ranked') : t('setup.unranked')}</span>{' '}
        <span className="muted">{ranked ? t('setup.rankedHint') : t('setup.unrankedHint')}</span>
      </p>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={!check.ok} data-testid="ded-start">
          {t('setup.start')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('setup.cancel')}
        </button>
      </div>
    </form>
  );
}
