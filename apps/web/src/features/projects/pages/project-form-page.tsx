/**
 * /project/new and /project/{slug}/edit (login required): one form in sections, validated with
 * the server's own schema (projectBody through useContractForm), at least one position with at least
 * one required skill. New: save as a draft or publish. Edit: only the owner or an admin (the
 * server refuses anyone else; the page says so); a draft can be saved and published at once.
 */
import { MEETING_TYPES, PROJECT_LIMITS as L, PROJECT_TYPES, type Project, type ProjectBodyInput } from '@moim/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { toast } from '../../../shared/toast/toast';
import { Field } from '../../../shared/ui/field';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { useContractForm } from '../../../shared/ui/use-contract-form';
import { EmptyState, LoadingState } from '../../../shared/ui/states';
import { projectOptions, useCreateProject, useMoveProject, useReplaceProject } from '../api/projects-api';
import { PositionsEditor, StackEditor } from '../components/form-editors';
import { RichTextEditor } from '../components/rich-text-editor';
import { TagInput } from '../components/tag-input';
import { projectFieldError } from '../lib/field-errors';
import { projectPath } from '../lib/paths';
import '../projects.css';
import '../components/form.css';

const EMPTY: ProjectBodyInput = {
  name: '',
  tagline: '',
  description: '',
  vision: '',
  type: 'SIDE_PROJECT',
  positions: [{ name: '', requiredCount: 1, requiredSkills: [], preferredSkills: [], responsibilities: '' }],
  techStack: [],
  meeting: { type: 'ONLINE', frequency: '', region: '' },
  recruitmentDeadline: '',
  startDate: '',
  expectedDuration: '',
  collaborationTools: [],
  compensation: '',
  links: { repository: '', demo: '', contact: '' },
};

/** The form's values for an existing project. */
function toForm(p: Project): ProjectBodyInput {
  return {
    name: p.name,
    tagline: p.tagline,
    description: p.description,
    vision: p.vision,
    type: p.type,
    positions: p.positions.map((x) => ({
      id: x.id,
      name: x.name,
      requiredCount: x.requiredCount,
      requiredSkills: x.requiredSkills,
      preferredSkills: x.preferredSkills,
      responsibilities: x.responsibilities,
    })),
    techStack: p.techStack,
    meeting: p.meeting,
    recruitmentDeadline: p.recruitmentDeadline ?? '',
    startDate: p.startDate ?? '',
    expectedDuration: p.expectedDuration,
    collaborationTools: p.collaborationTools,
    compensation: p.compensation,
    links: { repository: p.links.repository ?? '', demo: p.links.demo ?? '', contact: p.links.contact ?? '' },
  };
}

/**
 * The contract's projectBody, loaded on the first validation: zod and the schemas stay out of the
 * page's own chunk (GUIDE §7 route budget).
 */
const projectSchema = () => import('../lib/project-schema').then((m) => m.projectBody);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="pj-form-section card" aria-labelledby={id}>
      <h2 id={id} className="pj-h2">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function ProjectFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation('projects');
  const { slug = '' } = useParams();
  const existing = useQuery({ ...projectOptions(slug), enabled: mode === 'edit' });
  if (mode === 'new') return <ProjectForm />;
  if (existing.isPending) return <LoadingState />;
  if (existing.isError) {
    const missing = existing.error instanceof ApiError && existing.error.status === 404;
    return (
      <div className="page pj-page">
        <div className="container">
          {missing ? (
            <EmptyState title={t('detail.notFound')} />
          ) : (
            <ErrorMessage variant="state" error={existing.error} onRetry={() => void existing.refetch()} />
          )}
        </div>
      </div>
    );
  }
  const p = existing.data;
  if (!p.viewer?.canManage || p.status === 'CANCELLED') {
    return (
      <div className="page pj-page">
        <div className="container">
          <EmptyState title={p.status === 'CANCELLED' ? t('form.cancelledNotice') : t('form.notOwner')}>
            <Link to={projectPath(p.slug)} className="btn btn-secondary">
              {p.name}
            </Link>
          </EmptyState>
        </div>
      </div>
    );
  }
  return <ProjectForm project={p} />;
}

