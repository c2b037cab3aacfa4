/**
 * Changing the e-mail (docs/accounts.md "E-mail change"): the new address and the password; the
 * server asks for a fresh proof (step-up dialog) when the last one is older than 5 minutes. The
 * change takes effect when the link mailed to the new address is opened (email-confirm-page.tsx).
 */
import { emailChangeRequested } from '@moim/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n';
import { api } from '../../shared/api/client';
import { usersPaths } from '../../shared/api/paths/users';
import { StepUpCancelled, useStepUp } from '../../shared/auth/step-up-dialog';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Field, FormMessage } from '../../shared/ui/field';

export function EmailChangeSection() {
  const { t } = useTranslation('account');
  const { run, dialog } = useStepUp();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!newEmail.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const body = { newEmail: newEmail.trim(), ...(password ? { password } : {}) };
      await run(() => api.post(usersPaths.email, body, { schema: import.meta.env.DEV && emailChangeRequested }));
      setSentTo(newEmail.trim());
      setPassword('');
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="s-email">
      <h2 id="s-email">{t('email.title')}</h2>
      <p className="muted">{t('email.lead')}</p>
      {sentTo && (
        <FormMessage tone="success">
          {t('email.sent')} <bdi data-user-content="">{sentTo}</bdi>
        </FormMessage>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <ErrorMessage error={error} />
        <Field label={t('email.newEmail')}>
          <input name="new-email" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        </Field>
        <Field label={t('email.password')}>
          <input
            name="email-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('email.sending') : t('email.submit')}
          </button>
        </div>
      </form>
      {dialog}
    </section>
  );
}
