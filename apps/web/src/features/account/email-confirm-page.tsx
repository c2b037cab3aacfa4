/** /users/me/email/confirm?token=…: the link mailed to the new address; works signed out too. */
import { emailChangeConfirmed } from '@moim/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../shared/api/client';
import { usersPaths } from '../../shared/api/paths/users';
import { ErrorMessage } from '../../shared/ui/error-message';
import { LoadingState } from '../../shared/ui/states';
import './account.css';

export default function EmailConfirmPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () => api.post(usersPaths.emailConfirm, { token }, { auth: false, schema: import.meta.env.DEV && emailChangeConfirmed }),
  });
  const { mutate } = confirm;
  // the token is single-use: send it once, even when an effect runs twice
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate();
  }, [token, mutate]);

  return (
    <div className="container settings-page">
      <h1>{t('email.confirmTitle')}</h1>
      <section className="card settings-section">
        {!token && <p>{t('email.noToken')}</p>}
        {confirm.isPending && <LoadingState />}
        {confirm.isError && <ErrorMessage variant="state" error={confirm.error} />}
        {confirm.isSuccess && (
          <p>
            {t('email.confirmed')} <bdi data-user-content="">{confirm.data.email}</bdi>
          </p>
        )}
        <div className="row">
          <Link to="/users/me/security" className="btn btn-secondary">
            {t('email.toSecurity')}
          </Link>
        </div>
      </section>
    </div>
  );
}
