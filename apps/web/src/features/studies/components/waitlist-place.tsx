/**
 * The caller's place on a full study's waitlist (docs/waitlist.md), with the way out: shown by the
 * call-to-action once they joined. The place is the server's (GET …/waitlist/me).
 */
import type { Study } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { ErrorMessage } from '../../../shared/ui/error-message';
import { useLeaveWaitlist, useMyWaitlistPlace } from '../api/waitlist-api';

export function WaitlistPlace({ study, className }: { study: Study; className: string }) {
  const { t } = useTranslation('studies');
  const place = useMyWaitlistPlace(study.id);
  const leave = useLeaveWaitlist(study.id);
  return (
    <div className="stack st-waitlist-place" data-testid="waitlist-place">
      <span className={`${className} btn-secondary st-cta-static`} role="status" aria-live="polite">
        {place.isPending
          ? t('waitlist.placeLoading')
          : place.isError || place.data.position === null
            ? t('waitlist.joined')
            : t('waitlist.place', { position: place.data.position, length: place.data.length })}
      </span>
      {place.isError && <ErrorMessage error={place.error} onRetry={() => void place.refetch()} />}
      <button type="button" className="btn btn-ghost" disabled={leave.isPending} onClick={() => leave.mutate()}>
        {leave.isPending ? t('waitlist.leaving') : t('waitlist.leave')}
      </button>
      <ErrorMessage error={leave.error} />
    </div>
  );
}
