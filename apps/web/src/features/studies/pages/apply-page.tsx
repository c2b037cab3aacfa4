/**
 * /study/{id}/apply (login required): motivation and the study's questions. When the caller
 * cannot apply, the page says why instead of showing the form; a refusal from the server (race
 * with the deadline or the last seat) is shown with its reason.
 */
import { STUDY_LIMITS as L, applyBody, waitlistOpen } from '@moim/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { Link, useParams } from 'react-router';
import { LoadingState } from '../../../shared/ui/states';
import { useApply, useStudy } from '../api/studies-api';
import { useJoinWaitlist } from '../api/waitlist-api';
import { Field } from '../../../shared/ui/field';
import { refusalReason } from '../components/refusal';
import { StatusBadge } from '../components/status-badge';
import { CostLabel } from '../components/study-card';
import { formatKrw } from '../../../shared/lib/format';
import { studyPath } from '../lib/paths';
import { useLocale } from '../lib/use-locale';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { useContractForm } from '../../../shared/ui/use-contract-form';
import '../studies.css';
import { ScheduleLine } from '../components/schedule-line';
import { BackLink } from '../../../shared/ui/back-link';

export default function ApplyPage() {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const { studyId } = useParams();
  const study = useStudy(studyId);
  const [now] = useState(() => new Date());
  // Once sent, the success message stays even though the refetched study now says "already applied".
  const [sent, setSent] = useState(false);

  if (study.isPending) return <LoadingState />;
  if (study.isError) return <ErrorMessage variant="state" error={study.error} onRetry={() => void study.refetch()} />;
  const s = study.data;
  const reason = refusalReason(s, now, t, locale);
  // full: the form takes a place on the waitlist instead (docs/waitlist.md)
  const toWaitlist = waitlistOpen(s, now);
  // accepted (or offered a seat from the waitlist) and not paid yet: this page is where they pay
  const payable = s.costType !== 'FREE' && s.cost > 0;
  const toPay = s.viewer?.applicationStatus === 'ACCEPTED' && s.viewer.applicationId && payable ? s.viewer.applicationId : null;
  // the waitlist's title for joining it and once in it (the page refetched after the join says WAITLISTED)
  const status = s.viewer?.applicationStatus;
  const title = toPay ? t('apply.payTitle') : toWaitlist && (!status || status === 'WAITLISTED') ? t('waitlist.title') : t('apply.title');

  return (
    <div className="page st-page">
      <div className="container st-narrow">
        <BackLink to={studyPath(s)}>
          <span data-user-content="">{s.title}</span>
        </BackLink>
        <h1 className="st-h1">{title}</h1>
        <div className="st-apply-summary card">
          <div className="row">
            <StatusBadge study={s} />
            <span className="badge">{t(`type.${s.type}`)}</span>
          </div>
          <p className="st-apply-summary__title" data-user-content="">
            {s.title}
          </p>
          <p className="muted">
            <ScheduleLine study={s} /> · <CostLabel study={s} />
          </p>
        </div>
        {sent ? (
          <ApplySuccess cost={s.costType === 'FREE' ? 0 : s.cost} slugPath={studyPath(s)} waitlist={toWaitlist} />
        ) : reason ? (
          <div className={`st-alert ${toPay ? 'st-alert--info' : 'st-alert--warning'}`} role="status">
            <strong>{toPay ? t('apply.payReady') : t('apply.cannotApply')}</strong>
            <p>{toPay ? t('apply.payReadyBody', { amount: formatKrw(s.cost, locale) }) : reason}</p>
            <div className="row">
              {toPay && (
                <Link
                  className="btn btn-primary"
                  to={`/payment/checkout?studyId=${encodeURIComponent(s.id)}&applicationId=${encodeURIComponent(toPay)}`}
                >
                  {t('apply.payNow')}
                </Link>
              )}
              {s.viewer?.applicationStatus && (
                <Link className="btn btn-secondary" to="/users/me#my-studies">
                  {t('apply.toMyStudies')}
                </Link>
              )}
              <Link className="btn btn-secondary" to={studyPath(s)}>
                {t('apply.backToStudy')}
              </Link>
              <Link className="btn btn-ghost" to="/study">
                {t('detail.backToList')}
              </Link>
            </div>
          </div>
        ) : (
          <ApplyForm
            studyId={s.id}
            questions={s.questions}
            cost={s.costType === 'FREE' ? 0 : s.cost}
            waitlist={toWaitlist}
            onSent={() => setSent(true)}
          />
        )}
      </div>
    </div>
  );
}

