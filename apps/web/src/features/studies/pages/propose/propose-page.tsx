/**
 * /study/propose (login required): a five-step proposal form validated with the server's own
 * schema (studyProposalBody through useContractForm) and cross-field rules (studyScheduleIssues). Each
 * step lists its rules, ticked live as the user types; "next" checks the step's fields. The
 * draft survives a reload (sessionStorage).
 */
import {
  COST_TYPES,
  LOCATION_TYPES,
  RECURRENCE_TYPES,
  STUDY_LIMITS as L,
  STUDY_TYPES,
  WEEKDAYS,
  addDays,
  generateSessionDates,
  seoulDate,
  snapPeriodToSessions,
  weekdayOf,
  studyProposalBody,
  type StudyProposalInput,
} from '@moim/contract';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../shared/i18n';
import { useNavigate } from 'react-router';
import { readSession, removeSession, writeSession } from '../../../../shared/storage';
import { toast } from '../../../../shared/toast/toast';
import { useProposeStudy } from '../../api/studies-api';
import { studyChanged, uploadCover } from '../../api/cover-api';
import { useQueryClient } from '@tanstack/react-query';
import { type ChosenCover, ProposeCover } from './propose-cover';
import { Field, FieldGroup } from '../../../../shared/ui/field';
import { formatDate, formatKrw, formatTimeRange } from '../../../../shared/lib/format';
import { studyPath } from '../../lib/paths';
import { sessionSpanText } from '../../components/session-span';
import { useLocale } from '../../lib/use-locale';
import { crossFieldIssues, crossIssueKey, issuePaths, ruleBroken, STEP_FIELDS, STEPS, stepRules, type Step } from './proposal-rules';
import { ErrorMessage } from '../../../../shared/ui/error-message';
import { placeServerFieldErrors } from '../../../../shared/ui/server-field-errors';
import { useContractForm } from '../../../../shared/ui/use-contract-form';
import '../../studies.css';

const DRAFT_KEY = 'moim.study-proposal-draft';

function defaults(now: Date): StudyProposalInput {
  const today = seoulDate(now);
  // the first Wednesday two weeks away, to the eighth: a period from the first session to the last
  let start = addDays(today, 14);
  while (weekdayOf(start) !== 'WED') start = addDays(start, 1);
  return {
    title: '',
    generation: 1,
    tagline: '',
    type: 'PARTICIPATORY',
    welcomeMessage: '',
    scheduleDetails: { weekdays: ['WED'], startTime: '20:00', endTime: '22:00', timezone: 'Asia/Seoul' },
    location: { type: 'ONLINE', address: '' },
    capacity: 8,
    recruitDeadline: addDays(start, -1),
    startDate: start,
    endDate: addDays(start, 49),
    recurrenceType: 'WEEKLY',
    costType: 'FREE',
    cost: 0,
    costDescription: '',
    questions: [],
    paymentDeadlineHours: L.paymentDeadlineHoursDefault,
  };
}

function loadDraft(now: Date): StudyProposalInput {
  const base = defaults(now);
  try {
    const raw = readSession(DRAFT_KEY);
    return raw ? { ...base, ...(JSON.parse(raw) as Partial<StudyProposalInput>) } : base;
  } catch {
    return base;
  }
}

