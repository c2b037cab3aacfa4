/**
 * The administrators' floating toolbar (SPEC §6), in its own lazy chunk that only admins load.
 * A small pill stays in the corner; Alt+Shift+A (or the pill) opens and closes the panel: the
 * user's name and roles, the back office, the debug mode (kept in localStorage under
 * `admin-floating-debug-mode`), cache clearing (local and session storage), /checkout/test and
 * reload. Notices last 3 s.
 */
import { ADMIN_TOOLBAR_NOTICE_MS, STORAGE_KEYS } from '@moim/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../shared/auth/auth-provider';
import { getAccessToken } from '../../shared/auth/token-store';
import { clearAllStorage, readLocal, writeLocal } from '../../shared/storage';
import './admin-toolbar.css';

function tokenExpiry(): string | null {
  const token = getAccessToken();
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const { exp } = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return exp ? new Date(exp * 1000).toLocaleTimeString() : null;
  } catch {
    return null;
  }
}

export default function AdminToolbar() {
  const { t, i18n } = useTranslation('admin-shell');
  const { user } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [debug, setDebug] = useState(() => readLocal(STORAGE_KEYS.adminDebugMode) === 'true');
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyA') {
        e.preventDefault();
        setOpen((v) => !v);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), ADMIN_TOOLBAR_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (debug) document.documentElement.dataset.debug = 'true';
    else delete document.documentElement.dataset.debug;
  }, [debug]);

  if (!user) return null;

  const toggleDebug = () => {
    const next = !debug;
    setDebug(next);
    writeLocal(STORAGE_KEYS.adminDebugMode, String(next));
    setNotice(next ? t('toolbar.debugOn') : t('toolbar.debugOff'));
  };
  const clearCache = () => {
    clearAllStorage();
    setNotice(t('toolbar.cleared'));
  };

  return (
    <div className="admin-toolbar" data-open={open || undefined}>
      {open && (
        <section className="admin-toolbar__panel" role="region" aria-label={t('toolbar.title')} data-testid="admin-toolbar">
          <header className="admin-toolbar__head">
            <div>
              <p className="admin-toolbar__title">{t('toolbar.title')}</p>
              <strong>{user.name}</strong>
              <ul className="admin-toolbar__roles" aria-label={t('toolbar.roles')}>
                {[...new Set([...(user.roles ?? []), user.systemRole].filter(Boolean))].map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
            <button type="button" className="admin-toolbar__close" onClick={() => setOpen(false)} aria-label={t('toolbar.close')}>
              ×
            </button>
          </header>
          <div className="admin-toolbar__actions">
            <Link to="/admin" className="admin-toolbar__btn" onClick={() => setOpen(false)}>
              {t('toolbar.backOffice')}
            </Link>
            <Link to="/checkout/test" className="admin-toolbar__btn" onClick={() => setOpen(false)}>
              {t('toolbar.checkoutTest')}
            </Link>
            <button type="button" className="admin-toolbar__btn" role="switch" aria-checked={debug} onClick={toggleDebug}>
              {t('toolbar.debug')} <span className="admin-toolbar__state">{debug ? 'ON' : 'OFF'}</span>
            </button>
            <button type="button" className="admin-toolbar__btn" onClick={clearCache}>
              {t('toolbar.clearCache')}
            </button>
            <button type="button" className="admin-toolbar__btn" onClick={() => window.location.reload()}>
              {t('toolbar.reload')}
            </button>
          </div>
          {debug && (
            <dl className="admin-toolbar__debug" data-testid="admin-debug-info">
              <dt>{t('toolbar.path')}</dt>
              <dd>{`${location.pathname}${location.search}`}</dd>
              <dt>{t('toolbar.locale')}</dt>
              <dd>{i18n.language}</dd>
              <dt>{t('toolbar.viewport')}</dt>
              <dd>{`${window.innerWidth}×${window.innerHeight}`}</dd>
              <dt>{t('toolbar.userId')}</dt>
              <dd>{user.id}</dd>
              <dt>{t('toolbar.tokenExpiry')}</dt>
              <dd>{tokenExpiry() ?? '—'}</dd>
              <dt>{t('toolbar.mode')}</dt>
              <dd>{import.meta.env.MODE}</dd>
            </dl>
          )}
          <p className="admin-toolbar__notice" role="status" aria-live="polite">
            {notice}
          </p>
        </section>
      )}
      <button
        type="button"
        className="admin-toolbar__pill"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="admin-toolbar-toggle"
        title="Alt+Shift+A"
      >
        <span aria-hidden="true">⚙</span> {t('toolbar.pill')}
      </button>
    </div>
  );
}
