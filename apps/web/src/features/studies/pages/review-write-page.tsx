/** /study/{id}/review/write (login required): rating, text (≤ 1000) and up to five tags. */
import { REVIEW_LIMITS, reviewBody } from '@moim/contract';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { LoadingState } from '../../../shared/ui/states';
import { useStudy } from '../api/studies-api';
import { useMyReview, useWriteReview } from '../api/study-content-api';
import { Field } from '../../../shared/ui/field';
import { RatingInput } from '../components/rating-input';
import { TagPicker } from '../components/tag-picker';
import { studyPath } from '../lib/paths';
import { markUserValue } from '../../../shared/ui/user-value';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { useContractForm } from '../../../shared/ui/use-contract-form';
import '../studies.css';
import { BackLink } from '../../../shared/ui/back-link';

export default function ReviewWritePage() {
  const { t, i18n } = useTranslation('studies');
  const { studyId } = useParams();
  const study = useStudy(studyId);
  const s0 = study.data;
  const mayWrite = !!s0 && s0.status === 'COMPLETED' && !!(s0.viewer?.isActiveMember || s0.viewer?.role);
  // Ask for the member's own review before showing a form: a written one is shown instead.
  const mine = useMyReview(s0?.id, mayWrite);
  if (study.isPending || (mayWrite && mine.isPending)) return <LoadingState />;
  if (study.isError) return <ErrorMessage variant="state" error={study.error} onRetry={() => void study.refetch()} />;
  const s = study.data;
  const canWrite = mayWrite;
  const written = mine.data ?? null;
  return (
    <div className="page st-page">
      <div className="container st-narrow">
        <BackLink to={studyPath(s)}>
          <span data-user-content="">{s.title}</span>
        </BackLink>
        <h1 className="st-h1">{t('review.title')}</h1>
        <p className="muted st-lead">{markUserValue(t('review.lead', { title: s.title }), s.title)}</p>
        {canWrite && written ? (
          <div className="st-alert" role="status" data-testid="review-already-written">
            <strong>{t('review.alreadyTitle')}</strong>
            <p>
              {t('review.alreadyBody', {
                date: new Date(written.createdAt).toLocaleDateString(i18n.language === 'en' ? 'en-US' : 'ko-KR'),
              })}
            </p>
            <Link className="btn btn-secondary" to={`${studyPath(s)}#review-${written.id}`}>
              {t('my.viewReview')}
            </Link>
          </div>
        ) : canWrite ? (
          <ReviewForm studyId={s.id} backTo={studyPath(s)} />
        ) : (
          <div className="st-alert st-alert--warning" role="status">
            <strong>{t('review.cannotWrite')}</strong>
            <p>{s.status !== 'COMPLETED' ? t('review.notCompleted') : t('review.notMember')}</p>
            <Link className="btn btn-secondary" to={studyPath(s)}>
              {t('apply.backToStudy')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

export function ReviewForm({ studyId, backTo }: { studyId: string; backTo: string }) {
  const { t } = useTranslation('studies');
  const navigate = useNavigate();
  const write = useWriteReview(studyId);
  const form = useContractForm(reviewBody, { defaultValues: { rating: undefined, text: '', tags: [] } });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    const ok = await write.mutateAsync(v).catch((error: unknown) => void placeServerFieldErrors(error, form));
    if (!ok) return;
    toast.success(t('review.saved'));
    navigate(backTo);
  });
  return (
    <form className="st-form card" noValidate onSubmit={(e) => void submit(e)}>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <RatingInput
            name="rating"
            legend={t('review.rating')}
            value={field.value}
            onChange={field.onChange}
            error={errors.rating ? (errors.rating.type === 'server' ? errors.rating.message : t('review.ratingRequired')) : undefined}
          />
        )}
      />
      <Field
        label={t('review.text')}
        error={errors.text?.message}
        counter={{ value: text.length, max: REVIEW_LIMITS.textMax }}
        hint={t('review.textHint')}
      >
        <textarea rows={6} maxLength={REVIEW_LIMITS.textMax + 200} {...form.register('text')} />
      </Field>
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => <TagPicker value={field.value ?? []} onChange={field.onChange} />}
      />
      <ErrorMessage error={write.error} />
      <div className="st-form__nav">
        <Link className="btn btn-secondary" to={backTo}>
          {t('form.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={write.isPending}>
          {write.isPending ? t('review.submitting') : t('review.submit')}
        </button>
      </div>
    </form>
  );
}