export function get(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

export default function ProposePage() {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const [step, setStep] = useState<Step>('basics');
  const [initial] = useState(() => loadDraft(now));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const propose = useProposeStudy();
  const qc = useQueryClient();
  const [cover, setCover] = useState<ChosenCover | null>(null);

  const form = useContractForm(studyProposalBody, {
    defaultValues: initial,
    mode: 'onTouched',
    // the schedule's cross-field rules (the server checks them too), worded as the step's rule list
    moreIssues: (values) =>
      crossFieldIssues(values, new Date()).map((issue) => ({ path: issue.path, message: t(crossIssueKey(issue)), type: issue.code })),
  });
  const { register, control, formState, trigger, handleSubmit, setValue } = form;
  const values = useWatch({ control }) as StudyProposalInput;
  const questions = useFieldArray({ control, name: 'questions' });
  const errors = formState.errors;
  const touched = formState.touchedFields;
  // A field's error shows once the user has left the field or tried to move on from its step,
  // not while a just-added, still empty field is being filled in (no layout jumps under the cursor).
  const [attempted, setAttempted] = useState<ReadonlySet<Step>>(() => new Set());
  const err = (path: string) =>
    attempted.has(step) || get(touched, path) ? (get(errors, path) as { message?: string } | undefined)?.message : undefined;

  useEffect(() => {
    writeSession(DRAFT_KEY, JSON.stringify(values));
  }, [values]);

  const index = STEPS.indexOf(step);
  const paths = issuePaths(values, now);
  const rules = stepRules(step, t);

  const go = (next: Step) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const onNext = async () => {
    setAttempted((a) => new Set(a).add(step));
    const ok = await trigger(STEP_FIELDS[step] as never, { shouldFocus: true });
    if (ok) go(STEPS[index + 1]!);
  };
  const onSubmit = (e: FormEvent) =>
    handleSubmit(
      async (body) => {
        const study = await propose.mutateAsync(body).catch((error: unknown) => {
          // the server's field errors go next to their fields, on the first step holding one
          const placed = placeServerFieldErrors(error, form);
          const first = STEPS.find((s) => STEP_FIELDS[s].some((f) => placed.some((p) => p === f || p.startsWith(`${f}.`))));
          if (first) {
            setAttempted((a) => new Set(a).add(first));
            go(first);
          }
          return null;
        });
        if (!study) return;
        removeSession(DRAFT_KEY);
        if (cover) {
          // the study exists either way; a refused cover can be uploaded again from the manage page
          // its answer (PENDING) goes into the cache: the new study's page shows the processing
          // state at once and polls until the cover is ready
          const uploaded = await uploadCover(study.id, cover.body).then(
            (updated) => {
              studyChanged(qc, updated);
              return true;
            },
            () => false,
          );
          if (!uploaded) toast.error(t('propose.cover.uploadFailed'));
        }
        toast.success(t('propose.submitted'));
        navigate(studyPath(study));
      },
      (errs) => {
        // Jump to the first step holding an error.
        const first = STEPS.find((s) => STEP_FIELDS[s].some((f) => get(errs, f)));
        if (first) go(first);
      },
    )(e);

  const sessions = useMemo(
    () =>
      values.startDate && values.endDate && values.recurrenceType
        ? generateSessionDates({
            recurrenceType: values.recurrenceType,
            weekdays: values.scheduleDetails?.weekdays ?? [],
            startDate: values.startDate,
            endDate: values.endDate,
          })
        : [],
    [values.startDate, values.endDate, values.recurrenceType, values.scheduleDetails?.weekdays],
  );
  const plan =
    values.startDate && values.endDate && values.recurrenceType && values.endDate >= values.startDate
      ? {
          recurrenceType: values.recurrenceType,
          weekdays: values.scheduleDetails?.weekdays ?? [],
          startDate: values.startDate,
          endDate: values.endDate,
        }
      : null;
  const snapped = plan ? snapPeriodToSessions(plan) : null;
  const offSession = snapped !== null && plan !== null && (snapped.startDate !== plan.startDate || snapped.endDate !== plan.endDate);
  const snapToSessions = () => {
    if (!snapped) return;
    const opts = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
    setValue('startDate', snapped.startDate, opts);
    setValue('endDate', snapped.endDate, opts);
    toast.success(t('sessions.snapped'));
  };
  const paid = values.costType !== 'FREE';
  const numberOpts = { valueAsNumber: true } as const;

  return (
    <div className="page st-page">
      <div className="container st-narrow">
        <p className="st-eyebrow">{t('propose.eyebrow')}</p>
        <h1 className="st-h1">{t('propose.title')}</h1>
        <p className="muted st-lead">{t('propose.lead')}</p>

        <ol className="st-steps" aria-label={t('propose.progress')}>
          {STEPS.map((s, i) => (
            <li
              key={s}
              className={`st-steps__item ${i < index ? 'is-done' : ''} ${i === index ? 'is-current' : ''}`}
              aria-current={i === index ? 'step' : undefined}
            >
              <span className="st-steps__num" aria-hidden="true">
                {i + 1}
              </span>
              <span className="st-steps__label">{t(`propose.steps.${s}`)}</span>
            </li>
          ))}
        </ol>

        <form className="st-form card" noValidate onSubmit={(e) => void onSubmit(e)}>
          <h2 ref={headingRef} tabIndex={-1} className="st-form__title">
            {t('propose.stepOf', { n: index + 1, total: STEPS.length })} · {t(`propose.steps.${step}`)}
          </h2>

          {rules.length > 0 && (
            <div className="st-rules">
              <p className="st-rules__title">{t('propose.rulesTitle')}</p>
              <ul>
                {rules.map((r) => {
                  const broken = ruleBroken(r, paths);
                  return (
                    <li key={r.text} className={broken ? 'is-broken' : 'is-ok'}>
                      <span aria-hidden="true">{broken ? '•' : '✓'}</span>
                      <span>{r.text}</span>
                      <span className="visually-hidden">{broken ? t('propose.ruleOpen') : t('propose.ruleMet')}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}

          {step === 'basics' && (
            <div className="st-form__grid">
              <Field
                label={t('propose.fields.title')}
                required
                error={err('title')}
                counter={{ value: values.title?.length ?? 0, max: L.titleMax }}
                className="span-2"
              >
                <input type="text" autoComplete="off" placeholder={t('propose.placeholders.title')} {...register('title')} />
              </Field>
              <Field label={t('propose.fields.generation')} required error={err('generation')} hint={t('propose.hints.generation')}>
                <input type="number" inputMode="numeric" min={1} max={1000} {...register('generation', numberOpts)} />
              </Field>
              <Field label={t('propose.fields.slug')} error={err('slug')} hint={t('propose.hints.slug')}>
                <input
                  type="text"
                  autoComplete="off"
                  placeholder="tecoteco"
                  {...register('slug', { setValueAs: (v: string | undefined) => (v && v.trim() ? v.trim() : undefined) })}
                />
              </Field>
              <Field
                label={t('propose.fields.tagline')}
                error={err('tagline')}
                counter={{ value: values.tagline?.length ?? 0, max: L.taglineMax }}
                className="span-2"
              >
                <input type="text" placeholder={t('propose.placeholders.tagline')} {...register('tagline')} />
              </Field>
              <FieldGroup legend={t('propose.fields.type')} error={err('type')}>
                <div className="st-radios st-radios--cards">
                  {STUDY_TYPES.map((ty) => (
                    <label key={ty} className="st-radio-card">
                      <input type="radio" value={ty} {...register('type')} />
                      <span className="st-radio-card__title">{t(`type.${ty}`)}</span>
                      <span className="st-radio-card__desc">{t(`typeDesc.${ty}`)}</span>
                    </label>
                  ))}
                </div>
              </FieldGroup>
            </div>
          )}

          {step === 'schedule' && (
            <div className="st-form__grid">
              <FieldGroup legend={t('propose.fields.recurrence')} error={err('recurrenceType')}>
                <div className="st-radios">
                  {RECURRENCE_TYPES.map((r) => (
                    <label key={r} className="st-chip">
                      <input type="radio" value={r} {...register('recurrenceType')} />
                      <span>{t(`recurrence.${r}`)}</span>
                    </label>
                  ))}
                </div>
              </FieldGroup>
              <FieldGroup legend={t('propose.fields.weekdays')} error={err('scheduleDetails.weekdays')} hint={t('propose.hints.weekdays')}>
                <div className="st-radios">
                  {WEEKDAYS.map((d) => (
                    <label key={d} className="st-chip st-chip--day">
                      <input type="checkbox" value={d} {...register('scheduleDetails.weekdays')} />
                      <span>{t(`weekday.${d}`)}</span>
                    </label>
                  ))}
                </div>
              </FieldGroup>
              <Field label={t('propose.fields.startTime')} required error={err('scheduleDetails.startTime')}>
                <input type="time" step={300} {...register('scheduleDetails.startTime')} />
              </Field>
              <Field label={t('propose.fields.endTime')} required error={err('scheduleDetails.endTime')}>
                <input type="time" step={300} {...register('scheduleDetails.endTime')} />
              </Field>
              <Field label={t('propose.fields.startDate')} required error={err('startDate')}>
                <input type="date" {...register('startDate')} />
              </Field>
              <Field label={t('propose.fields.endDate')} required error={err('endDate')}>
                <input type="date" {...register('endDate')} />
              </Field>
              <Field
                label={t('propose.fields.recruitDeadline')}
                required
                error={err('recruitDeadline')}
                hint={t('propose.hints.recruitDeadline')}
              >
                <input type="date" {...register('recruitDeadline')} />
              </Field>
              <FieldGroup legend={t('propose.fields.location')} error={err('location.type')}>
                <div className="st-radios">
                  {LOCATION_TYPES.map((l) => (
                    <label key={l} className="st-chip">
                      <input type="radio" value={l} {...register('location.type')} />
                      <span>{t(`location.${l}`)}</span>
                    </label>
                  ))}
                </div>
              </FieldGroup>
              {values.location?.type === 'OFFLINE' && (
                <Field label={t('propose.fields.address')} required error={err('location.address')} className="span-2">
                  <input type="text" autoComplete="street-address" {...register('location.address')} />
                </Field>
              )}
              <div className="st-preview span-2" aria-live="polite">
                <p className="st-preview__title">{t('propose.sessionPreview', { count: sessions.length })}</p>
                {plan && (
                  <p className="st-preview__span" data-testid="propose-session-span">
                    {sessionSpanText({ ...plan, scheduleDetails: { weekdays: plan.weekdays } }, t, locale)}
                  </p>
                )}
                {plan && !snapped && <p className="st-preview__warn">{t('sessions.noneHint')}</p>}
                {offSession && (
                  <div className="st-preview__snap">
                    <p className="muted">{t('sessions.snapHint')}</p>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={snapToSessions}>
                      {t('sessions.snap')}
                    </button>
                  </div>
                )}
                {sessions.length > 0 && (
                  <p className="muted">
                    {sessions
                      .slice(0, 4)
                      .map((d) => formatDate(d, locale))
                      .join(' · ')}
                    {sessions.length > 4 ? ' …' : ''}
                  </p>
                )}
              </div>
            </div>
          )}

          {step === 'capacity' && (
            <div className="st-form__grid">
              <Field label={t('propose.fields.capacity')} required error={err('capacity')} hint={t('propose.hints.capacity')}>
                <input type="number" inputMode="numeric" min={L.capacityMin} max={L.capacityMax} {...register('capacity', numberOpts)} />
              </Field>
              <FieldGroup legend={t('propose.fields.costType')} error={err('costType')}>
                <div className="st-radios">
                  {COST_TYPES.map((c) => (
                    <label key={c} className="st-chip">
                      <input
                        type="radio"
                        value={c}
                        {...register('costType', {
                          onChange: (e: { target: { value: string } }) => {
                            if (e.target.value === 'FREE') setValue('cost', 0, { shouldValidate: true });
                          },
                        })}
                      />
                      <span>{t(`costType.${c}`)}</span>
                    </label>
                  ))}
                </div>
              </FieldGroup>
              {paid && (
                <>
                  <Field
                    label={t('propose.fields.cost')}
                    required
                    error={err('cost')}
                    hint={typeof values.cost === 'number' && values.cost > 0 ? formatKrw(values.cost, locale) : t('propose.hints.cost')}
                  >
                    <input type="number" inputMode="numeric" min={0} step={1000} {...register('cost', numberOpts)} />
                  </Field>
                  <Field
                    label={t('propose.fields.paymentDeadlineHours')}
                    error={err('paymentDeadlineHours')}
                    hint={t('propose.hints.paymentDeadlineHours')}
                  >
                    <input
                      type="number"
                      inputMode="numeric"
                      min={L.paymentDeadlineHoursMin}
                      max={L.paymentDeadlineHoursMax}
                      {...register('paymentDeadlineHours', numberOpts)}
                    />
                  </Field>
                  <Field
                    label={t('propose.fields.costDescription')}
                    error={err('costDescription')}
                    className="span-2"
                    counter={{ value: values.costDescription?.length ?? 0, max: 500 }}
                  >
                    <textarea rows={3} placeholder={t('propose.placeholders.costDescription')} {...register('costDescription')} />
                  </Field>
                </>
              )}
            </div>
          )}

          {step === 'welcome' && (
            <div className="st-form__grid">
              <Field
                label={t('propose.fields.welcomeMessage')}
                required
                error={err('welcomeMessage')}
                counter={{ value: values.welcomeMessage?.trim().length ?? 0, max: L.welcomeMax }}
                className="span-2"
              >
                <textarea rows={3} placeholder={t('propose.placeholders.welcomeMessage')} {...register('welcomeMessage')} />
              </Field>
              <FieldGroup
                legend={t('propose.fields.questions')}
                error={err('questions')}
                hint={t('propose.hints.questions', { max: L.questionsMax })}
              >
                <ol className="st-questions">
                  {questions.fields.map((q, i) => (
                    <li key={q.id} className="st-questions__item">
                      <Field
                        label={t('propose.fields.question', { n: i + 1 })}
                        error={err(`questions.${i}.text`)}
                        counter={{ value: values.questions?.[i]?.text?.length ?? 0, max: L.questionMax }}
                      >
                        <input type="text" {...register(`questions.${i}.text`)} />
                      </Field>
                      <div className="st-questions__row">
                        <label className="st-check">
                          <input type="checkbox" {...register(`questions.${i}.required`)} />
                          <span>{t('propose.fields.questionRequired')}</span>
                        </label>
                        <button type="button" className="btn btn-ghost" onClick={() => questions.remove(i)}>
                          {t('propose.removeQuestion', { n: i + 1 })}
                        </button>
                      </div>
                    </li>
                  ))}
                </ol>
                {questions.fields.length < L.questionsMax && (
                  <button type="button" className="btn btn-secondary" onClick={() => questions.append({ text: '', required: true })}>
                    {t('propose.addQuestion')}
                  </button>
                )}
              </FieldGroup>
            </div>
          )}

          {step === 'review' && (
            <div className="st-summary">
              <dl>
                {(
                  [
                    ['title', values.title],
                    ['generation', String(values.generation)],
                    ['type', t(`type.${values.type}`)],
                    ['tagline', values.tagline || '—'],
                    ['recurrence', t(`recurrence.${values.recurrenceType}`)],
                    [
                      'weekdays',
                      `${(values.scheduleDetails?.weekdays ?? []).map((d) => t(`weekday.${d}`)).join(locale === 'en' ? ', ' : '·') || '—'} ${
                        values.scheduleDetails?.startTime && values.scheduleDetails.endTime
                          ? formatTimeRange(values.scheduleDetails.startTime, values.scheduleDetails.endTime, locale)
                          : ''
                      }`,
                    ],
                    [
                      'period',
                      plan
                        ? sessionSpanText({ ...plan, scheduleDetails: { weekdays: plan.weekdays } }, t, locale)
                        : `${formatDate(values.startDate, locale)} – ${formatDate(values.endDate, locale)}`,
                    ],
                    ['recruitDeadline', formatDate(values.recruitDeadline, locale)],
                    [
                      'location',
                      values.location?.type === 'OFFLINE'
                        ? `${t('location.OFFLINE')} · ${values.location.address ?? ''}`
                        : t('location.ONLINE'),
                    ],
                    ['capacity', t('propose.capacityValue', { count: values.capacity })],
                    ['costType', paid ? `${t(`costType.${values.costType}`)} · ${formatKrw(values.cost, locale)}` : t('costType.FREE')],
                    ['welcomeMessage', values.welcomeMessage],
                    ['questions', t('propose.questionCount', { count: values.questions?.length ?? 0 })],
                  ] as const
                ).map(([k, v]) => (
                  <div key={k} className="st-summary__row">
                    <dt>{t(`propose.fields.${k}`)}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
              <ProposeCover title={values.title ?? ''} value={cover} onChange={setCover} />
              <p className="muted">{t('propose.reviewNote')}</p>
              {propose.isError && <ErrorMessage error={propose.error} />}
            </div>
          )}

          <div className="st-form__nav">
            {index > 0 ? (
              <button type="button" className="btn btn-secondary" onClick={() => go(STEPS[index - 1]!)}>
                {t('propose.prev')}
              </button>
            ) : (
              <span />
            )}
            {step === 'review' ? (
              <button key="submit" type="submit" className="btn btn-primary" disabled={propose.isPending}>
                {propose.isPending ? t('propose.submitting') : t('propose.submit')}
              </button>
            ) : (
              <button key="next" type="button" className="btn btn-primary" onClick={() => void onNext()}>
                {t('propose.next')}
              </button>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}
