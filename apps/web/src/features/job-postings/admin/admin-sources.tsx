/** Feed sources: add one (JSON of postings, or RSS/Atom of a careers page), run it now, switch its daily run, delete it. */
import { FEED_ENCODINGS } from '@moim/contract';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useNavigate } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { Field } from '../../../shared/ui/field';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { formatDate } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { useSourceMutations, useSources } from './admin-api';
import { RunStatus } from './run-status';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';
import { serverFieldError } from '../../../shared/ui/server-field-errors';
import './admin-sources.css';

export function AdminSources() {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const sources = useSources();
  const m = useSourceMutations();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    name: '',
    format: 'RSS' as 'RSS' | 'JSON',
    url: '',
    companyName: '',
    encoding: 'auto' as (typeof FEED_ENCODINGS)[number],
    enabled: false,
  });

  return (
    <>
      <p className="muted jn-hint">{t('admin.sources.hint')}</p>
      {sources.isPending ? (
        <LoadingState />
      ) : sources.isError ? (
        <ErrorMessage variant="state" error={sources.error} onRetry={() => void sources.refetch()} />
      ) : sources.data.length === 0 ? (
        <EmptyState title={t('admin.sources.empty')} />
      ) : (
        <ul className="jn-saved">
          {sources.data.map((s) => (
            <li key={s.id} className="jn-saved__item">
              <div>
                <strong>{s.name}</strong> <span className="muted jn-hint">{s.format}</span>
                <p className="muted jn-hint jn-break">{s.url}</p>
                <p className="muted jn-hint">
                  {s.lastRunAt ? (
                    <>
                      {t('admin.sources.lastRun', { date: formatDate(s.lastRunAt, locale) })}{' '}
                      {s.lastRunStatus && <RunStatus status={s.lastRunStatus} />}
                    </>
                  ) : (
                    t('admin.sources.never')
                  )}
                </p>
              </div>
              <div className="jn-saved__actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={m.run.isPending}
                  onClick={() =>
                    m.run.mutate(s.id, {
                      onSuccess: (r) => navigate(`/admin/jobs/runs/${r.id}`),
                      onError: (e) => toast.error(errorText(e)),
                    })
                  }
                >
                  {t('admin.sources.runNow')}
                </button>
                <label className="jn-check">
                  <input
                    type="checkbox"
                    checked={s.enabled}
                    onChange={() => m.patch.mutate({ id: s.id, enabled: !s.enabled }, { onError: (e) => toast.error(errorText(e)) })}
                  />
                  <span>{t('admin.sources.daily')}</span>
                </label>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() =>
                    window.confirm(t('admin.sources.deleteConfirm', { name: s.name })) &&
                    m.remove.mutate(s.id, { onError: (e) => toast.error(errorText(e)) })
                  }
                >
                  {t('admin.sources.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <form
        className="card form jn-upload"
        onSubmit={(e) => {
          e.preventDefault();
          m.create.mutate(
            { ...form, companyName: form.companyName.trim() || undefined },
            {
              onSuccess: () => {
                toast.success(t('admin.sources.added'));
                setForm({ ...form, name: '', url: '', companyName: '' });
              },
            },
          );
        }}
      >
        <h2 className="jn-h2">{t('admin.sources.add')}</h2>
        <Field label={t('admin.sources.name')}>
          <input className="input" required maxLength={80} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </Field>
        <Field label={t('admin.sources.format')}>
          <select className="input" value={form.format} onChange={(e) => setForm({ ...form, format: e.target.value as 'RSS' | 'JSON' })}>
            <option value="RSS">{t('admin.sources.formats.RSS')}</option>
            <option value="JSON">{t('admin.sources.formats.JSON')}</option>
          </select>
        </Field>
        <Field label={t('admin.sources.url')} hint={t('admin.sources.urlHint')} error={serverFieldError(m.create.error, 'url')}>
          <input className="input" inputMode="url" required value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        </Field>
        {form.format === 'RSS' && (
          <Field label={t('admin.sources.company')} error={serverFieldError(m.create.error, 'companyName')}>
            <input
              className="input"
              required
              maxLength={100}
              value={form.companyName}
              onChange={(e) => setForm({ ...form, companyName: e.target.value })}
            />
          </Field>
        )}
        <Field label={t('admin.sources.encoding')}>
          <select
            className="input"
            value={form.encoding}
            onChange={(e) => setForm({ ...form, encoding: e.target.value as typeof form.encoding })}
          >
            {FEED_ENCODINGS.map((x) => (
              <option key={x} value={x}>
                {t(`admin.sources.encodings.${x}`)}
              </option>
            ))}
          </select>
        </Field>
        <label className="jn-check">
          <input type="checkbox" checked={form.enabled} onChange={() => setForm({ ...form, enabled: !form.enabled })} />
          <span>{t('admin.sources.daily')}</span>
        </label>
        <ErrorMessage error={m.create.error} />
        <button type="submit" className="btn btn-primary btn-sm" disabled={m.create.isPending}>
          {t('admin.sources.submit')}
        </button>
      </form>
    </>
  );
}
