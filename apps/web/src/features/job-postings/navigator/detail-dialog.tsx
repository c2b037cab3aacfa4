/** `?jobId=` opens a posting in a modal (native <dialog>: focus moves in, Escape closes, focus returns). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { useJobDetail, useSkillProfile } from '../api';
import { PostingDetail, postingPath } from './posting-detail';
import { ErrorMessage } from '../../../shared/ui/error-message';

export function DetailDialog() {
  const { t } = useTranslation('job-postings');
  const [params, setParams] = useSearchParams();
  const jobId = params.get('jobId');
  const valid = !!jobId && /^[0-9a-f-]{36}$/i.test(jobId);
  const auth = useAuth();
  const detail = useJobDetail(valid ? jobId : null, auth.isAuthenticated);
  const profile = useSkillProfile(auth.isAuthenticated);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (jobId && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!jobId && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [jobId]);

  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('jobId');
    setParams(next);
  };

  return (
    <dialog
      ref={ref}
      className="jn-dialog"
      aria-labelledby="job-detail-title"
      onClose={() => jobId && close()}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <div className="jn-dialog__bar">
        {valid && (
          <Link to={postingPath(jobId)} className="jn-hint">
            {t('detail.ownPage')}
          </Link>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={close} aria-label={t('detail.close')}>
          ✕
        </button>
      </div>
      {!jobId ? null : !valid ? (
        <ErrorState message={t('detail.notFound')} />
      ) : detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <>
          <h2 id="job-detail-title" className="visually-hidden">
            {t('detail.errorTitle')}
          </h2>
          <ErrorMessage variant="state" error={detail.error} onRetry={() => void detail.refetch()} />
        </>
      ) : (
        <PostingDetail
          posting={detail.data}
          headingId="job-detail-title"
          profileMissing={auth.isAuthenticated && profile.data?.profile === null}
        />
      )}
    </dialog>
  );
}
