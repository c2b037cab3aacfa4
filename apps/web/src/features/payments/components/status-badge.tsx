import type { PaymentStatus } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payments');
  return <span className={`pay-badge pay-badge--${status}`}>{t(`status.${status}`)}</span>;
}

export function TestModeBadge() {
  const { t } = useTranslation('payments');
  return <span className="pay-badge pay-badge--test">{t('common.testMode')}</span>;
}
