/**
 * The login's second step (docs/accounts-factors.md "Second factor"): the password was right and the
 * account has a second factor, so the server answered a challenge; the person types the code of
 * their authenticator app, or one of their recovery codes.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n';
import type { LoginResponse } from '@moim/contract';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Field } from '../../shared/ui/field';
import { accountEntryApi } from './api';

export function SecondFactorStep({
  challengeToken,
  onDone,
  onRestart,
}: {
  challengeToken: string;
  onDone: (result: LoginResponse) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onDone(await accountEntryApi.secondFactorLogin(challengeToken, code.trim()));
    } catch (err) {
      setError(err);
      setCode('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">{t('secondFactor.title')}</h2>
      <p>{recovery ? t('secondFactor.recoveryLead') : t('secondFactor.lead')}</p>
      <ErrorMessage error={error} />
      <Field label={recovery ? t('secondFactor.recoveryCode') : t('secondFactor.code')}>
        <input
          ref={input}
          name="code"
          type="text"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={20}
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        {busy ? t('secondFactor.submitting') : t('secondFactor.submit')}
      </button>
      <div className="auth-row">
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? t('secondFactor.useTotp') : t('secondFactor.useRecovery')}
        </button>
        <button type="button" className="btn btn-link" onClick={onRestart}>
          {t('secondFactor.restart')}
        </button>
      </div>
    </form>
  );
}
