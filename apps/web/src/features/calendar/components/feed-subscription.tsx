/** "Subscribe in your calendar app": the private iCal feed URL, copy and rotate. Signed-in users only. */
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useAuth } from '../../../shared/auth/auth-provider';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { useFeedToken, useRotateFeedToken } from '../api/calendar-api';

function absolute(url: string): string {
  try {
    return new URL(url, window.location.origin).toString();
  } catch {
    return url;
  }
}

export function FeedSubscription() {
  const { t } = useTranslation('calendar');
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const feed = useFeedToken(open && auth.isAuthenticated);
  const rotate = useRotateFeedToken();
  const [copied, setCopied] = useState(false);
  if (!auth.isAuthenticated) return null;
  const url = feed.data ? absolute(feed.data.url) : '';

  return (
    <section className="card cal-feed" aria-labelledby="cal-feed-title">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <div>
          <h2 id="cal-feed-title" className="cal-feed__title">
            {t('feed.title')}
          </h2>
          <p className="muted">{t('feed.lead')}</p>
        </div>
        <button type="button" className="btn btn-secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('feed.hide') : t('feed.show')}
        </button>
      </div>
      {open && (
        <div className="stack" style={{ gap: 'var(--space-2)' }}>
          {feed.isPending && <p role="status">{t('feed.loading')}</p>}
          <ErrorMessage error={feed.error} onRetry={() => void feed.refetch()} />
          {feed.data && (
            <>
              <label htmlFor="cal-feed-url" className="visually-hidden">
                {t('feed.urlLabel')}
              </label>
              <input id="cal-feed-url" className="cal-feed__url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
              <div className="row">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    void navigator.clipboard?.writeText(url).then(() => {
                      setCopied(true);
                      window.setTimeout(() => setCopied(false), 2000);
                    });
                  }}
                >
                  {copied ? t('feed.copied') : t('feed.copy')}
                </button>
                <button type="button" className="btn btn-ghost" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                  {t('feed.rotate')}
                </button>
              </div>
              <p className="muted" role="status" aria-live="polite">
                {rotate.isSuccess ? t('feed.rotated') : t('feed.private')}
              </p>
              <ErrorMessage error={rotate.error} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
