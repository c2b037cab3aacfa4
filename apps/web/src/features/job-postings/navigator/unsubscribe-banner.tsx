/** The link in an alert mail (`?unsubscribe=<id>&token=<t>`): confirm, then the alert is off (no login needed). */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { FormMessage } from '../../../shared/ui/field';
import { unsubscribeAlert } from '../api';
import './unsubscribe-banner.css';

export function UnsubscribeBanner() {
  const { t } = useTranslation('job-postings');
  const [params, setParams] = useSearchParams();
  const id = params.get('unsubscribe');
  const token = params.get('token');
  const mutation = useMutation({ mutationFn: () => unsubscribeAlert(id!, token!) });
  if (!id || !token) return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('unsubscribe');
    next.delete('token');
    setParams(next, { replace: true });
  };
  return (
    <section className="card jn-unsub" aria-labelledby="unsub-title">
      <h2 id="unsub-title" className="jn-h2">
        {t('unsubscribe.title')}
      </h2>
      {mutation.isSuccess ? (
        <FormMessage tone="success">{t('unsubscribe.done', { name: mutation.data.name })}</FormMessage>
      ) : (
        <>
          <p className="muted">{t('unsubscribe.body')}</p>
          <ErrorMessage error={mutation.error} />
          <div className="row">
            <button type="button" className="btn btn-primary" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
              {t('unsubscribe.confirm')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={dismiss}>
              {t('common.cancel', { ns: 'translation' })}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