function ApplySuccess({ cost, slugPath, waitlist }: { cost: number; slugPath: string; waitlist: boolean }) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  return (
    <div className="st-alert st-alert--success" role="status">
      <strong>{waitlist ? t('waitlist.done') : t('apply.done')}</strong>
      <p>
        {waitlist
          ? cost > 0
            ? t('waitlist.donePaid', { amount: formatKrw(cost, locale) })
            : t('waitlist.doneBody')
          : cost > 0
            ? t('apply.donePaid', { amount: formatKrw(cost, locale) })
            : t('apply.doneBody')}
      </p>
      <div className="row">
        <Link className="btn btn-primary" to="/users/me#my-studies">
          {t('apply.toMyStudies')}
        </Link>
        <Link className="btn btn-secondary" to={slugPath}>
          {t('apply.backToStudy')}
        </Link>
      </div>
    </div>
  );
}

function ApplyForm({
  studyId,
  questions,
  cost,
  waitlist,
  onSent,
}: {
  studyId: string;
  questions: Array<{ id: string; text: string; required: boolean }>;
  cost: number;
  /** join the waitlist rather than apply (the study is full) */
  waitlist: boolean;
  onSent: () => void;
}) {
  const { t } = useTranslation('studies');
  const locale = useLocale();
  const applyNow = useApply(studyId);
  const joinLine = useJoinWaitlist(studyId);
  const apply = waitlist ? joinLine : applyNow;
  const form = useContractForm(applyBody, {
    mode: 'onTouched',
    defaultValues: { motivation: '', answers: questions.map((q) => ({ questionId: q.id, answer: '' })) },
    // the study's own required questions (the contract only bounds an answer's length)
    moreIssues: (values) =>
      questions.flatMap((q, i) =>
        q.required && !values.answers?.[i]?.answer.trim()
          ? [{ path: `answers.${i}.answer`, message: 'form.required', type: 'required' }]
          : [],
      ),
  });
  const values = useWatch({ control: form.control });
  const errors = form.formState.errors;

  return (
    <form
      className="st-form card"
      noValidate
      onSubmit={(e) =>
        void form.handleSubmit((v) => apply.mutate(v, { onSuccess: onSent, onError: (error) => placeServerFieldErrors(error, form) }))(e)
      }
    >
      <Field
        label={t('apply.motivation')}
        required
        error={errors.motivation?.message}
        hint={t('apply.motivationHint', { min: L.motivationMin })}
        counter={{ value: values.motivation?.trim().length ?? 0, max: L.motivationMax }}
      >
        <textarea rows={6} {...form.register('motivation')} />
      </Field>
      {questions.map((q, i) => (
        <Field
          key={q.id}
          label={q.text}
          required={q.required}
          error={errors.answers?.[i]?.answer?.message}
          counter={{ value: values.answers?.[i]?.answer?.length ?? 0, max: L.answerMax }}
        >
          <textarea rows={3} {...form.register(`answers.${i}.answer`)} />
        </Field>
      ))}
      {waitlist && <p className="st-alert st-alert--info">{t('waitlist.notice')}</p>}
      {cost > 0 && (
        <p className="st-alert st-alert--info">
          {waitlist
            ? t('waitlist.paidNotice', { amount: formatKrw(cost, locale) })
            : t('apply.paidNotice', { amount: formatKrw(cost, locale) })}
        </p>
      )}
      <ErrorMessage error={apply.error} title={apply.isError ? t('apply.refused') : undefined} />
      <div className="st-form__nav">
        <span />
        <button type="submit" className="btn btn-primary" disabled={apply.isPending}>
          {apply.isPending ? t('apply.submitting') : waitlist ? t('waitlist.join') : t('apply.submit')}
        </button>
      </div>
    </form>
  );
}
