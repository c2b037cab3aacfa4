import { TEST_ITEM, type PaymentView } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';
import { markUserValue } from '../../../shared/ui/user-value';

/**
 * A payment's order name in the reader's language: the server writes it in Korean ("<study>
 * 참가비", "moim 테스트 상품"), so the known shapes are written again from the catalogue, with the
 * study's title marked as user content; any other name is shown as stored, as user content.
 */
export function OrderName({ payment: p }: { payment: Pick<PaymentView, 'orderName' | 'kind' | 'studyTitle'> }) {
  const { t } = useTranslation('payments');
  if (p.orderName === TEST_ITEM.name) return <>{t('checkoutTest.itemName')}</>;
  if (p.kind === 'STUDY' && p.studyTitle) return <>{markUserValue(t('common.studyFee', { study: p.studyTitle }), p.studyTitle)}</>;
  return <span data-user-content="">{p.orderName}</span>;
}
