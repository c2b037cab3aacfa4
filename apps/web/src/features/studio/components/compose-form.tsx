/**
 * What to analyse: pasted markdown (editor with preview) or the URL of a published post, with
 * purpose, audience and reviewer tone. Guests add an e-mail address and consent for their one
 * trial. Validation uses the contract's text and URL rules.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { STUDIO_LIMITS, STUDIO_PURPOSES, STUDIO_TONES, type StudioSubmissionInput, studioText, studioUrl } from '@moim/contract';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { z } from 'zod';
import { readSession, writeSession } from '../../../shared/storage';
import { Field } from '../../../shared/ui/field';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { MarkdownEditor } from './markdown-editor';
import { TonePicker } from './tone-picker';
import './compose-form.css';

const DRAFT_KEY = 'studio-documentor-draft';
const TEMPLATES = ['readme', 'retro', 'proposal'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const formSchema = z.object({
  source: z.enum(['TEXT', 'URL']),
  text: z.string(),
  url: z.string(),
  title: z.string().max(STUDIO_LIMITS.titleMax, 'titleLong'),
  purpose: z.enum(STUDIO_PURPOSES),
  audience: z.string().max(STUDIO_LIMITS.audienceMax, 'audienceLong'),
  tone: z.enum(STUDIO_TONES),
  guest: z.boolean(),
  email: z.string(),
  consent: z.boolean(),
});
export type ComposeValues = z.infer<typeof formSchema>;

const checked = formSchema.superRefine((v, ctx) => {
  if (v.source === 'TEXT') {
    const r = studioText.safeParse(v.text);
    if (!r.success)
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message:
          v.text.trim().length < STUDIO_LIMITS.textMin ? 'textShort' : v.text.length > STUDIO_LIMITS.textMax ? 'textLong' : 'textChars',
      });
  } else if (!studioUrl.safeParse(v.url).success) ctx.addIssue({ code: 'custom', path: ['url'], message: 'url' });
  if (v.guest) {
    if (!EMAIL.test(v.email.trim())) ctx.addIssue({ code: 'custom', path: ['email'], message: 'email' });
    if (!v.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: 'consent' });
  }
});

export function toSubmission(v: ComposeValues, locale: 'ko' | 'en'): StudioSubmissionInput {
  const common = {
    purpose: v.purpose,
    audience: v.audience.trim(),
    tone: v.tone,
    locale,
    ...(v.title.trim() ? { title: v.title.trim() } : {}),
  };
  return v.source === 'TEXT' ? { source: 'TEXT', text: v.text, ...common } : { source: 'URL', url: v.url.trim(), ...common };
}

interface Props {
  guest: boolean;
  busy: boolean;
  initialText?: string | undefined;
  /** a rejection with the server's field errors puts them on their fields (the page shows the message) */
  onSubmit: (values: ComposeValues) => Promise<unknown>;
}

export function ComposeForm({ guest, busy, initialText, onSubmit }: Props) {
  const { t } = useTranslation('studio');
  const defaults = useMemo<ComposeValues>(
    () => ({
      source: 'TEXT',
      text: initialText ?? readSession(DRAFT_KEY) ?? '',
      url: '',
      title: '',
      purpose: 'OTHER',
      audience: '',
      tone: 'WARM_MENTOR',
      guest,
      email: '',
      consent: false,
    }),
    [guest, initialText],
  );
  const form = useForm<ComposeValues>({ resolver: zodResolver(checked), defaultValues: defaults });
  const source = useWatch({ control: form.control, name: 'source' });
  const { errors } = form.formState;
  // the form's own rules are keys of form.errors; the server's field errors are its own text
  const err = (e: { type?: string; message?: string } | undefined) =>
    !e?.message
      ? undefined
      : e.type === 'server'
        ? e.message
        : t(`form.errors.${e.message}`, { min: STUDIO_LIMITS.textMin, max: STUDIO_LIMITS.textMax });
  const submit = form.handleSubmit((v) => onSubmit(v).catch((error: unknown) => void placeServerFieldErrors(error, form)));

  return (
    <form className="compose form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="compose-title">
      <h2 id="compose-title" className="visually-hidden">
        {t('form.title')}
      </h2>
      <fieldset className="compose__source">
        <legend className="field__label">{t('form.source')}</legend>
        {(['TEXT', 'URL'] as const).map((s) => (
          <label key={s} className={`seg${source === s ? ' seg--on' : ''}`}>
            <input type="radio" value={s} {...form.register('source')} className="visually-hidden" />
            {t(`form.source${s}`)}
          </label>
        ))}
      </fieldset>

      {source === 'TEXT' ? (
        <>
          <div className="compose__templates" role="group" aria-label={t('documentor.templates')}>
            {TEMPLATES.map((k) => (
              <button
                key={k}
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => form.setValue('text', t(`documentor.template.${k}.body`), { shouldDirty: true })}
              >
                {t(`documentor.template.${k}.name`)}
              </button>
            ))}
          </div>
          <Controller
            control={form.control}
            name="text"
            render={({ field }) => (
              <MarkdownEditor
                label={t('form.text')}
                value={field.value}
                name={field.name}
                onBlur={field.onBlur}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  writeSession(DRAFT_KEY, e.target.value);
                }}
                placeholder={t('documentor.placeholder')}
                error={err(errors.text)}
              />
            )}
          />
        </>
      ) : (
        <Field label={t('form.url')} hint={t('form.urlHint')} error={err(errors.url)}>
          <input className="input" type="url" inputMode="url" placeholder="https://" autoComplete="url" {...form.register('url')} />
        </Field>
      )}

      <div className="compose__row">
        <Field label={t('form.titleField')} optional={t('form.optional')} error={err(errors.title)}>
          <input className="input" {...form.register('title')} />
        </Field>
        <Field label={t('form.purpose')}>
          <select className="input" {...form.register('purpose')}>
            {STUDIO_PURPOSES.map((p) => (
              <option key={p} value={p}>
                {t(`purpose.${p}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label={t('form.audience')} optional={t('form.optional')} hint={t('form.audienceHint')} error={err(errors.audience)}>
        <input className="input" {...form.register('audience')} />
      </Field>
      <Controller
        control={form.control}
        name="tone"
        render={({ field }) => <TonePicker name={field.name} value={field.value} onChange={field.onChange} />}
      />

      {guest && (
        <div className="compose__trial card">
          <p className="compose__trial-lead">{t('trial.lead')}</p>
          <Field label={t('trial.email')} error={err(errors.email)}>
            <input className="input" type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </Field>
          <label className="check">
            <input type="checkbox" {...form.register('consent')} aria-invalid={errors.consent ? true : undefined} />
            <span>{t('trial.consent')}</span>
          </label>
          {errors.consent && (
            <p className="field__error" role="alert">
              {err(errors.consent)}
            </p>
          )}
        </div>
      )}

      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} data-testid="studio-submit">
        {busy ? t('form.submitting') : guest ? t('trial.submit') : t('form.submit')}
      </button>
    </form>
  );
}
