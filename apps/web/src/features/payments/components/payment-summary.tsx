import type { PaymentView } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { formatDateTime, formatKrw } from '../lib/format';
import { OrderName } from './order-name';
import { PaymentStatusBadge } from './status-badge';

/** The facts of one payment, as a description list. */
export function PaymentSummary({ payment: p }: { payment: PaymentView }) {
  const { t, i18n } = useTranslation('payments');
  const lng = i18n.language;
  return (
    <dl className="pay-dl">
      <dt>{t('common.orderName')}</dt>
      <dd>
        <OrderName payment={p} />
      </dd>
      <dt>{t('common.amount')}</dt>
      <dd className="pay-dl__money">{formatKrw(p.amount, lng)}</dd>
      <dt>{t('common.method')}</dt>
      <dd>
        {t(`method.${p.method}`)}
        {p.card ? ` · ${p.card.number}` : ''}
      </dd>
      <dt>{t('common.status')}</dt>
      <dd>
        <PaymentStatusBadge status={p.status} />
      </dd>
      {p.approvedAt && (
        <>
          <dt>{t('common.approvedAt')}</dt>
          <dd>{formatDateTime(p.approvedAt, lng)}</dd>
        </>
      )}
      {p.refundedAmount > 0 && (
        <>
          <dt>{t('common.refunded')}</dt>
          <dd>{formatKrw(p.refundedAmount, lng)}</dd>
        </>
      )}
      <dt>{t('common.orderId')}</dt>
      <dd className="pay-mono">{p.orderId}</dd>
    </dl>
  );
}
