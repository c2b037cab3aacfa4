/**
 * Step-up (docs/accounts-factors.md "Second factor"): a sensitive act answered AUTH-1023 asks the person
 * to prove who they are again — their password or a second-factor code — in a dialog, then the
 * act is retried. `useStepUp()` gives `run(act)` (resolves with the act's result, or rejects with
 * its error, or with a cancellation) and the `dialog` element to render.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { stepUpDone } from '@moim/contract';
import { ApiError, api } from '../api/client';
import { authPaths } from '../api/paths/users';
import { Dialog } from '../ui/dialog';
import { ErrorMessage } from '../ui/error-message';
import { Field } from '../ui/field';

export const STEP_UP_CODE = 'AUTH-1023';
const DEV = import.meta.env.DEV;

export class StepUpCancelled extends Error {
  constructor() {
    super('step-up cancelled');
    this.name = 'StepUpCancelled';
  }
}

export function useStepUp(): { run: <T>(act: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pending = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);

  const run = useCallback(async <T,>(act: () => Promise<T>): Promise<T> => {
    try {
      return await act();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== STEP_UP_CODE) throw err;
      await new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setValue('');
        setError(null);
        setOpen(true);
      });
      return act();
    }
  }, []);

  const close = () => {
    setOpen(false);
    pending.current?.reject(new StepUpCancelled());
    pending.current = null;
  };

  const submit = async () => {
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(authPaths.stepUp, mode === 'password' ? { password: value } : { code: value.trim() }, { schema: DEV && stepUpDone });
      setOpen(false);
      pending.current?.resolve();
      pending.current = null;
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Dialog
      open={open}
      title={t('stepUp.title')}
      onClose={close}
      busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
            {t('stepUp.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('stepUp.checking') : t('stepUp.confirm')}
          </button>
        </>
      }
    >
      <p>{t('stepUp.lead')}</p>
      <ErrorMessage error={error} />
      <Field label={mode === 'password' ? t('stepUp.password') : t('stepUp.code')}>
        {mode === 'password' ? (
          <input type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} />
        ) : (
          <input type="text" inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(e) => setValue(e.target.value)} />
        )}
      </Field>
      <button
        type="button"
        className="btn btn-link"
        onClick={() => {
          setMode(mode === 'password' ? 'code' : 'password');
          setValue('');
        }}
      >
        {mode === 'password' ? t('stepUp.useCode') : t('stepUp.usePassword')}
      </button>
    </Dialog>
  );
  return { run, dialog };
}
