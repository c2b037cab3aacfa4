/**
 * /admin/jobs/postings/new and /admin/jobs/postings/:postingId/edit — one posting's form. The
 * typed values become the contract's jobPostingInput (salaries typed in 만원, skills as a comma
 * list), checked with that schema before sending; the server checks again.
 */
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  formIssueKey,
  formText,
  jobPostingInput,
  seoulDate,
  WORK_MODES,
  type JobPostingDetail,
  type JobPostingInput,
} from '@moim/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { toast } from '../../../shared/toast/toast';
import { Field } from '../../../shared/ui/field';
import { fieldError, formErrorMap } from '../../../shared/ui/form-errors';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { LoadingState } from '../../../shared/ui/states';
import { useJobDetail } from '../api';
import { useLocale } from '../lib/use-locale';
import { useSavePosting } from './admin-api';
import { ErrorMessage } from '../../../shared/ui/error-message';
import '../navigator/navigator.css';
import { BackLink } from '../../../shared/ui/back-link';
import './admin-posting-form-page.css';

interface FormValues {
  companyName: string;
  companyNameEn: string;
  careersUrl: string;
  title: string;
  employmentType: string;
  experienceLevel: string;
  experienceMin: string;
  experienceMax: string;
  location: string;
  workMode: string;
  salaryMinMan: string;
  salaryMaxMan: string;
  requiredSkills: string;
  preferredSkills: string;
  postedAt: string;
  validThrough: string;
  sourceUrl: string;
  active: boolean;
  description: string;
  requirements: string;
  preferred: string;
}

const EMPTY: FormValues = {
  companyName: '',
  companyNameEn: '',
  careersUrl: '',
  title: '',
  employmentType: 'FULL_TIME',
  experienceLevel: 'ANY',
  experienceMin: '',
  experienceMax: '',
  location: '',
  workMode: 'ONSITE',
  salaryMinMan: '',
  salaryMaxMan: '',
  requiredSkills: '',
  preferredSkills: '',
  postedAt: '',
  validThrough: '',
  sourceUrl: '',
  active: true,
  description: '',
  requirements: '',
  preferred: '',
};

function fromDetail(p: JobPostingDetail): FormValues {
  const man = (v: number | null) => (v === null ? '' : String(Math.round(v / 10_000)));
  return {
    companyName: p.company.name,
    companyNameEn: p.company.nameEn ?? '',
    careersUrl: p.company.careersUrl ?? '',
    title: p.title,
    employmentType: p.employmentType,
    experienceLevel: p.experienceLevel,
    experienceMin: String(p.experienceMin),
    experienceMax: p.experienceMax === null ? '' : String(p.experienceMax),
    location: p.location,
    workMode: p.workMode,
    salaryMinMan: man(p.salaryMin),
    salaryMaxMan: man(p.salaryMax),
    requiredSkills: p.requiredSkills.map((s) => s.name).join(', '),
    preferredSkills: p.preferredSkills.map((s) => s.name).join(', '),
    postedAt: seoulDate(new Date(p.postedAt)),
    validThrough: p.validThrough ? seoulDate(new Date(p.validThrough)) : '',
    sourceUrl: p.sourceUrl,
    active: p.active,
    description: p.description,
    requirements: p.requirements,
    preferred: p.preferred,
  };
}

