import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { toast } from '../../shared/toast/toast';
import { ErrorMessage } from '../../shared/ui/error-message';
import { Field } from '../../shared/ui/field';
import { fieldError } from '../../shared/ui/form-errors';
import { useContractForm } from '../../shared/ui/use-contract-form';
import { AuthFrame } from './auth-frame';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordInput } from './password-input';
import { loginForm } from './schemas';
import { mustEnrolAgain, secondFactorChallenge } from './api';
import { SecondFactorStep } from './second-factor-step';
import { SocialButtons } from './social-buttons';
import { useCarryParams, useReturnTo } from './use-return-to';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const carry = useCarryParams();
  const [serverError, setServerError] = useState<unknown>(null);
  // the second step of a login whose account has a second factor (AUTH-1020)
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useContractForm(loginForm, {
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (auth.isAuthenticated && !isSubmitting && !challenge) return <Navigate to={returnTo} replace />;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      const user = await auth.login(email.trim(), password);
      toast.success(t('login.welcome', { name: user.name }));
      // an admin reset this account's lost second factor: set it up again first
      if (await mustEnrolAgain()) {
        toast.info(t('login.enrolAgain'));
        navigate('/users/me/security', { replace: true });
        return;
      }
      navigate(returnTo, { replace: true });
    } catch (err) {
      const token = secondFactorChallenge(err);
      if (token) setChallenge(token);
      else setServerError(err);
    }
  });

  if (challenge) {
    return (
      <AuthFrame title={t('login.title')} lead={t('login.lead')}>
        <SecondFactorStep
          challengeToken={challenge}
          onRestart={() => setChallenge(null)}
          onDone={async (result) => {
            const user = await auth.acceptTokens(result.accessToken, result.refreshToken);
            toast.success(t('login.welcome', { name: user.name }));
            navigate(returnTo, { replace: true });
          }}
        />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('login.title')} lead={t('login.lead')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <ErrorMessage error={serverError} />
        <Field label={t('fields.email')} error={fieldError(t, errors.email?.message)}>
          {/* "webauthn": the browser offers this site's passkeys among the suggestions (passkey-sign-in.tsx) */}
          <input type="email" autoComplete="username webauthn" inputMode="email" {...form.register('email')} />
        </Field>
        <Field label={t('fields.password')} error={fieldError(t, errors.password?.message)}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </Field>
        <div className="auth-row">
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </div>
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <PasskeySignIn
        onSignedIn={(user) => {
          toast.success(t('login.welcome', { name: user.name }));
          navigate(returnTo, { replace: true });
        }}
      />
      <SocialButtons returnTo={returnTo} />
      <p className="auth-switch">
        {t('login.noAccount')} <Link to={`/signup${carry}`}>{t('login.toSignup')}</Link>
      </p>
    </AuthFrame>
  );
}
