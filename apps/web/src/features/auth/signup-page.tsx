import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { toast } from '../../shared/toast/toast';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Field } from '../../shared/ui/field';
import { fieldError } from '../../shared/ui/form-errors';
import { placeServerFieldErrors } from '../../shared/ui/server-field-errors';
import { useContractForm } from '../../shared/ui/use-contract-form';
import { accountEntryApi } from './api';
import { AuthFrame } from './auth-frame';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';
import { signupForm } from './schemas';
import { SocialButtons } from './social-buttons';
import { useCarryParams, useReturnTo } from './use-return-to';

const EMAIL_CHECK_DEBOUNCE_MS = 400;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type EmailState = { email: string; status: 'checking' | 'available' | 'taken' } | null;

/** Live availability of the typed email (debounced; a failed check counts as available). */
function useEmailAvailability(email: string): EmailState {
  const [state, setState] = useState<EmailState>(null);
  const trimmed = email.trim();
  useEffect(() => {
    if (!EMAIL_SHAPE.test(trimmed)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ email: trimmed, status: 'checking' });
      accountEntryApi.checkEmail(trimmed, controller.signal).then(
        (available) => setState({ email: trimmed, status: available ? 'available' : 'taken' }),
        () => undefined,
      );
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);
  return state && state.email === trimmed ? state : null;
}

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const carry = useCarryParams();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useContractForm(signupForm, {
    defaultValues: { name: '', email: '', password: '', username: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const password = useWatch({ control: form.control, name: 'password' });
  const availability = useEmailAvailability(email);

  if (auth.isAuthenticated && !isSubmitting) return <Navigate to={returnTo} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    if (availability?.status === 'taken') {
      form.setError('email', { message: t('signup.emailTaken') });
      return;
    }
    try {
      await accountEntryApi.register({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(values.username ? { username: values.username } : {}),
      });
      const user = await auth.login(values.email.trim(), values.password);
      toast.success(t('signup.welcome', { name: user.name }));
      navigate(returnTo, { replace: true });
    } catch (err) {
      placeServerFieldErrors(err, form);
      setServerError(err);
    }
  });

  const emailHint =
    availability?.status === 'checking' ? (
      <span>{t('signup.emailChecking')}</span>
    ) : availability?.status === 'available' ? (
      <span className="hint-ok">{t('signup.emailAvailable')}</span>
    ) : availability?.status === 'taken' ? (
      <span className="hint-bad">{t('signup.emailTaken')}</span>
    ) : undefined;

  return (
    <AuthFrame title={t('signup.title')} lead={t('signup.lead')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <ErrorMessage error={serverError} />
        <Field label={t('fields.name')} error={fieldError(t, errors.name?.message)}>
          <input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label={t('fields.email')} hint={emailHint} error={fieldError(t, errors.email?.message)}>
          <input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </Field>
        <Field label={t('fields.password')} hint={<PasswordStrength password={password} />} error={fieldError(t, errors.password?.message)}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field
          label={t('fields.username')}
          optional={t('common.optional', { ns: 'translation' })}
          hint={t('signup.usernameHint')}
          error={fieldError(t, errors.username?.message)}
        >
          <input autoComplete="username" {...form.register('username')} />
        </Field>
        <p className="auth-legal">
          {t('signup.agreePrefix')} <Link to="/terms">{t('signup.terms')}</Link> {t('signup.and')}{' '}
          <Link to="/privacy">{t('signup.privacy')}</Link>
          {t('signup.agreeSuffix')}
        </p>
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isSubmitting}>
          {isSubmitting ? t('signup.submitting') : t('signup.submit')}
        </button>
      </form>
      <SocialButtons returnTo={returnTo} />
      <p className="auth-switch">
        {t('signup.haveAccount')} <Link to={`/login${carry}`}>{t('signup.toLogin')}</Link>
      </p>
    </AuthFrame>
  );
}
