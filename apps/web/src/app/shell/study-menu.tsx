/** STUDY in the header: a menu of up to 3 current studies plus "all studies" (SPEC §1, §9). */
import { DROPDOWN_CLOSE_DELAY_MS, STUDY_DROPDOWN_COUNT } from '@moim/contract';
import { useTranslation } from '../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { canApplyNow, studyPath, useCurrentStudies } from '../../shared/shell/current-studies';
import { useAsPrerendered } from '../../shared/lib/use-as-prerendered';
import { useMenu } from '../../shared/ui/use-menu';

export function StudyMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useMenu({ hover: true, closeDelay: DROPDOWN_CLOSE_DELAY_MS });
  // drawn as the prerendered header was (loading) while React adopts it: the home page reads the
  // same query, and its answer can arrive before the header's part is adopted
  const studies = useAsPrerendered(useCurrentStudies(STUDY_DROPDOWN_COUNT));
  const list = (studies.data ?? []).slice(0, STUDY_DROPDOWN_COUNT);
  const active = pathname === '/study' || pathname.startsWith('/study/') || pathname === '/calendar';

  return (
    <div className="nav-menu" {...menu.rootProps} data-open={menu.open || undefined}>
      <button className={`nav-link nav-menu__button${active ? ' active' : ''}`} {...menu.buttonProps}>
        {t('nav.study')}
        <svg className="nav-menu__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <div className="nav-menu__panel" {...menu.menuProps} data-testid="study-dropdown">
        {studies.isLoading && (
          <p className="nav-menu__note" role="presentation">
            {t('nav.studiesLoading')}
          </p>
        )}
        {list.length > 0 && (
          <>
            <p className="nav-menu__label" role="presentation">
              {t('nav.currentStudies')}
            </p>
            {list.map((s) => (
              <Link
                key={s.id}
                role="menuitem"
                className="nav-menu__item nav-menu__study"
                to={studyPath(s)}
                onClick={() => menu.close()}
                data-testid="study-dropdown-item"
              >
                <span className="nav-menu__study-title">{s.title}</span>
                <span className="nav-menu__study-meta">
                  {s.generation ? <span className="badge">{t('nav.generation', { generation: s.generation })}</span> : null}
                  {canApplyNow(s) ? <span className="badge badge--accent">{t('nav.recruiting')}</span> : null}
                </span>
              </Link>
            ))}
            <div className="nav-menu__sep" role="separator" />
          </>
        )}
        <Link role="menuitem" className="nav-menu__item nav-menu__all" to="/study" onClick={() => menu.close()}>
          {t('nav.allStudies')}
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </div>
  );
}
