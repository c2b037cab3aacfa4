/**
 * Settings → "your data" (docs/privacy.md "Export"): ask for an archive of everything moim holds
 * about you, see it being prepared, download it (a fresh proof of identity first: the step-up
 * dialog) until it expires 7 days after it is ready.
 */
import type { DataExport } from '@moim/contract';
import { DATA_EXPORT_DAYS, DATA_EXPORT_FILE_PREFIX } from '@moim/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { StepUpCancelled, useStepUp } from '../../shared/auth/step-up-dialog';
import { formatDateTime } from '../../shared/lib/format';
import { ErrorMessage } from '../../shared/ui/error-message';
import { EmptyState, LoadingState } from '../../shared/ui/states';
import { downloadDataExport, invalidateDataExports, useDataExports, useRequestDataExport } from './api';
import './data-export.css';

const TONE: Record<DataExport['status'], string> = { PENDING: 'warning', READY: 'success', EXPIRED: 'muted', FAILED: 'danger' };

/** Hand the bytes to the browser as a file. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const sizeOf = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ko-KR', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
    Math.max(1, Math.round(bytes / 1024)),
  );

function ExportItem({ item }: { item: DataExport }) {
  const { t, i18n } = useTranslation('privacy');
  const qc = useQueryClient();
  const { run, dialog } = useStepUp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const lng = i18n.language;

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const blob = await run(() => downloadDataExport(item.id));
      saveFile(blob, `${DATA_EXPORT_FILE_PREFIX}-${(item.readyAt ?? item.requestedAt).slice(0, 10)}.zip`);
      void invalidateDataExports(qc);
    } catch (err) {
      if (!(err instanceof StepUpCancelled)) setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="data-export__item">
      <div className="data-export__main">
        <span className={`badge st-badge--${TONE[item.status]}`}>{t(`status.${item.status}`)}</span>
        <span className="muted">
          {t('requestedAt')} <time dateTime={item.requestedAt}>{formatDateTime(item.requestedAt, lng)}</time>
        </span>
      </div>
      {item.status === 'PENDING' && (
        <p className="muted data-export__note" role="status">
          {t('pending')}
        </p>
      )}
      {item.status === 'READY' && item.expiresAt && (
        <div className="data-export__ready">
          <span className="muted">
            {t('until', { date: formatDateTime(item.expiresAt, lng) })}
            {item.sizeBytes !== null && ` · ${sizeOf(item.sizeBytes, lng)}`}
            {item.downloadedAt && ` · ${t('downloaded')}`}
          </span>
          <button type="button" className="btn btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void download()}>
            {busy ? t('downloading') : t('download')}
          </button>
        </div>
      )}
      {item.status === 'EXPIRED' && <p className="muted data-export__note">{t('expired', { days: DATA_EXPORT_DAYS })}</p>}
      {item.status === 'FAILED' && <p className="muted data-export__note">{t('failed')}</p>}
      <ErrorMessage error={error} />
      {dialog}
    </li>
  );
}

export default function DataExportSection() {
  const { t } = useTranslation('privacy');
  const list = useDataExports();
  const ask = useRequestDataExport();
  const pending = list.data?.some((e) => e.status === 'PENDING') ?? false;

  return (
    <section className="card data-export" aria-labelledby="s-your-data" id="your-data">
      <h2 id="s-your-data">{t('title')}</h2>
      <p className="muted">{t('lead', { days: DATA_EXPORT_DAYS })}</p>
      <div className="row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={ask.isPending || pending || list.isLoading}
          aria-busy={ask.isPending}
          onClick={() => ask.mutate()}
        >
          {pending ? t('preparing') : t('request')}
        </button>
      </div>
      {ask.isError && <ErrorMessage error={ask.error} />}
      {list.isLoading ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorMessage variant="state" error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data?.length ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ul className="data-export__list" aria-label={t('listLabel')}>
          {list.data.map((e) => (
            <ExportItem key={e.id} item={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
