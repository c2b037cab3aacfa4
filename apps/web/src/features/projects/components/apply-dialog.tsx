/**
 * The application form for one open position (useContractForm over the contract's projectApplyBody):
 * a short introduction, the motivation, the skills the applicant brings and optional GitHub,
 * portfolio and blog links (typed as people do: "github.com/me" is fine). The owner sees all of
 * it at a glance in the applications inbox. On the shared Dialog: the body scrolls, the buttons
 * stay in view.
 */
import { PROJECT_LIMITS as L, type Project } from '@moim/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { Field } from '../../../shared/ui/field';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { useContractForm } from '../../../shared/ui/use-contract-form';
import { toast } from '../../../shared/toast/toast';
import { useApply } from '../api/projects-api';
import { projectFieldError } from '../lib/field-errors';
import { Dialog } from '../../../shared/ui/dialog';
import { TagInput } from './tag-input';
import '../projects.css';

/** The contract's projectApplyBody, loaded on the first validation (zod stays out of this chunk). */
const applySchema = () => import('../lib/project-schema').then((m) => m.projectApplyBody);

export function ApplyDialog({ project, positionId, onClose }: { project: Project; positionId: string | null; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const { t: tc } = useTranslation();
  const apply = useApply(project.id);
  const open = project.positions.filter((p) => p.open);
  const form = useContractForm(applySchema, {
    values: {
      positionId: positionId ?? open[0]?.id ?? '',
      introduction: '',
      motivation: '',
      skills: [],
      links: { github: '', portfolio: '', blog: '' },
    },
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState } = form;
  const e = formState.errors;
  const err = (m: string | undefined) => projectFieldError(t, m);

  const submit = handleSubmit(async (body) => {
    const ok = await apply.mutateAsync(body).catch((error: unknown) => void placeServerFieldErrors(error, form));
    if (!ok) return;
    toast.success(t('apply.sent'));
    form.reset();
    onClose();
  });

  return (
    <Dialog
      open={positionId !== null}
      title={t('apply.title')}
      width="wide"
      busy={apply.isPending}
      onClose={onClose}
      onSubmit={(ev) => void submit(ev)}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('apply.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={apply.isPending}>
            {t('apply.submit')}
          </button>
        </>
      }
    >
      <p className="muted" data-user-content="">
        {project.name}
      </p>
      <Field label={t('apply.position')} error={err(e.positionId?.message)}>
        <select className="pj-apply__select" {...register('positionId')}>
          {open.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({t('detail.seats', { filled: p.filledCount, required: p.requiredCount })})
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('apply.introduction')} hint={t('apply.introductionHint')} error={err(e.introduction?.message)}>
        <textarea rows={3} maxLength={L.introductionMax} {...register('introduction')} />
      </Field>
      <Field label={t('apply.motivation')} error={err(e.motivation?.message)}>
        <textarea rows={3} maxLength={L.motivationMax} {...register('motivation')} />
      </Field>
      <Controller
        control={form.control}
        name="skills"
        render={({ field }) => (
          <TagInput
            label={t('apply.skills')}
            values={field.value ?? []}
            onChange={field.onChange}
            max={L.skillsMax}
            maxLength={L.skillMax}
            hint={t('apply.skillsHint')}
            error={err(e.skills?.message ?? e.skills?.root?.message)}
          />
        )}
      />
      <Field label={t('apply.github')} optional={tc('common.optional')} hint={t('apply.linksHint')} error={err(e.links?.github?.message)}>
        <input type="url" inputMode="url" autoComplete="url" placeholder="github.com/…" {...register('links.github')} />
      </Field>
      <Field label={t('apply.portfolio')} optional={tc('common.optional')} error={err(e.links?.portfolio?.message)}>
        <input type="url" inputMode="url" placeholder="https://…" {...register('links.portfolio')} />
      </Field>
      <Field label={t('apply.blog')} optional={tc('common.optional')} error={err(e.links?.blog?.message)}>
        <input type="url" inputMode="url" placeholder="velog.io/@…" {...register('links.blog')} />
      </Field>
      <ErrorMessage error={apply.error} />
    </Dialog>
  );
}
