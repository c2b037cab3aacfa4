/** /notifications: the signed-in user's inbox, newest first; all or unread only; mark read. */
import { STUDY_TIMEZONE, type Notification } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications-api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../notifications.css';
import { TabBar } from '../../../shared/ui/tab-bar';

function useFormatter() {
  const { i18n } = useTranslation();
  const [f] = useState(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'ko-KR', {
        timeZone: STUDY_TIMEZONE,
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  );
  return (iso: string) => f.format(new Date(iso));
}

/** What a notification is about, from its type (projects, payments, studies); GENERAL has none. */
function kindOf(n: Notification): 'project' | 'payment' | 'study' | null {
  if (n.type.startsWith('PROJECT_')) return 'project';
  if (n.type.startsWith('PAYMENT_')) return 'payment';
  return n.type === 'GENERAL' ? null : 'study';
}

/** Only in-app paths are followed. */
const safeLink = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null);

export default function InboxPage() {
  const { t } = useTranslation('notifications');
  const [params, setParams] = useSearchParams();
  const unread = params.get('filter') === 'unread';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const list = useNotifications(page, unread);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const format = useFormatter();

  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    const link = safeLink(n.link);
    if (link) navigate(link);
  };
  const setFilter = (u: boolean) => setParams(u ? { filter: 'unread' } : {});

  return (
    <div className="page nt-page">
      <div className="container nt-container">
        <header className="nt-head">
          <div>
            <h1 className="nt-title">{t('inbox.title')}</h1>
            <p className="muted">{t('inbox.lead')}</p>
          </div>
          <div className="nt-head__actions">
            <Link to="/notifications/settings" className="btn btn-secondary">
              {t('inbox.settings')}
            </Link>
            <button type="button" className="btn btn-secondary" disabled={markAll.isPending} onClick={() => markAll.mutate()}>
              {t('inbox.markAll')}
            </button>
          </div>
        </header>
        <TabBar variant="segmented" role="group" aria-label={t('inbox.filter')}>
          <button type="button" aria-pressed={!unread} onClick={() => setFilter(false)}>
            {t('inbox.all')}
          </button>
          <button type="button" aria-pressed={unread} onClick={() => setFilter(true)}>
            {t('inbox.unread')}
          </button>
        </TabBar>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.content.length === 0 ? (
          <EmptyState title={unread ? t('inbox.emptyUnread') : t('inbox.empty')} />
        ) : (
          <>
            <ul className="nt-list">
              {list.data.content.map((n) => (
                <li key={n.id} className={`nt-item ${n.readAt ? '' : 'is-unread'}`}>
                  <button type="button" className="nt-item__btn" onClick={() => open(n)}>
                    <span className="nt-item__dot" aria-hidden="true" />
                    <span className="nt-item__body">
                      <span className="nt-item__title">
                        {!n.readAt && <span className="visually-hidden">{t('inbox.unreadMark')} </span>}
                        {kindOf(n) && <span className={`nt-kind nt-kind--${kindOf(n)}`}>{t(`kind.${kindOf(n)}`)}</span>}
                        {n.title}
                      </span>
                      <span className="nt-item__text">{n.body}</span>
                      <time className="nt-item__time" dateTime={n.createdAt}>
                        {format(n.createdAt)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              totalPages={list.data.totalPages}
              label={t('inbox.pages')}
              onPage={(p) => setParams({ ...(unread ? { filter: 'unread' } : {}), page: String(p) })}
            />
          </>
        )}
      </div>
    </div>
  );
}
