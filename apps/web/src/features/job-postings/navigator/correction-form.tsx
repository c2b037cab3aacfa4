/** "Something wrong?": a member reports a data error, a closed posting, a missing company … and sees its status later. */
import { zodResolver } from '@hookform/resolvers/zod';
import { CORRECTION_KINDS, correctionInput, type CorrectionInput } from '@moim/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-provider';
import { toast } from '../../../shared/toast/toast';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { Field } from '../../../shared/ui/field';
import { fieldError, formErrorMap } from '../../../shared/ui/form-errors';
import { placeServerFieldErrors } from '../../../shared/ui/server-field-errors';
import { useReportCorrection } from '../api';
import './correction-form.css';

export function CorrectionForm({ postingId, onDone }: { postingId?: string; onDone: () => void }) {
  const { t } = useTranslation('job-postings');
  const auth = useAuth();
  const location = useLocation();
  const report = useReportCorrection();
  const form = useForm<CorrectionInput>({
    resolver: zodResolver(correctionInput, { error: formErrorMap }),
    defaultValues: { postingId, kind: postingId ? 'DATA_ERROR' : 'ADD_COMPANY', message: '' },
  });
  if (!auth.isAuthenticated) {
    return (
      <p className="jn-correction">
        <Link to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}>{t('correction.login')}</Link>
      </p>
    );
  }
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await report.mutateAsync(v);
      toast.success(t('correction.sent'));
      onDone();
    } catch (e) {
      placeServerFieldErrors(e, form);
    }
  });
  return (
    <form className="jn-correction form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t('correction.title')}</h3>
      <Field label={t('correction.kind')}>
        <select className="input" {...form.register('kind')}>
          {CORRECTION_KINDS.filter((k) => postingId || k === 'ADD_COMPANY' || k === 'OTHER').map((k) => (
            <option key={k} value={k}>
              {t(`correction.kinds.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('correction.message')} error={fieldError(t, errors.message?.message)}>
        <textarea className="input" rows={4} maxLength={2000} {...form.register('message')} />
      </Field>
      <ErrorMessage error={report.error} />
      <div className="row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
          {t('correction.submit')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          {t('common.cancel', { ns: 'translation' })}
        </button>
        <Link to="/ignition/navigator?view=saved#my-corrections" className="jn-hint">
          {t('correction.mine')}
        </Link>
      </div>
    </form>
  );
}
