/** Two versions side by side: overall and category ratings with the change, and which findings were resolved, remain or are new. */
import type { StudioSuggestion } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n';
import { LoadingState } from '../../../shared/ui/states';
import { compareQuery } from '../api';
import { Stars } from './stars';
import { ErrorMessage } from '../../../shared/ui/error-message';
import './compare-view.css';

const delta = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '±0');

export function CompareView({ documentId, from, to, onClose }: { documentId: string; from: string; to: string; onClose: () => void }) {
  const { t } = useTranslation('studio');
  const q = useQuery(compareQuery(documentId, from, to));
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorMessage variant="state" error={q.error} onRetry={() => void q.refetch()} />;
  const c = q.data;
  const list = (title: string, items: StudioSuggestion[], kind: string) => (
    <div className={`card compare__list compare__list--${kind}`}>
      <h3>
        {title} <span className="badge">{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <p className="muted">{t('compare.none')}</p>
      ) : (
        <ul>
          {items.slice(0, 30).map((s) => (
            <li key={`${s.id}-${kind}`}>
              <span className="badge">{t(`category.${s.rule.category}`)}</span> <q>{s.original}</q> — {s.shortMessage}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <section className="compare" aria-labelledby="compare-title" data-testid="studio-comparison">
      <div className="compare__head">
        <h2 id="compare-title">{t('compare.title', { from: c.from.version, to: c.to.version })}</h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('compare.close')}
        </button>
      </div>
      <table className="compare__table">
        <caption className="visually-hidden">{t('compare.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('compare.category')}</th>
            <th scope="col">{t('history.version', { n: c.from.version })}</th>
            <th scope="col">{t('history.version', { n: c.to.version })}</th>
            <th scope="col">{t('compare.change')}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="compare__overall">
            <th scope="row">{t('compare.overall')}</th>
            <td>{c.overall.from.toFixed(1)}</td>
            <td>{c.overall.to.toFixed(1)}</td>
            <td className={c.overall.delta > 0 ? 'up' : c.overall.delta < 0 ? 'down' : ''}>{delta(c.overall.delta)}</td>
          </tr>
          {c.ratings.map((r) => (
            <tr key={r.category}>
              <th scope="row">{t(`rating.${r.category}`)}</th>
              <td>
                <Stars value={r.from} label={t('result.starsLabel', { score: r.from })} />
              </td>
              <td>
                <Stars value={r.to} label={t('result.starsLabel', { score: r.to })} />
              </td>
              <td className={r.delta > 0 ? 'up' : r.delta < 0 ? 'down' : ''}>{delta(r.delta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="compare__lists">
        {list(t('compare.resolved'), c.resolved, 'resolved')}
        {list(t('compare.introduced'), c.introduced, 'introduced')}
        {list(t('compare.remaining'), c.remaining, 'remaining')}
      </div>
    </section>
  );
}
