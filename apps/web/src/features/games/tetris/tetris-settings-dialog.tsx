/**
 * The controls dialog: key repeat (DAS, ARR), soft-drop speed and the keys of each action.
 * Keyboard only works throughout: "add a key" listens for the next key (Escape cancels, Tab
 * leaves and is never bound), each bound key has its own remove button, and a key bound to two
 * actions is named on both rows and blocks saving. On the shared Dialog: focus moves in, Escape
 * closes (when not listening for a key), focus returns to the opener.
 */
import {
  bindingConflicts,
  DEFAULT_TETRIS_SETTINGS,
  isTetrisKeyCode,
  readTetrisSettings,
  TETRIS_CONTROLS,
  TETRIS_SETTINGS_LIMITS as L,
  type TetrisControl,
  type TetrisSettings,
} from '@moim/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { keyLabel } from './tetris-input';

const SOFT_DROP_CHOICES = [2, 5, 10, 20, 30, 40, 0];

interface Props {
  open: boolean;
  settings: TetrisSettings;
  where: 'account' | 'browser';
  /** a game is running: the soft-drop speed applies from the next one */
  playing: boolean;
  onSave: (s: TetrisSettings) => Promise<void>;
  onClose: () => void;
}

const clamp = (raw: string, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, Math.round(Number(raw) || 0)));

