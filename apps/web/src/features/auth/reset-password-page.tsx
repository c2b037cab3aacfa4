import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/ui/error-message';
import { Field, FormMessage } from '../../shared/ui/field';
import { fieldError } from '../../shared/ui/form-errors';
import { placeServerFieldErrors } from '../../shared/ui/server-field-errors';
import { useContractForm } from '../../shared/ui/use-contract-form';
import { accountEntryApi } from './api';
import { AuthFrame } from './auth-frame';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';
import { resetForm } from './schemas';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useContractForm(resetForm, {
    defaultValues: { newPassword: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'newPassword' });

  if (!token) {
    return (
      <AuthFrame title={t('reset.noTokenTitle')}>
        <FormMessage tone="error">{t('reset.noTokenBody')}</FormMessage>
        <Link to="/forgot-password" className="btn btn-primary">
          {t('reset.requestAgain')}
        </Link>
      </AuthFrame>
    );
  }
  if (done) {
    return (
      <AuthFrame title={t('reset.doneTitle')}>
        <FormMessage tone="success">{t('reset.doneBody')}</FormMessage>
        <Link to="/login" className="btn btn-primary btn-block btn-lg">
          {t('reset.toLogin')}
        </Link>
      </AuthFrame>
    );
  }
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setError(null);
    try {
      await accountEntryApi.confirmReset(token, newPassword);
      setDone(true);
    } catch (err) {
      placeServerFieldErrors(err, form);
      setError(err);
    }
  });
  return (
    <AuthFrame title={t('reset.title')} lead={t('reset.lead')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {error !== null && (
          <FormMessage tone="error">
            {errorText(error)} <Link to="/forgot-password">{t('reset.requestAgain')}</Link>
          </FormMessage>
        )}
        <Field
          label={t('fields.newPassword')}
          hint={<PasswordStrength password={password} />}
          error={fieldError(t, errors.newPassword?.message)}
        >
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </Field>
        <Field label={t('fields.confirmPassword')} error={fieldError(t, errors.confirm?.message)}>
          <PasswordInput autoComplete="new-password" {...form.register('confirm')} />
        </Field>
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isSubmitting}>
          {isSubmitting ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
