/** Upload a CSV or JSON file (run as a job) and the list of import runs. */
import { IMPORT_UPLOAD_MAX_BYTES } from '@moim/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate } from 'react-router';
import { FormMessage } from '../../../shared/ui/field';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { formatDate } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { Pager } from '../../../shared/ui/pager';
import { useRuns, useUploadImport } from './admin-api';
import { RunStatus } from './run-status';
import { TableScroll } from '../../../shared/ui/table-scroll';
import { csvDocument } from '../../../shared/lib/csv';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';

const CSV_TEMPLATE = csvDocument([
  [
    'company',
    'title',
    'experience',
    'employment_type',
    'work_mode',
    'location',
    'salary_min',
    'salary_max',
    'required_skills',
    'preferred_skills',
    'valid_through',
    'source_url',
    'description',
  ],
  [
    '한빛페이',
    '백엔드 개발자 (Java/Spring)',
    '신입',
    '정규직',
    '원격',
    '서울 강남구',
    '4000만',
    '5500만',
    'Java|Spring Boot',
    'Kafka|AWS',
    '2026-12-31',
    'https://careers.example.com/hanbitpay/1',
    '결제 플랫폼을 함께 만듭니다.',
  ],
]);

export function AdminRuns() {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const runs = useRuns(page);
  const upload = useUploadImport();
  const navigate = useNavigate();
  const file = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    const f = file.current?.files?.[0];
    if (!f) return setError(t('admin.upload.pick'));
    if (f.size > IMPORT_UPLOAD_MAX_BYTES) return setError(t('admin.upload.tooLarge', { mb: IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024 }));
    const format = /\.json$/i.test(f.name) || f.type === 'application/json' ? 'JSON' : 'CSV';
    try {
      const run = await upload.mutateAsync({ format, fileName: f.name, content: await f.text() });
      navigate(`/admin/jobs/runs/${run.id}`);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <form
        className="card jn-upload"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 className="jn-h2">{t('admin.upload.title')}</h2>
        <p className="muted jn-hint">{t('admin.upload.hint')}</p>
        <label htmlFor="jn-upload-file" className="field__label">
          {t('admin.upload.file')}
        </label>
        <input id="jn-upload-file" ref={file} type="file" accept=".csv,.json,text/csv,application/json" className="input" />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="row">
          <button type="submit" className="btn btn-primary btn-sm" disabled={upload.isPending}>
            {upload.isPending ? t('admin.upload.sending') : t('admin.upload.submit')}
          </button>
          <a className="jn-hint" download="moim-jobs-template.csv" href={`data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`}>
            {t('admin.upload.template')}
          </a>
        </div>
      </form>

      <h2 className="jn-h2">{t('admin.runs.title')}</h2>
      {runs.isPending ? (
        <LoadingState />
      ) : runs.isError ? (
        <ErrorMessage variant="state" error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.content.length === 0 ? (
        <EmptyState title={t('admin.runs.empty')} />
      ) : (
        <>
          <TableScroll className="table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.runs.origin')}</th>
                  <th scope="col">{t('admin.runs.status')}</th>
                  <th scope="col">{t('admin.outcome.CREATED')}</th>
                  <th scope="col">{t('admin.outcome.UPDATED')}</th>
                  <th scope="col">{t('admin.outcome.UNCHANGED')}</th>
                  <th scope="col">{t('admin.outcome.REJECTED')}</th>
                  <th scope="col">{t('admin.runs.when')}</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.content.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/admin/jobs/runs/${r.id}`}>{r.sourceName ?? r.origin}</Link>
                      <span className="muted jn-hint"> · {r.format}</span>
                    </td>
                    <td>
                      <RunStatus status={r.status} />
                    </td>
                    <td>{r.created}</td>
                    <td>{r.updated}</td>
                    <td>{r.unchanged}</td>
                    <td>{r.rejected}</td>
                    <td>{formatDate(r.createdAt, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager page={runs.data.number} totalPages={runs.data.totalPages} onPage={setPage} />
        </>
      )}
    </>
  );
}
