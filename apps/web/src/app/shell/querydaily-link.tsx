/** The external daily-questions service, marked NEW, in a new tab (rel=noopener). */
import { useTranslation } from '../../shared/i18n';
import { useQueryDailyUrl } from '../../shared/shell/public-config';

export function QueryDailyLink({ className = 'nav-link' }: { className?: string }) {
  const { t } = useTranslation();
  const href = useQueryDailyUrl();
  return (
    <a className={`${className} nav-external`} href={href} target="_blank" rel="noopener noreferrer" data-testid="querydaily-link">
      {t('nav.querydaily')}
      <span className="nav-new">{t('nav.new')}</span>
      <span className="visually-hidden">{t('common.opensInNewTab')}</span>
    </a>
  );
}
