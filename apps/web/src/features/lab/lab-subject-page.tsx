/**
 * /lab/{subject} for subjects without a page of their own: an old address of a live item (such as
 * /lab/deduction) goes to its page, a listed one shows "coming soon", anything else a clear
 * not-found with the list.
 */
import { useTranslation } from '../../shared/i18n';
import { Link, Navigate, useParams } from 'react-router';
import { labItemFor } from './lab-catalog';
import { LabList } from './lab-list';
import './lab.css';

export default function LabSubjectPage() {
  const { t } = useTranslation('lab');
  const { subject = '' } = useParams();
  const item = labItemFor(subject);
  const soon = item?.status === 'soon';
  if (item && !soon && item.path !== `/lab/${subject}`) return <Navigate to={item.path} replace />;
  return (
    <div className="container">
      <section className="lab-missing" aria-labelledby="lab-missing-title" data-testid={soon ? 'lab-coming-soon' : 'lab-not-found'}>
        <p className="badge">{soon ? t('status.soon') : '404'}</p>
        <h1 id="lab-missing-title">{soon ? t('subject.soonTitle', { name: t(`cards.${item!.id}.title`) }) : t('subject.notFoundTitle')}</h1>
        <p className="muted">{soon ? t('subject.soonBody') : t('subject.notFoundBody', { subject: subject.slice(0, 60) })}</p>
        <Link to="/lab" className="btn btn-primary">
          {t('subject.back')}
        </Link>
      </section>
      {!soon && (
        <section aria-labelledby="lab-all-title" className="lab-missing__list">
          <h2 id="lab-all-title">{t('subject.allTitle')}</h2>
          <LabList category="all" />
        </section>
      )}
    </div>
  );
}
