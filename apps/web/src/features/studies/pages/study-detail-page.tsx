/**
 * /study/{identifier} and the flagship /study/1-tecoteco. The identifier is an id or a slug
 * (SPEC §5, see api/study-identifier.ts). Renders the leader-composed page (published
 * version; a default composition until there is one) beside the facts panel.
 */
import { useTranslation } from '../../../shared/i18n';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useAuth } from '../../../shared/auth/auth-provider';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { useStudy } from '../api/studies-api';
import { useStudyPage } from '../api/study-content-api';
import { defaultSections, withHero } from '../components/sections/default-sections';
import { HeroSection } from '../components/sections/hero-section';
import { StudySections } from '../components/sections/study-sections';
import { StudyFacts } from '../components/study-facts';
import { managePath } from '../lib/paths';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../studies.css';

export const FLAGSHIP_SLUG = '1-tecoteco';

export default function StudyDetailPage({ identifier: fixed }: { identifier?: string }) {
  const { t } = useTranslation('studies');
  const params = useParams();
  const identifier = fixed ?? params.studyIdentifier;
  const auth = useAuth();
  const study = useStudy(identifier);
  const page = useStudyPage(study.data?.id);

  if (study.isPending) return <LoadingState />;
  if (study.isError) {
    const notFound = study.error instanceof ApiError && study.error.status === 404;
    return (
      <div className="page container">
        {notFound ? (
          <EmptyState title={t('detail.notFound')}>
            <p>{t('detail.notFoundBody')}</p>
            <Link className="btn btn-primary" to="/study">
              {t('detail.backToList')}
            </Link>
          </EmptyState>
        ) : (
          <ErrorMessage variant="state" error={study.error} onRetry={() => void study.refetch()} />
        )}
      </div>
    );
  }

  const s = study.data;
  const ctx = { study: s, isAuthenticated: auth.isAuthenticated, flagship: s.slug === FLAGSHIP_SLUG };
  const sections = withHero(s, page.data?.sections?.length ? page.data.sections : defaultSections(s, t));
  const heroIndex = sections.findIndex((x) => x.type === 'hero');
  const hero = sections[heroIndex];
  const rest = sections.filter((_, i) => i !== heroIndex);
  const canManage = s.viewer?.isLeader || s.viewer?.isAdmin || s.viewer?.role === 'MANAGER';

  return (
    <article className="st-detail-page" aria-labelledby="study-title">
      {canManage && (
        <div className="st-leaderbar">
          <div className="container st-leaderbar__inner">
            <span>
              {s.status === 'PENDING'
                ? t('detail.pendingNotice')
                : s.status === 'REJECTED'
                  ? t('detail.rejectedNotice', { reason: s.rejectReason ?? '' })
                  : t('detail.leaderNotice')}
            </span>
            <Link className="btn btn-secondary" to={managePath(s)}>
              {t('cta.manage')}
            </Link>
          </div>
        </div>
      )}
      {hero?.type === 'hero' && <HeroSection section={hero} ctx={ctx} primary />}
      <div className="container st-detail">
        <div className="st-detail__main">
          {page.isError && <p className="muted">{t('detail.pageError')}</p>}
          <StudySections sections={rest} ctx={ctx} />
        </div>
        <StudyFacts study={s} isAuthenticated={auth.isAuthenticated} />
      </div>
    </article>
  );
}
