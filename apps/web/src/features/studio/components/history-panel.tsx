/** My documents (most recent first) and, for the chosen one, its versions: open one, or pick two to compare. */
import type { StudioDocument } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { LoadingState } from '../../../shared/ui/states';
import { documentQuery, documentsQuery } from '../api';
import { useDateTime } from '../lib/format';
import { ErrorMessage } from '../../../shared/ui/error-message';
import './history-panel.css';

interface Props {
  documentId: string | null;
  onOpenDocument: (id: string) => void;
  onOpenAnalysis: (id: string) => void;
  onCompare: (documentId: string, from: string, to: string) => void;
}

export function HistoryPanel({ documentId, onOpenDocument, onOpenAnalysis, onCompare }: Props) {
  const { t } = useTranslation('studio');
  const [page, setPage] = useState(0);
  const docs = useQuery(documentsQuery(page, 8));
  const when = useDateTime();
  return (
    <section className="history card" aria-labelledby="history-title" data-testid="studio-history">
      <h2 id="history-title">{t('history.title')}</h2>
      {docs.isPending ? (
        <LoadingState />
      ) : docs.isError ? (
        <ErrorMessage variant="state" error={docs.error} onRetry={() => void docs.refetch()} />
      ) : docs.data.content.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        <>
          <ul className="history__docs">
            {docs.data.content.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className={`history__doc${d.id === documentId ? ' history__doc--on' : ''}`}
                  aria-expanded={d.id === documentId}
                  onClick={() => onOpenDocument(d.id)}
                >
                  <span className="history__doc-title" data-user-content="">
                    {d.title || t('history.untitled')}
                  </span>
                  <span className="muted">
                    {t('history.versions', { count: d.versionCount })} · {when(d.updatedAt)}
                    {d.latest.overallScore !== null && ` · ★ ${d.latest.overallScore.toFixed(1)}`}
                  </span>
                </button>
                {d.id === documentId && <Versions id={d.id} onOpenAnalysis={onOpenAnalysis} onCompare={onCompare} />}
              </li>
            ))}
          </ul>
          {docs.data.totalPages > 1 && (
            <div className="history__pager">
              <button type="button" className="btn btn-ghost btn-sm" disabled={docs.data.first} onClick={() => setPage((p) => p - 1)}>
                {t('history.prev')}
              </button>
              <span className="muted">
                {docs.data.number + 1} / {docs.data.totalPages}
              </span>
              <button type="button" className="btn btn-ghost btn-sm" disabled={docs.data.last} onClick={() => setPage((p) => p + 1)}>
                {t('history.next')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Versions({ id, onOpenAnalysis, onCompare }: { id: string; onOpenAnalysis: (id: string) => void; onCompare: Props['onCompare'] }) {
  const { t } = useTranslation('studio');
  const doc = useQuery(documentQuery(id));
  const [picked, setPicked] = useState<string[]>([]);
  if (doc.isPending) return <LoadingState />;
  if (doc.isError) return <ErrorMessage variant="state" error={doc.error} onRetry={() => void doc.refetch()} />;
  const versions: StudioDocument['versions'] = doc.data.versions;
  const done = versions.filter((v) => v.status === 'COMPLETED');
  const toggle = (v: string) => setPicked((p) => (p.includes(v) ? p.filter((x) => x !== v) : [...p.slice(-1), v]));
  const [a, b] = [...picked].sort((x, y) => versions.findIndex((v) => v.id === x) - versions.findIndex((v) => v.id === y));
  return (
    <div className="history__versions">
      <ol>
        {versions.map((v) => (
          <li key={v.id}>
            <label className="check">
              <input type="checkbox" disabled={v.status !== 'COMPLETED'} checked={picked.includes(v.id)} onChange={() => toggle(v.id)} />
              <span>
                {t('history.version', { n: v.version })}
                {v.overallScore !== null ? ` · ★ ${v.overallScore.toFixed(1)}` : ` · ${t(`status.${v.status}`)}`}
              </span>
            </label>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onOpenAnalysis(v.id)}>
              {t('history.open')}
            </button>
          </li>
        ))}
      </ol>
      {done.length >= 2 && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!a || !b}
          onClick={() => a && b && onCompare(id, a, b)}
          data-testid="studio-compare"
        >
          {t('history.compare')}
        </button>
      )}
    </div>
  );
}
