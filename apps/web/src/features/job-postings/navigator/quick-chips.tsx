/** One-tap starting points: 신입, 주니어, 원격, and the top companies and skills by open postings. */
import type { JobFacets } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import type { ReactNode } from 'react';
import { toggle, type NavigatorFilters } from '../lib/filters';
import './quick-chips.css';

export function QuickChips({
  filters,
  facets,
  onChange,
}: {
  filters: NavigatorFilters;
  facets: JobFacets | undefined;
  onChange: (f: NavigatorFilters) => void;
}) {
  const { t } = useTranslation('job-postings');
  const chip = (key: string, label: ReactNode, pressed: boolean, next: NavigatorFilters) => (
    <button key={key} type="button" className="jn-chip" aria-pressed={pressed} onClick={() => onChange({ ...next, page: 0 })}>
      {label}
    </button>
  );
  const topCompanies = (facets?.companies ?? []).slice(0, 4);
  const topSkills = (facets?.skills ?? []).slice(0, 6);
  return (
    <div className="jn-quick" role="group" aria-label={t('quick.label')}>
      {chip('entry', t('experience.ENTRY'), filters.experience.includes('ENTRY'), {
        ...filters,
        experience: toggle(filters.experience, 'ENTRY'),
      })}
      {chip('junior', t('experience.JUNIOR'), filters.experience.includes('JUNIOR'), {
        ...filters,
        experience: toggle(filters.experience, 'JUNIOR'),
      })}
      {chip('remote', t('workMode.REMOTE'), filters.workMode.includes('REMOTE'), {
        ...filters,
        workMode: toggle(filters.workMode, 'REMOTE'),
      })}
      {topSkills.map((s) =>
        chip(`s-${s.value}`, `#${s.label}`, filters.skill.includes(s.value), { ...filters, skill: toggle(filters.skill, s.value) }),
      )}
      {topCompanies.map((c) =>
        chip(`c-${c.value}`, <span data-user-content="">{c.label}</span>, filters.company.includes(c.value), {
          ...filters,
          company: toggle(filters.company, c.value),
        }),
      )}
    </div>
  );
}