function ProjectForm({ project }: { project?: Project }) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const create = useCreateProject();
  const replace = useReplaceProject(project?.id ?? '');
  const [serverError, setServerError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const move = useMoveProject(project?.id ?? '');
  const form = useContractForm(projectSchema, {
    defaultValues: project ? toForm(project) : EMPTY,
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState } = form;
  const e = formState.errors;
  const err = (m: string | undefined) => projectFieldError(t, m);
  const meeting = useWatch({ control, name: 'meeting.type' });
  const filled = useMemo(() => new Map((project?.positions ?? []).map((p) => [p.id, p.filledCount])), [project]);
  const descId = useId();

  /** Field errors the server found (e.g. a deadline in the past) go next to their fields. */
  const showServerError = (error: unknown) => {
    placeServerFieldErrors(error, form, (path) => path.replace(/^project\./, ''));
    setServerError(error);
  };

  const save = (publish: boolean) =>
    handleSubmit(async (body) => {
      setServerError(null);
      setBusy(true);
      try {
        let saved: Project;
        if (!project) {
          saved = await create.mutateAsync({ project: body, publish });
        } else {
          saved = await replace.mutateAsync(body);
          if (publish) saved = await move.mutateAsync('PUBLISH');
        }
        toast.success(publish ? t('form.published') : project ? t('form.saved') : t('form.savedDraft'));
        navigate(projectPath(saved.slug));
      } catch (error) {
        showServerError(error);
      } finally {
        setBusy(false);
      }
    });

  const hasErrors = Object.keys(e).length > 0;
  return (
    <div className="page pj-page">
      <div className="container pj-form-wrap">
        <header className="pj-listhead">
          <div>
            <p className="pj-eyebrow">{t('list.eyebrow')}</p>
            <h1 className="pj-h1">{project ? t('form.editTitle') : t('form.newTitle')}</h1>
            {!project && <p className="muted pj-lead">{t('form.newLead')}</p>}
          </div>
        </header>
        <form className="form pj-form" noValidate onSubmit={(ev) => ev.preventDefault()}>
          {serverError ? (
            <ErrorMessage error={serverError} />
          ) : (
            hasErrors && (
              <div className="form-message form-message--error" role="alert">
                {t('form.errorsTitle')}
              </div>
            )
          )}

          <Section title={t('form.sections.basics')}>
            <Field label={t('form.name')} error={err(e.name?.message)}>
              <input maxLength={L.nameMax} autoComplete="off" {...register('name')} />
            </Field>
            <Field label={t('form.tagline')} error={err(e.tagline?.message)}>
              <input maxLength={L.taglineMax} {...register('tagline')} />
            </Field>
            <fieldset className="pj-radios">
              <legend className="field__label">{t('form.type')}</legend>
              {PROJECT_TYPES.map((ty) => (
                <label key={ty} className="pj-radio">
                  <input type="radio" value={ty} {...register('type')} />
                  <span>
                    <strong>{t(`type.${ty}`)}</strong>
                    <span className="muted">{t(`typeHint.${ty}`)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          </Section>

          <Section title={t('form.sections.story')}>
            <div className={`field${e.description ? ' field--error' : ''}`}>
              <span id={`${descId}-label`} className="field__label">
                {t('form.description')}
              </span>
              <Controller
                control={control}
                name="description"
                render={({ field }) => (
                  <RichTextEditor
                    id={`${descId}-editor`}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    labelledBy={`${descId}-label`}
                    describedBy={`${descId}-hint`}
                    invalid={!!e.description}
                  />
                )}
              />
              <div id={`${descId}-hint`} className="field__hint">
                {t('form.descriptionHint')}
              </div>
              {e.description && (
                <p className="field__error" role="alert">
                  {err(e.description.message)}
                </p>
              )}
            </div>
            <Field label={t('form.vision')} hint={t('form.visionHint')} error={err(e.vision?.message)}>
              <textarea rows={3} maxLength={L.visionMax} {...register('vision')} />
            </Field>
          </Section>

          <Section title={t('form.sections.positions')}>
            <PositionsEditor form={form} filled={filled} />
          </Section>

          <Section title={t('form.sections.stack')}>
            <StackEditor form={form} />
          </Section>

          <Section title={t('form.sections.schedule')}>
            <fieldset className="pj-radios pj-radios--inline">
              <legend className="field__label">{t('form.meetingType')}</legend>
              {MEETING_TYPES.map((m) => (
                <label key={m} className="pj-radio">
                  <input type="radio" value={m} {...register('meeting.type')} />
                  <span>{t(`meeting.${m}`)}</span>
                </label>
              ))}
            </fieldset>
            <div className="pj-grid2">
              <Field label={t('form.frequency')} error={err(e.meeting?.frequency?.message)}>
                <input maxLength={L.frequencyMax} placeholder={t('form.frequencyPlaceholder')} {...register('meeting.frequency')} />
              </Field>
              {meeting !== 'ONLINE' && (
                <Field label={t('form.region')} error={err(e.meeting?.region?.message)}>
                  <input maxLength={L.regionMax} placeholder={t('form.regionPlaceholder')} {...register('meeting.region')} />
                </Field>
              )}
            </div>
            <div className="pj-grid2">
              <Field label={t('form.deadline')} hint={t('form.deadlineHint')} error={err(e.recruitmentDeadline?.message)}>
                <input type="date" {...register('recruitmentDeadline')} />
              </Field>
              <Field label={t('form.startDate')} error={err(e.startDate?.message)}>
                <input type="date" {...register('startDate')} />
              </Field>
            </div>
            <Field label={t('form.duration')} error={err(e.expectedDuration?.message)}>
              <input maxLength={L.durationMax} placeholder={t('form.durationPlaceholder')} {...register('expectedDuration')} />
            </Field>
            <Controller
              control={control}
              name="collaborationTools"
              render={({ field }) => (
                <TagInput
                  id="project-tools"
                  label={t('form.tools')}
                  values={field.value ?? []}
                  onChange={field.onChange}
                  max={L.toolsMax}
                  maxLength={L.toolMax}
                  placeholder={t('form.toolsPlaceholder')}
                  hint={t('form.skillsHint')}
                  error={err((e.collaborationTools as { message?: string } | undefined)?.message)}
                />
              )}
            />
          </Section>

          <Section title={t('form.sections.links')}>
            <Field label={t('form.compensation')} error={err(e.compensation?.message)}>
              <input maxLength={L.compensationMax} placeholder={t('form.compensationPlaceholder')} {...register('compensation')} />
            </Field>
            <Field label={t('form.repository')} error={err(e.links?.repository?.message)}>
              <input type="url" inputMode="url" placeholder="https://github.com/…" {...register('links.repository')} />
            </Field>
            <Field label={t('form.demo')} error={err(e.links?.demo?.message)}>
              <input type="url" inputMode="url" placeholder="https://…" {...register('links.demo')} />
            </Field>
            <Field label={t('form.contact')} error={err(e.links?.contact?.message)}>
              <input inputMode="url" placeholder="mailto:me@example.com" {...register('links.contact')} />
            </Field>
          </Section>

          <div className="pj-form-actions">
            {!project ? (
              <>
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void save(false)()}>
                  {busy ? t('form.saving') : t('form.saveDraft')}
                </button>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save(true)()}>
                  {t('form.publish')}
                </button>
              </>
            ) : (
              <>
                <Link to={projectPath(project.slug)} className="btn btn-ghost">
                  {t('owner.cancel')}
                </Link>
                <button
                  type="button"
                  className={`btn ${project.status === 'DRAFT' ? 'btn-secondary' : 'btn-primary'}`}
                  disabled={busy}
                  onClick={() => void save(false)()}
                >
                  {busy ? t('form.saving') : t('form.save')}
                </button>
                {project.status === 'DRAFT' && (
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save(true)()}>
                    {t('form.saveAndPublish')}
                  </button>
                )}
              </>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}
