/** A run's status pill and its four counts. */
import type { ImportRun } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import './run-status.css';

export function RunStatus({ status }: { status: ImportRun['status'] }) {
  const { t } = useTranslation('job-postings');
  return <span className={`badge jn-status jn-status--${status.toLowerCase()}`}>{t(`admin.runStatus.${status}`)}</span>;
}

export function RunCounts({ run }: { run: ImportRun }) {
  const { t } = useTranslation('job-postings');
  return (
    <dl className="jn-counts" data-testid="run-counts">
      {(['created', 'updated', 'unchanged', 'rejected'] as const).map((k) => (
        <div key={k} className={`jn-counts__item jn-counts__item--${k}`}>
          <dt>{t(`admin.outcome.${k.toUpperCase()}`)}</dt>
          <dd>{run[k].toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}
