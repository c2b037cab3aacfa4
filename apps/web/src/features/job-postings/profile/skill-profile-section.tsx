/**
 * The jobs skill profile in /users/me/edit (a self-contained section of this feature): skills
 * with levels, years of experience, preferred regions, work modes and employment types. The
 * navigator's match score reads it; without it no score is shown.
 */
import {
  EMPLOYMENT_TYPES,
  JOB_LIMITS,
  JOB_REGIONS,
  WORK_MODES,
  type JobSkill,
  type SkillProfile,
  type SkillProfileInput,
} from '@moim/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { Field, FormMessage } from '../../../shared/ui/field';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { LoadingState } from '../../../shared/ui/states';
import { useSaveProfile, useSkillProfile, useSkills } from '../api';
import '../navigator/navigator.css';
import './skill-profile-section.css';

type Draft = Required<Omit<SkillProfileInput, 'skills'>> & { skills: Array<{ id: string; name: string; level: number }> };

const toDraft = (p: SkillProfile | null): Draft => ({
  skills: (p?.skills ?? []).map((s) => ({ id: s.skill.id, name: s.skill.name, level: s.level })),
  yearsOfExperience: p?.yearsOfExperience ?? 0,
  preferredRegions: p?.preferredRegions ?? [],
  preferredWorkModes: p?.preferredWorkModes ?? [],
  preferredEmploymentTypes: p?.preferredEmploymentTypes ?? [],
});

const key = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#]+/gu, '');

/** A catalogue skill for what was typed (name, id or alias). */
function findSkill(catalogue: JobSkill[], typed: string): JobSkill | undefined {
  const k = key(typed);
  return catalogue.find((s) => s.id === k || key(s.name) === k || s.aliases.some((a) => key(a) === k));
}

export default function SkillProfileSection() {
  const { t } = useTranslation('job-postings');
  const profile = useSkillProfile(true);
  const skills = useSkills();
  // Linked from the navigator as /users/me/edit#job-skill-profile: this section arrives after the page.
  useEffect(() => {
    if (window.location.hash === '#job-skill-profile') document.getElementById('job-skill-profile')?.scrollIntoView();
  }, []);
  return (
    <section className="card jn-profile" id="job-skill-profile" aria-labelledby="job-profile-title">
      <h2 id="job-profile-title">{t('profile.title')}</h2>
      <p className="muted">
        {t('profile.lead')} <Link to="/ignition/navigator">{t('profile.toNavigator')}</Link>
      </p>
      {profile.isPending || skills.isPending ? (
        <LoadingState />
      ) : profile.isError || skills.isError ? (
        <ErrorMessage variant="state" error={profile.error ?? skills.error} onRetry={() => void (profile.refetch(), skills.refetch())} />
      ) : (
        <ProfileForm initial={profile.data.profile} catalogue={skills.data} />
      )}
    </section>
  );
}

