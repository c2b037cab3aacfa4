/**
 * /users/me/security: the second factor (docs/accounts-factors.md "Second factor"). Turn TOTP on (the
 * secret as a QR code and as text, confirmed with a code), see the ten recovery codes once,
 * replace them or turn the factor off — the last two ask for a fresh proof of identity (step-up
 * dialog) when the last one is older than 5 minutes. Admins land here from AUTH-1022, members
 * whose lost factor an admin reset are asked to enrol again here. The e-mail change is here too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { StepUpCancelled, useStepUp } from '../../shared/auth/step-up-dialog';
import { toast } from '../../shared/toast/toast';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Field, FormMessage } from '../../shared/ui/field';
import { LoadingState } from '../../shared/ui/states';
import { EmailChangeSection } from './email-change-section';
import { accountKeys } from './api';
import { secondFactorApi, useSecondFactorStatus } from './second-factor-api';
import './account.css';
import './security.css';

function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
  return (
    <div className="stack" aria-live="polite">
      <FormMessage tone="info">{t('security.codesOnce')}</FormMessage>
      <ol className="recovery-codes" aria-label={t('security.codesTitle')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </div>
  );
}

function EnableTotp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const { run, dialog } = useStepUp();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!setup) return;
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(setup.otpauthUri, { margin: 1, width: 200 }).then((url) => {
        if (live) setQr(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [setup]);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await run(() => secondFactorApi.setup()));
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) setError(err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const r = await secondFactorApi.confirm(code.trim());
      onEnabled(r.recoveryCodes);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <div className="stack">
        <ErrorMessage error={error} />
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy}>
            {t('security.enable')}
          </button>
        </div>
        {dialog}
      </div>
    );
  }
  return (
    <form className="form" onSubmit={confirm} noValidate>
      <p>{t('security.scan')}</p>
      {qr ? <img className="security-qr" src={qr} alt={t('security.qrAlt')} width={200} height={200} /> : <LoadingState />}
      <p>
        {t('security.orType')}{' '}
        <code className="security-secret" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <ErrorMessage error={error} />
      <Field label={t('security.code')}>
        <input
          name="totp-code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('security.confirm')}
        </button>
      </div>
    </form>
  );
}

export default function SecurityPage() {
  const { t } = useTranslation('account');
  const status = useSecondFactorStatus();
  const queryClient = useQueryClient();
  const { run, dialog } = useStepUp();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.secondFactor() });

  const act = async (what: 'regenerate' | 'disable') => {
    setBusy(true);
    setError(null);
    try {
      if (what === 'regenerate') {
        setCodes((await run(() => secondFactorApi.regenerate())).recoveryCodes);
      } else {
        await run(() => secondFactorApi.disable());
        setCodes(null);
        toast.success(t('security.disabled'));
      }
      await refresh();
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container settings-page">
      <div className="settings-head">
        <div>
          <p className="page-header__eyebrow">{t('settings.eyebrow')}</p>
          <h1>{t('security.title')}</h1>
        </div>
        <Link to="/users/me/edit" className="btn btn-ghost">
          {t('security.toSettings')}
        </Link>
      </div>
      <section className="card settings-section" aria-labelledby="s-2fa">
        <h2 id="s-2fa">{t('security.totpTitle')}</h2>
        <p className="muted">{t('security.lead')}</p>
        {status.isLoading && <LoadingState />}
        {status.error && <ErrorMessage variant="state" error={status.error} onRetry={() => void status.refetch()} />}
        {status.data && (
          <>
            {status.data.required && !status.data.enabled && <FormMessage tone="info">{t('security.adminRequired')}</FormMessage>}
            {status.data.enrolAgain && <FormMessage tone="info">{t('security.enrolAgain')}</FormMessage>}
            <p>
              <strong>{status.data.enabled ? t('security.on') : t('security.off')}</strong>
              {status.data.enabled && ` · ${t('security.codesLeft', { count: status.data.recoveryCodesLeft })}`}
            </p>
            {codes && <RecoveryCodesList codes={codes} />}
            <ErrorMessage error={error} />
            {status.data.enabled ? (
              <div className="row">
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void act('regenerate')}>
                  {t('security.regenerate')}
                </button>
                <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void act('disable')}>
                  {t('security.disable')}
                </button>
              </div>
            ) : (
              <EnableTotp
                onEnabled={(c) => {
                  setCodes(c);
                  toast.success(t('security.enabled'));
                  void refresh();
                }}
              />
            )}
          </>
        )}
      </section>
      <EmailChangeSection />
      {dialog}
    </div>
  );
}
