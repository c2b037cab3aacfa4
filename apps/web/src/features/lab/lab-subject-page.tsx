/** /lab/{subject} for subjects without a page of their own: coming soon, or a clear not-found. */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import './lab.css';

const COMING_SOON = new Set(['deduction']);

export default function LabSubjectPage() {
  const { t } = useTranslation('lab');
  const { subject = '' } = useParams();
  const soon = COMING_SOON.has(subject);
  return (
    <section className="container lab-missing" aria-labelledby="lab-missing-title" data-testid={soon ? 'lab-coming-soon' : 'lab-not-found'}>
      <p className="badge">{soon ? t('soon') : '404'}</p>
      <h1 id="lab-missing-title">{soon ? t('subject.soonTitle', { name: t(`cards.${subject}.title`) }) : t('subject.notFoundTitle')}</h1>
      <p className="muted">{soon ? t('subject.soonBody') : t('subject.notFoundBody', { subject })}</p>
      <Link to="/lab" className="btn btn-primary">
        {t('subject.back')}
      </Link>
    </section>
  );
}
