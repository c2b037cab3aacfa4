/**
 * Pay for an accepted application of a paid study: opens the payments feature's pay panel in
 * place (its own lazy chunk), with a link to the full checkout page as well.
 */
import type { Application, Study } from '@moim/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { Link } from 'react-router';
import { LoadingState } from '../../../shared/ui/states';
import { checkoutPath } from '../lib/paths';

const PayPanel = lazy(() => import('../../payments').then((m) => ({ default: m.PayPanel })));

export function PayAction({ study, application }: { study: Study; application: Application }) {
  const { t } = useTranslation('studies');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="st-pay">
      <div className="st-pay__buttons">
        <button type="button" className="btn btn-primary btn-sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? t('my.payClose') : t('my.pay')}
        </button>
        <Link className="btn btn-ghost btn-sm" to={checkoutPath(study.id, application.applicationId)}>
          {t('my.payPage')}
        </Link>
      </div>
      <div id={id} hidden={!open} className="st-pay__panel">
        {open && (
          <Suspense fallback={<LoadingState />}>
            <PayPanel studyId={study.id} applicationId={application.applicationId} headingLevel={3} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
