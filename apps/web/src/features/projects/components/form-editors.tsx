/** The repeating parts of the project form: positions (with skills) and the tech stack by category. */
import { PROJECT_LIMITS as L, TECH_CATEGORIES, type ProjectBody, type ProjectBodyInput, type TechCategory } from '@moim/contract';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { Field } from '../../../shared/ui/field';
import { projectFieldError } from '../lib/field-errors';
import { TagInput } from './tag-input';
import '../projects.css';
import './form.css';

type Form = UseFormReturn<ProjectBodyInput, unknown, ProjectBody>;

const blankPosition = () => ({
  name: '',
  requiredCount: 1,
  requiredSkills: [] as string[],
  preferredSkills: [] as string[],
  responsibilities: '',
});

export function PositionsEditor({ form, filled }: { form: Form; filled: Map<string, number> }) {
  const { t } = useTranslation('projects');
  const { control, register, formState } = form;
  const positions = useFieldArray({ control, name: 'positions', keyName: 'key' });
  const errors = (formState.errors.positions ?? []) as FieldErrors<ProjectBodyInput>['positions'] & {
    message?: string;
    root?: { message?: string };
  };
  const err = (m: string | undefined) => projectFieldError(t, m);
  return (
    <div className="pj-positions-editor">
      {positions.fields.map((f, i) => {
        const e = (errors as Record<number, FieldErrors<NonNullable<ProjectBodyInput['positions']>[number]>> | undefined)?.[i];
        const id = form.getValues(`positions.${i}.id`);
        const taken = id ? (filled.get(id) ?? 0) : 0;
        return (
          <fieldset key={f.key} className="pj-position-edit card">
            <legend className="pj-position-edit__legend">{t('form.position', { n: i + 1 })}</legend>
            <div className="pj-grid2">
              <Field label={t('form.positionName')} error={err(e?.name?.message)}>
                <input maxLength={L.positionNameMax} {...register(`positions.${i}.name`)} />
              </Field>
              <Field
                label={t('form.requiredCount')}
                hint={taken ? t('form.filledNote', { count: taken }) : undefined}
                error={err(e?.requiredCount?.message)}
              >
                <input
                  type="number"
                  min={Math.max(1, taken)}
                  max={L.requiredCountMax}
                  inputMode="numeric"
                  {...register(`positions.${i}.requiredCount`, { valueAsNumber: true })}
                />
              </Field>
            </div>
            <Controller
              control={control}
              name={`positions.${i}.requiredSkills`}
              render={({ field }) => (
                <TagInput
                  id={`position-${i}-required`}
                  label={t('form.requiredSkills')}
                  values={field.value ?? []}
                  onChange={field.onChange}
                  max={L.skillsMax}
                  maxLength={L.skillMax}
                  hint={t('form.skillsHint')}
                  error={err(
                    e?.requiredSkills?.message ?? (e?.requiredSkills as { root?: { message?: string } } | undefined)?.root?.message,
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name={`positions.${i}.preferredSkills`}
              render={({ field }) => (
                <TagInput
                  id={`position-${i}-preferred`}
                  label={t('form.preferredSkills')}
                  values={field.value ?? []}
                  onChange={field.onChange}
                  max={L.skillsMax}
                  maxLength={L.skillMax}
                  error={err(e?.preferredSkills?.message)}
                />
              )}
            />
            <Field label={t('form.responsibilities')} error={err(e?.responsibilities?.message)}>
              <textarea rows={2} maxLength={L.responsibilitiesMax} {...register(`positions.${i}.responsibilities`)} />
            </Field>
            {positions.fields.length > 1 && taken === 0 && (
              <button type="button" className="btn btn-ghost pj-danger-text" onClick={() => positions.remove(i)}>
                {t('form.removePosition', { n: i + 1 })}
              </button>
            )}
          </fieldset>
        );
      })}
      {(errors?.message || errors?.root?.message) && (
        <p className="field__error" role="alert">
          {err(errors.message ?? errors.root?.message)}
        </p>
      )}
      {positions.fields.length < L.positionsMax && (
        <button type="button" className="btn btn-secondary" onClick={() => positions.append(blankPosition())}>
          + {t('form.addPosition')}
        </button>
      )}
    </div>
  );
}

export function StackEditor({ form }: { form: Form }) {
  const { t } = useTranslation('projects');
  const id = useId();
  const stack = useFieldArray({ control: form.control, name: 'techStack', keyName: 'key' });
  const [category, setCategory] = useState<TechCategory>('FRONTEND');
  const [name, setName] = useState('');
  const values = useWatch({ control: form.control, name: 'techStack' }) ?? [];
  const add = () => {
    const n = name.trim().slice(0, L.techNameMax);
    if (!n || values.some((s) => s.name.toLowerCase() === n.toLowerCase()) || values.length >= L.techStackMax) return;
    stack.append({ category, name: n });
    setName('');
  };
  const error = projectFieldError(
    t,
    (form.formState.errors.techStack as { message?: string; root?: { message?: string } } | undefined)?.message,
  );
  return (
    <div className="pj-stack-editor">
      <div className="pj-stack-editor__add">
        <div className="field">
          <label htmlFor={`${id}-cat`} className="field__label">
            {t('form.stackCategory')}
          </label>
          <select id={`${id}-cat`} value={category} onChange={(e) => setCategory(e.target.value as TechCategory)}>
            {TECH_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`} className="field__label">
            {t('form.stackName')}
          </label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={L.techNameMax}
            placeholder="React"
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </div>
        <button type="button" className="btn btn-secondary" onClick={add}>
          {t('form.stackAdd')}
        </button>
      </div>
      {stack.fields.length === 0 ? (
        <p className="muted">{t('form.stackEmpty')}</p>
      ) : (
        <ul className="pj-chips">
          {stack.fields.map((s, i) => (
            <li key={s.key} className="pj-chip pj-chip--removable">
              <span className="muted">{t(`category.${s.category}`)}</span> {s.name}
              <button
                type="button"
                className="pj-chip__x"
                aria-label={t('form.stackRemove', { name: s.name })}
                onClick={() => stack.remove(i)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
