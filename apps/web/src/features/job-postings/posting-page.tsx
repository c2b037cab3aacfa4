/** /ignition/navigator/:jobId — a posting's own shareable page (the same detail as the modal, with JSON-LD). */
import { PAGE_JSON_LD_ID } from '@moim/contract';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth-provider';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { useJobDetail, useSkillProfile } from './api';
import { PostingDetail } from './navigator/posting-detail';
import { ErrorMessage } from '../../shared/ui/error-message';
import './ignition.css';
import './navigator/navigator.css';
import { BackLink } from '../../shared/ui/back-link';
import './posting-page.css';

export default function PostingPage() {
  const { t } = useTranslation('job-postings');
  const { jobId = '' } = useParams();
  const valid = /^[0-9a-f-]{36}$/i.test(jobId);
  const auth = useAuth();
  const detail = useJobDetail(valid ? jobId : null, auth.isAuthenticated);
  const profile = useSkillProfile(auth.isAuthenticated);
  // the server wrote this posting's JobPosting into <head> for crawlers; the detail below writes
  // its own, kept current with the data, so the page never carries two
  useEffect(() => document.getElementById(PAGE_JSON_LD_ID)?.remove(), []);
  useEffect(() => {
    if (detail.data) document.title = `${detail.data.title} · ${detail.data.company.name} | moim`;
  }, [detail.data]);
  return (
    <div className="container page-body jn jn-page">
      <BackLink to="/ignition/navigator">{t('detail.back')}</BackLink>
      {!valid || (detail.isError && detail.error instanceof ApiError && detail.error.status === 404) ? (
        // a posting that is not there: asking again gives the same answer, so the way on is the list
        <EmptyState title={t('detail.notFound')}>
          <p className="muted">{t('detail.notFoundBody')}</p>
          <Link to="/ignition/navigator" className="btn btn-primary">
            {t('detail.toList')}
          </Link>
        </EmptyState>
      ) : detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorMessage variant="state" error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="card">
          <PostingDetail
            posting={detail.data}
            headingId="job-page-title"
            titleAs="h1"
            profileMissing={auth.isAuthenticated && profile.data?.profile === null}
          />
        </div>
      )}
    </div>
  );
}
