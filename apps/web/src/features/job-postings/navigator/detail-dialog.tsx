/**
 * `?jobId=` opens a posting in the shared Dialog (focus moves in, Escape closes, focus returns),
 * named by the posting's own heading, with a link to its own page and a close button on top.
 */
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { Dialog } from '../../../shared/ui/dialog';
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
  const titleId = useId();

  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('jobId');
    setParams(next);
  };

  return (
    <Dialog
      open={!!jobId}
      labelledBy={titleId}
      width="page"
      onClose={close}
      header={
        <>
          {valid && (
            <Link to={postingPath(jobId)} className="jn-hint">
              {t('detail.ownPage')}
            </Link>
          )}
          <button type="button" className="btn btn-ghost btn-sm" onClick={close} aria-label={t('detail.close')}>
            ✕
          </button>
        </>
      }
    >
      {!valid ? (
        <ErrorState message={t('detail.notFound')} />
      ) : detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <>
          <h2 id={titleId} className="visually-hidden">
            {t('detail.errorTitle')}
          </h2>
          <ErrorMessage variant="state" error={detail.error} onRetry={() => void detail.refetch()} />
        </>
      ) : (
        <PostingDetail posting={detail.data} headingId={titleId} profileMissing={auth.isAuthenticated && profile.data?.profile === null} />
      )}
    </Dialog>
  );
}
