/**
 * Saved searches: "save this search" next to the results, and the member's list (apply, daily
 * mail alert on/off, delete), with the corrections they sent and their status.
 */
import { JOB_LIMITS, type SavedSearch } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { jobQueries, useSavedSearchMutations } from '../api';
import { EMPTY_FILTERS, filtersToParams, hasSearch, type NavigatorFilters } from '../lib/filters';
import { formatDate } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { ErrorMessage, errorText } from '../../../shared/ui/error-message';
import './saved-searches.css';

function toSaved(f: NavigatorFilters): SavedSearch['filters'] {
  return {
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    ...(f.company.length ? { company: f.company } : {}),
    ...(f.skill.length ? { skill: f.skill } : {}),
    ...(f.experience.length ? { experience: f.experience } : {}),
    ...(f.employmentType.length ? { employmentType: f.employmentType } : {}),
    ...(f.region.length ? { region: f.region } : {}),
    ...(f.workMode.length ? { workMode: f.workMode } : {}),
    ...(f.salaryMin ? { salaryMin: f.salaryMin } : {}),
  };
}

function fromSaved(s: SavedSearch['filters']): NavigatorFilters {
  return {
    ...EMPTY_FILTERS,
    q: s.q ?? '',
    company: s.company ?? [],
    skill: s.skill ?? [],
    experience: s.experience ?? [],
    employmentType: s.employmentType ?? [],
    region: s.region ?? [],
    workMode: s.workMode ?? [],
    salaryMin: s.salaryMin ?? null,
  };
}

/** A one-line description of saved filters. */
function describe(s: SavedSearch['filters'], t: ReturnType<typeof useTranslation>['t'], skillNames: Map<string, string>): string {
  const parts = [
    s.q ? `“${s.q}”` : null,
    ...(s.experience ?? []).map((v) => t(`experience.${v}`)),
    ...(s.workMode ?? []).map((v) => t(`workMode.${v}`)),
    ...(s.employmentType ?? []).map((v) => t(`employment.${v}`)),
    ...(s.region ?? []).map((v) => t(`region.${v}`)),
    ...(s.skill ?? []).map((v) => `#${skillNames.get(v) ?? v}`),
    s.company?.length ? t('saved.companies', { count: s.company.length }) : null,
    s.salaryMin ? t('filters.salaryFloor', { man: (s.salaryMin / 10_000).toLocaleString(), millions: s.salaryMin / 1_000_000 }) : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function SaveSearchButton({ filters, defaultName }: { filters: NavigatorFilters; defaultName: string }) {
  const { t } = useTranslation('job-postings');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState(true);
  const { create } = useSavedSearchMutations();
  if (!hasSearch(filters)) return null;
  if (!open) {
    return (
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => {
          setName(defaultName.slice(0, 60));
          setOpen(true);
        }}
      >
        {t('saved.save')}
      </button>
    );
  }
  return (
    <form
      className="jn-save"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { name: name.trim(), filters: toSaved(filters), alertEnabled: alert },
          {
            onSuccess: () => {
              toast.success(t('saved.saved'));
              setOpen(false);
            },
            onError: (err) => toast.error(errorText(err)),
          },
        );
      }}
    >
      <label htmlFor="jn-save-name" className="visually-hidden">
        {t('saved.name')}
      </label>
      <input id="jn-save-name" className="input" value={name} maxLength={60} required onChange={(e) => setName(e.target.value)} />
      <label className="jn-check">
        <input type="checkbox" checked={alert} onChange={() => setAlert((a) => !a)} />
        <span>{t('saved.alert')}</span>
      </label>
      <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending || !name.trim()}>
        {t('saved.confirm')}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
        {t('common.cancel', { ns: 'translation' })}
      </button>
    </form>
  );
}

export function SavedSearchesView({ skillNames }: { skillNames: Map<string, string> }) {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const saved = useQuery(jobQueries.saved());
  const corrections = useQuery(jobQueries.corrections());
  const { patch, remove } = useSavedSearchMutations();
  return (
    <>
      <section aria-labelledby="saved-title">
        <h2 id="saved-title" className="jn-h2">
          {t('tabs.saved')}
        </h2>
        <p className="muted jn-hint">{t('saved.hint', { max: JOB_LIMITS.savedSearchesMax })}</p>
        {saved.isPending ? (
          <LoadingState />
        ) : saved.isError ? (
          <ErrorMessage variant="state" error={saved.error} onRetry={() => void saved.refetch()} />
        ) : saved.data.length === 0 ? (
          <EmptyState title={t('saved.empty')} />
        ) : (
          <ul className="jn-saved">
            {saved.data.map((s) => (
              <li key={s.id} className="jn-saved__item">
                <div>
                  <strong>{s.name}</strong>
                  <p className="muted jn-hint">{describe(s.filters, t, skillNames)}</p>
                  {s.lastAlertedAt && (
                    <p className="muted jn-hint">{t('saved.lastAlert', { date: formatDate(s.lastAlertedAt, locale) })}</p>
                  )}
                </div>
                <div className="jn-saved__actions">
                  <Link className="btn btn-secondary btn-sm" to={`/ignition/navigator?${filtersToParams(fromSaved(s.filters)).toString()}`}>
                    {t('saved.apply')}
                  </Link>
                  <label className="jn-check">
                    <input
                      type="checkbox"
                      checked={s.alertEnabled}
                      disabled={patch.isPending}
                      onChange={() =>
                        patch.mutate({ id: s.id, alertEnabled: !s.alertEnabled }, { onError: (e) => toast.error(errorText(e)) })
                      }
                    />
                    <span>{t('saved.alertShort')}</span>
                  </label>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={t('saved.delete', { name: s.name })}
                    onClick={() => {
                      if (window.confirm(t('saved.deleteConfirm', { name: s.name })))
                        remove.mutate(s.id, { onError: (e) => toast.error(errorText(e)) });
                    }}
                  >
                    {t('saved.deleteShort')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="my-corrections" className="jn-section">
        <h2 id="my-corrections" className="jn-h2">
          {t('correction.myTitle')}
        </h2>
        {corrections.isPending ? (
          <LoadingState />
        ) : corrections.isError ? (
          <ErrorMessage variant="state" error={corrections.error} onRetry={() => void corrections.refetch()} />
        ) : corrections.data.content.length === 0 ? (
          <EmptyState title={t('correction.none')} />
        ) : (
          <ul className="jn-saved">
            {corrections.data.content.map((c) => (
              <li key={c.id} className="jn-saved__item">
                <div>
                  <strong>{c.postingTitle ?? t(`correction.kinds.${c.kind}`)}</strong>
                  <p className="muted jn-hint">{c.message}</p>
                  {c.adminNote && <p className="jn-hint">{t('correction.note', { note: c.adminNote })}</p>}
                </div>
                <span className={`badge jn-status jn-status--${c.status.toLowerCase()}`}>{t(`correction.status.${c.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
