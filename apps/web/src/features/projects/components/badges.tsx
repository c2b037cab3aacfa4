/** Type, status and D-day badges of a project (text always present: colour is never the only cue). */
import type { ProjectStatus, ProjectType } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { ddayOf } from '../lib/dday';
import '../projects.css';

export function TypeBadge({ type }: { type: ProjectType }) {
  const { t } = useTranslation('projects');
  return <span className={`pj-badge pj-badge--type pj-type-${type.toLowerCase()}`}>{t(`type.${type}`)}</span>;
}

export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('projects');
  return <span className={`pj-badge pj-status pj-status--${status.toLowerCase()}`}>{t(`status.${status}`)}</span>;
}

/** The recruitment D-day; only while the project recruits. */
export function DdayBadge({ deadline, status, now }: { deadline: string | null; status: ProjectStatus; now: Date }) {
  const { t } = useTranslation('projects');
  if (status !== 'RECRUITING') return null;
  const d = ddayOf(t, deadline, now);
  return <span className={`pj-badge pj-dday pj-dday--${d.tone}`}>{d.label}</span>;
}
