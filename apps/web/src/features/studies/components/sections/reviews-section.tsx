import { REVIEW_TAGS, type ReviewTag } from '@moim/contract';
import { useTranslation } from '../../../../shared/i18n';
import { useReviews } from '../../api/study-content-api';
import { formatDate } from '../../../../shared/lib/format';
import { useLocale } from '../../lib/use-locale';
import { Avatar } from '../../../../shared/ui/avatar';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import { Stars } from '../stars';
import type { SectionContext, SectionOf } from './types';

export function ReviewsSection({ section, ctx }: { section: SectionOf<'reviews'>; ctx: SectionContext }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const reviews = useReviews(ctx.study.id, section.limit);
  const id = `sec-${section.id}`;
  const data = reviews.data;
  const topTags = data
    ? Object.entries(data.summary.tagCounts)
        .filter(([k, n]) => n > 0 && k in REVIEW_TAGS)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
    : [];
  return (
    <section className="st-section" aria-labelledby={id}>
      <h2 id={id} className="st-section__title" data-user-content="">
        {section.title || t('sections.reviews')}
      </h2>
      {reviews.isPending ? (
        <div className="st-skeleton-row" aria-hidden="true" />
      ) : reviews.isError ? (
        <ErrorMessage error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : !data || data.summary.count === 0 ? (
        <p className="muted">{ctx.study.status === 'COMPLETED' ? t('reviews.emptyCompleted') : t('reviews.empty')}</p>
      ) : (
        <>
          <div className="st-review-summary">
            <div className="st-review-summary__avg">
              <strong>{data.summary.average?.toFixed(1) ?? '–'}</strong>
              <Stars
                value={data.summary.average ?? 0}
                label={t('reviews.averageLabel', { avg: data.summary.average?.toFixed(1) ?? '0' })}
              />
              <span className="muted">{t('reviews.count', { count: data.summary.count })}</span>
            </div>
            {topTags.length > 0 && (
              <ul className="st-tags" aria-label={t('reviews.topTags')}>
                {topTags.map(([k, n]) => (
                  <li key={k} className="st-tag">
                    {REVIEW_TAGS[k as ReviewTag][locale]} <span className="st-tag__n">{n}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ul className="st-reviews">
            {data.content.map((r) => (
              <li key={r.id} id={`review-${r.id}`} className="st-review">
                <div className="st-review__head">
                  <Avatar name={r.author.name} src={r.author.profileImage} size={32} />
                  <span className="st-review__author">{r.author.name}</span>
                  <Stars value={r.rating} label={t('reviews.ratingLabel', { rating: r.rating })} />
                  <time className="muted st-review__date" dateTime={r.createdAt}>
                    {formatDate(r.createdAt, locale)}
                  </time>
                </div>
                {r.text && <p className="st-review__text">{r.text}</p>}
                {r.tags.length > 0 && (
                  <ul className="st-tags st-tags--small" aria-label={t('reviews.tags')}>
                    {r.tags.map((tag) => (
                      <li key={tag} className="st-tag">
                        {REVIEW_TAGS[tag][locale]}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
