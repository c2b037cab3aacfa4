/**
 * A payment page opened without its order (a bookmark, a shared link, a reload after the
 * parameters were lost): say so and show the ways on — my studies, where pay buttons live, the
 * study when the address names it, and the study list.
 */
import { useTranslation } from '../../../shared/i18n';
import { Link, useSearchParams } from 'react-router';
import '../payments.css';

export function MissingOrder() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const studyId = params.get('studyId');
  return (
    <div className="page pay-page">
      <div className="container pay-narrow stack">
        <div className="pay-result pay-result--wait">
          <span className="pay-result__icon" aria-hidden="true">
            ?
          </span>
          <div>
            <h1>{t('missing.title')}</h1>
            <p className="muted" style={{ margin: 0 }}>
              {t('missing.lead')}
            </p>
          </div>
        </div>
        <div className="pay-actions" data-testid="pay-missing-ways">
          <Link className="btn btn-primary" to="/users/me#my-studies">
            {t('common.toMyStudies')}
          </Link>
          {studyId && (
            <Link className="btn btn-secondary" to={`/study/${encodeURIComponent(studyId)}`}>
              {t('common.toStudy')}
            </Link>
          )}
          <Link className="btn btn-secondary" to="/study">
            {t('missing.browse')}
          </Link>
        </div>
      </div>
    </div>
  );
}