function ProfileForm({ initial, catalogue }: { initial: SkillProfile | null; catalogue: JobSkill[] }) {
  const { t } = useTranslation('job-postings');
  const id = useId();
  const save = useSaveProfile();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [typed, setTyped] = useState('');
  const [level, setLevel] = useState(3);
  const [skillError, setSkillError] = useState<string | null>(null);

  const add = () => {
    const s = findSkill(catalogue, typed);
    if (!s) return setSkillError(typed.trim() ? t('profile.unknownSkill', { name: typed.trim() }) : t('profile.typeSkill'));
    if (draft.skills.length >= JOB_LIMITS.profileSkillsMax)
      return setSkillError(t('profile.tooMany', { max: JOB_LIMITS.profileSkillsMax }));
    setSkillError(null);
    setDraft((d) => ({ ...d, skills: [...d.skills.filter((x) => x.id !== s.id), { id: s.id, name: s.name, level }] }));
    setTyped('');
  };
  const toggleIn = <K extends 'preferredRegions' | 'preferredWorkModes' | 'preferredEmploymentTypes'>(k: K, v: Draft[K][number]) =>
    setDraft((d) => ({ ...d, [k]: (d[k] as string[]).includes(v) ? (d[k] as string[]).filter((x) => x !== v) : [...d[k], v] }));

  const submit = () =>
    save.mutate(
      { ...draft, skills: draft.skills.map((s) => ({ skill: s.id, level: s.level })) },
      { onSuccess: () => toast.success(t('profile.saved')), onError: () => undefined },
    );

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="jn-group">
        <legend>{t('profile.skills')}</legend>
        <div className="jn-skill-add">
          <label htmlFor={`${id}-skill`} className="visually-hidden">
            {t('profile.skillInput')}
          </label>
          <input
            id={`${id}-skill`}
            className="input"
            list={`${id}-catalogue`}
            value={typed}
            placeholder={t('profile.skillPlaceholder')}
            maxLength={50}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <datalist id={`${id}-catalogue`}>
            {catalogue.map((s) => (
              <option key={s.id} value={s.name} />
            ))}
          </datalist>
          <label htmlFor={`${id}-level`} className="visually-hidden">
            {t('profile.level')}
          </label>
          <select id={`${id}-level`} className="input" value={level} onChange={(e) => setLevel(Number(e.target.value))}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {t(`profile.levels.${n}`)}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-secondary btn-sm" onClick={add}>
            {t('profile.addSkill')}
          </button>
        </div>
        {skillError && <p className="field__error">{skillError}</p>}
        {draft.skills.length === 0 ? (
          <p className="muted jn-hint">{t('profile.noSkills')}</p>
        ) : (
          <ul className="jn-skills jn-skills--editable" aria-label={t('profile.mySkills')}>
            {draft.skills.map((s) => (
              <li key={s.id} className="jn-skill jn-skill--have">
                {s.name} · {t(`profile.levels.${s.level}`)}
                <button
                  type="button"
                  className="jn-skill__remove"
                  aria-label={t('profile.removeSkill', { name: s.name })}
                  onClick={() => setDraft((d) => ({ ...d, skills: d.skills.filter((x) => x.id !== s.id) }))}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <Field label={t('profile.years')} hint={t('profile.yearsHint')}>
        <input
          className="input jn-years"
          type="number"
          min={0}
          max={JOB_LIMITS.experienceYearsMax}
          value={draft.yearsOfExperience}
          onChange={(e) =>
            setDraft((d) => ({
              ...d,
              yearsOfExperience: Math.max(0, Math.min(JOB_LIMITS.experienceYearsMax, Number(e.target.value) || 0)),
            }))
          }
        />
      </Field>
      <fieldset className="jn-group jn-group--inline">
        <legend>{t('profile.workModes')}</legend>
        {WORK_MODES.map((v) => (
          <label key={v} className="jn-check">
            <input type="checkbox" checked={draft.preferredWorkModes.includes(v)} onChange={() => toggleIn('preferredWorkModes', v)} />
            <span>{t(`workMode.${v}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="jn-group jn-group--inline">
        <legend>{t('profile.employmentTypes')}</legend>
        {EMPLOYMENT_TYPES.map((v) => (
          <label key={v} className="jn-check">
            <input
              type="checkbox"
              checked={draft.preferredEmploymentTypes.includes(v)}
              onChange={() => toggleIn('preferredEmploymentTypes', v)}
            />
            <span>{t(`employment.${v}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="jn-group jn-group--inline">
        <legend>{t('profile.regions')}</legend>
        {JOB_REGIONS.map((v) => (
          <label key={v} className="jn-check">
            <input type="checkbox" checked={draft.preferredRegions.includes(v)} onChange={() => toggleIn('preferredRegions', v)} />
            <span>{t(`region.${v}`)}</span>
          </label>
        ))}
      </fieldset>
      <ErrorMessage error={save.error} />
      {save.isSuccess && <FormMessage tone="success">{t('profile.saved')}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {t('profile.save')}
      </button>
    </form>
  );
}
