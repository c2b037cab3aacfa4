import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Field, FormMessage } from '../../shared/ui/field';
import { fieldError } from '../../shared/ui/form-errors';
import { useContractForm } from '../../shared/ui/use-contract-form';
import { accountEntryApi } from './api';
import { AuthFrame } from './auth-frame';
import { forgotForm } from './schemas';

/** Always the same confirmation, whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const form = useContractForm(forgotForm, {
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await accountEntryApi.requestReset(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      // Only transport problems and rate limits are shown; anything else looks like success.
      if (err instanceof ApiError && (err.status === 0 || err.status === 429 || err.status >= 500)) setError(err);
      else setSentTo(email.trim());
    }
  });

  if (sentTo) {
    return (
      <AuthFrame title={t('forgot.sentTitle')}>
        <FormMessage tone="success">{t('forgot.sentBody', { email: sentTo })}</FormMessage>
        <p className="muted">{t('forgot.sentHint')}</p>
        <div className="row">
          <Link to="/login" className="btn btn-primary">
            {t('forgot.backToLogin')}
          </Link>
          <button type="button" className="btn btn-ghost" onClick={() => setSentTo(null)}>
            {t('forgot.again')}
          </button>
        </div>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('forgot.title')} lead={t('forgot.lead')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <ErrorMessage error={error} />
        <Field label={t('fields.email')} error={fieldError(t, errors.email?.message)}>
          <input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </Field>
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isSubmitting}>
          {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/login">{t('forgot.backToLogin')}</Link>
      </p>
    </AuthFrame>
  );
}