const num = (v: string) => (v.trim() === '' ? null : Number(v));
const list = (v: string) =>
  v
    .split(/[,|\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

function toInput(v: FormValues): JobPostingInput {
  const salary = (man: string) => (num(man) === null ? null : Math.round(num(man)! * 10_000));
  return {
    company: { name: v.companyName, nameEn: v.companyNameEn || undefined, careersUrl: v.careersUrl || undefined },
    title: v.title,
    description: v.description,
    requirements: v.requirements,
    preferred: v.preferred,
    employmentType: v.employmentType as JobPostingInput['employmentType'],
    experienceLevel: v.experienceLevel as JobPostingInput['experienceLevel'],
    experienceMin: num(v.experienceMin),
    experienceMax: num(v.experienceMax),
    location: v.location,
    workMode: v.workMode as JobPostingInput['workMode'],
    salaryMin: salary(v.salaryMinMan),
    salaryMax: salary(v.salaryMaxMan),
    requiredSkills: list(v.requiredSkills),
    preferredSkills: list(v.preferredSkills),
    ...(v.postedAt ? { postedAt: v.postedAt } : {}),
    validThrough: v.validThrough || null,
    sourceUrl: v.sourceUrl,
    active: v.active,
  };
}

/** Contract issue path → form field. */
const FIELD_OF: Record<string, keyof FormValues> = {
  'company.name': 'companyName',
  'company.nameEn': 'companyNameEn',
  'company.careersUrl': 'careersUrl',
  salaryMin: 'salaryMinMan',
  salaryMax: 'salaryMaxMan',
};

export default function AdminPostingFormPage() {
  const { t } = useTranslation('job-postings');
  const locale = useLocale();
  const { postingId } = useParams();
  const auth = useAuth();
  const detail = useJobDetail(postingId ?? null, auth.isAuthenticated);
  const save = useSavePosting(postingId);
  const navigate = useNavigate();
  const form = useForm<FormValues>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (detail.data) reset(fromDetail(detail.data));
  }, [detail.data, reset]);

  if (postingId && detail.isPending) return <LoadingState />;
  if (postingId && detail.isError) return <ErrorMessage variant="state" error={detail.error} onRetry={() => void detail.refetch()} />;

  const submit = form.handleSubmit(async (v) => {
    const input = toInput(v);
    const parsed = jobPostingInput.safeParse(input, { error: formErrorMap });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        const field = FIELD_OF[path] ?? (path.split('.')[0] as keyof FormValues);
        // the contract's form catalogue, in the UI's language (never zod's English or a raw key)
        if (field in EMPTY) form.setError(field, { message: formText(formIssueKey(issue), locale) });
      }
      return;
    }
    try {
      const saved = await save.mutateAsync(input);
      toast.success(t('admin.form.saved'));
      navigate(`/ignition/navigator/${saved.id}`);
    } catch (e) {
      placeServerFieldErrors(e, form, (path) => FIELD_OF[path] ?? path);
    }
  });

  const text = (name: keyof FormValues, label: string, opts: { type?: string; required?: boolean; hint?: string; max?: number } = {}) => (
    <Field
      label={label}
      error={fieldError(t, errors[name]?.message)}
      hint={opts.hint}
      optional={opts.required ? undefined : t('common.optional', { ns: 'translation' })}
    >
      <input className="input" type={opts.type ?? 'text'} maxLength={opts.max} {...form.register(name)} />
    </Field>
  );
  const select = (name: keyof FormValues, label: string, values: readonly string[], ns: string) => (
    <Field label={label}>
      <select className="input" {...form.register(name)}>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${ns}.${v}`)}
          </option>
        ))}
      </select>
    </Field>
  );
  const area = (name: keyof FormValues, label: string, rows = 6) => (
    <Field label={label} error={fieldError(t, errors[name]?.message)} optional={t('common.optional', { ns: 'translation' })}>
      <textarea className="input" rows={rows} {...form.register(name)} />
    </Field>
  );

  return (
    <section aria-labelledby="posting-form-title" className="jn-admin">
      <BackLink to="/admin/jobs">{t('admin.runs.back')}</BackLink>
      <h1 id="posting-form-title">{postingId ? t('admin.form.editTitle') : t('admin.form.newTitle')}</h1>
      <form className="form jn-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="jn-form__group">
          <legend>{t('admin.form.company')}</legend>
          {text('companyName', t('admin.form.companyName'), { required: true, max: 100 })}
          {text('companyNameEn', t('admin.form.companyNameEn'), { max: 100 })}
          {text('careersUrl', t('admin.form.careersUrl'), { type: 'url' })}
        </fieldset>
        <fieldset className="jn-form__group">
          <legend>{t('admin.form.posting')}</legend>
          {text('title', t('admin.form.title'), { required: true, max: 200 })}
          {text('sourceUrl', t('admin.form.sourceUrl'), { type: 'url', required: true, hint: t('admin.form.sourceUrlHint') })}
          {select('employmentType', t('detail.employment'), EMPLOYMENT_TYPES, 'employment')}
          {select('experienceLevel', t('detail.experience'), EXPERIENCE_LEVELS, 'experience')}
          {text('experienceMin', t('admin.form.experienceMin'), { type: 'number', hint: t('admin.form.experienceHint') })}
          {text('experienceMax', t('admin.form.experienceMax'), { type: 'number' })}
          {select('workMode', t('detail.workMode'), WORK_MODES, 'workMode')}
          {text('location', t('detail.location'), { max: 100 })}
          {text('salaryMinMan', t('admin.form.salaryMin'), { type: 'number' })}
          {text('salaryMaxMan', t('admin.form.salaryMax'), { type: 'number' })}
          {text('requiredSkills', t('match.required'), { hint: t('admin.form.skillsHint') })}
          {text('preferredSkills', t('match.preferred'), { hint: t('admin.form.skillsHint') })}
          {text('postedAt', t('detail.posted'), { type: 'date' })}
          {text('validThrough', t('detail.deadline'), { type: 'date', hint: t('admin.form.deadlineHint') })}
          <label className="jn-check">
            <input type="checkbox" {...form.register('active')} />
            <span>{t('admin.form.active')}</span>
          </label>
        </fieldset>
        <fieldset className="jn-form__group">
          <legend>{t('admin.form.texts')}</legend>
          {area('description', t('detail.description'), 8)}
          {area('requirements', t('detail.requirements'))}
          {area('preferred', t('detail.preferred'))}
        </fieldset>
        <ErrorMessage error={save.error} />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {t('admin.form.save')}
          </button>
          <Link to="/admin/jobs" className="btn btn-ghost">
            {t('common.cancel', { ns: 'translation' })}
          </Link>
        </div>
      </form>
    </section>
  );
}