export function TetrisSettingsDialog({ open, settings, where, playing, onSave, onClose }: Props) {
  const { t } = useTranslation('games');
  const id = useId();
  // What the player changed since the dialog opened; until then it shows `settings` as they are,
  // so the account's settings arriving after the dialog opened are shown, not the browser's.
  const [edited, setEdited] = useState<TetrisSettings | null>(null);
  const draft = edited ?? settings;
  const setDraft = (next: TetrisSettings | ((d: TetrisSettings) => TetrisSettings)) =>
    setEdited((e) => (typeof next === 'function' ? next(e ?? settings) : next));
  const [listening, setListening] = useState<TetrisControl | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // each opening starts from the settings as they are
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setEdited(null);
      setError(null);
      setListening(null);
    }
  }

  const label = (code: string) => keyLabel(code, t);
  const setKeys = (control: TetrisControl, keys: string[]) => setDraft((d) => ({ ...d, bindings: { ...d.bindings, [control]: keys } }));
  const conflictsOf = (control: TetrisControl) =>
    draft.bindings[control].flatMap((key) =>
      bindingConflicts(draft.bindings, key)
        .filter((other) => other !== control)
        .map((other) => ({ key, other })),
    );
  const valid = readTetrisSettings(draft) !== null;

  const listen = (control: TetrisControl) => (e: React.KeyboardEvent) => {
    if (listening !== control) return;
    if (e.key === 'Tab') {
      setListening(null);
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'Escape') {
      setListening(null);
      return;
    }
    if (!isTetrisKeyCode(e.code)) return;
    const keys = draft.bindings[control];
    if (!keys.includes(e.code) && keys.length < L.keysPerControl) setKeys(control, [...keys, e.code]);
    setListening(null);
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(draft);
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('settings.title')}
      width="wide"
      className="tetris-settings"
      testId="tetris-settings"
      // while listening for a key, Escape cancels the listening, not the dialog
      busy={busy || listening !== null}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void save();
      }}
      footer={
        <>
          <button
            type="button"
            className="btn btn-ghost tetris-settings__reset"
            onClick={() => setDraft(DEFAULT_TETRIS_SETTINGS)}
            data-testid="tetris-settings-reset"
          >
            {t('settings.reset')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('settings.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || busy} data-testid="tetris-settings-save">
            {t('settings.save')}
          </button>
        </>
      }
    >
      <p className="muted">{t(`settings.where.${where}`)}</p>

      <fieldset className="tetris-settings__group">
        <legend>{t('settings.repeat')}</legend>
        <label className="tetris-settings__number">
          <span>{t('settings.das')}</span>
          <input
            type="number"
            min={L.dasMs.min}
            max={L.dasMs.max}
            step={1}
            value={draft.dasMs}
            onChange={(e) => setDraft({ ...draft, dasMs: clamp(e.target.value, L.dasMs) })}
            aria-describedby={`${id}-das`}
            data-testid="tetris-das"
          />
          <span className="muted">ms</span>
        </label>
        <p id={`${id}-das`} className="muted tetris-settings__help">
          {t('settings.dasHelp', { ms: DEFAULT_TETRIS_SETTINGS.dasMs })}
        </p>
        <label className="tetris-settings__number">
          <span>{t('settings.arr')}</span>
          <input
            type="number"
            min={L.arrMs.min}
            max={L.arrMs.max}
            step={1}
            value={draft.arrMs}
            onChange={(e) => setDraft({ ...draft, arrMs: clamp(e.target.value, L.arrMs) })}
            aria-describedby={`${id}-arr`}
            data-testid="tetris-arr"
          />
          <span className="muted">ms</span>
        </label>
        <p id={`${id}-arr`} className="muted tetris-settings__help">
          {t('settings.arrHelp', { ms: DEFAULT_TETRIS_SETTINGS.arrMs })}
        </p>
        <label className="tetris-settings__number">
          <span>{t('settings.softDrop')}</span>
          <select
            value={draft.softDropFactor}
            onChange={(e) => setDraft({ ...draft, softDropFactor: Number(e.target.value) })}
            data-testid="tetris-sdf"
          >
            {[...new Set([...SOFT_DROP_CHOICES, draft.softDropFactor])].map((f) => (
              <option key={f} value={f}>
                {f === 0
                  ? t('settings.instant')
                  : `×${f}${f === DEFAULT_TETRIS_SETTINGS.softDropFactor ? ` (${t('settings.default')})` : ''}`}
              </option>
            ))}
          </select>
        </label>
        {playing && <p className="muted tetris-settings__help">{t('settings.softDropNextGame')}</p>}
      </fieldset>

      <fieldset className="tetris-settings__group">
        <legend>{t('settings.keys')}</legend>
        <p className="muted tetris-settings__help">{t('settings.keysHelp')}</p>
        <ul className="tetris-settings__keys">
          {TETRIS_CONTROLS.map((control) => {
            const clashes = conflictsOf(control);
            const keys = draft.bindings[control];
            return (
              <li key={control} className={clashes.length ? 'has-conflict' : undefined} data-testid={`binding-${control}`}>
                <span className="tetris-settings__action" id={`${id}-${control}`}>
                  {t(`tetris.controls.${control}`)}
                </span>
                <span className="tetris-settings__chips">
                  {keys.map((key) => (
                    <span key={key} className="tetris-settings__chip">
                      <kbd>{label(key)}</kbd>
                      <button
                        type="button"
                        className="tetris-settings__remove"
                        disabled={keys.length === 1}
                        onClick={() =>
                          setKeys(
                            control,
                            keys.filter((k) => k !== key),
                          )
                        }
                        aria-label={t('settings.removeKey', { key: label(key), action: t(`tetris.controls.${control}`) })}
                      >
                        ✕
                      </button>
                    </span>
                  ))}
                  <button
                    type="button"
                    className={`btn btn-ghost tetris-settings__add${listening === control ? ' is-listening' : ''}`}
                    aria-describedby={`${id}-${control}`}
                    aria-pressed={listening === control}
                    disabled={keys.length >= L.keysPerControl}
                    title={keys.length >= L.keysPerControl ? t('settings.keysFull', { max: L.keysPerControl }) : undefined}
                    onClick={() => setListening(listening === control ? null : control)}
                    onKeyDown={listen(control)}
                    onBlur={() => listening === control && setListening(null)}
                    data-testid={`bind-${control}`}
                  >
                    {listening === control ? t('settings.pressKey') : t('settings.addKey')}
                  </button>
                </span>
                {clashes.length > 0 && (
                  <span className="tetris-settings__conflict" role="alert">
                    {clashes
                      .map(({ key, other }) => t('settings.conflict', { key: label(key), action: t(`tetris.controls.${other}`) }))
                      .join(' ')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      {error !== null && <ErrorMessage error={error} />}
    </Dialog>
  );
}
