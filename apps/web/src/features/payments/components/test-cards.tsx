import { TEST_CARDS } from '@moim/contract';
import { useTranslation } from '../../../shared/i18n';

/** The built-in gateway's test cards and what each does. */
export function TestCards() {
  const { t, i18n } = useTranslation('payments');
  return (
    <section className="pay-card" aria-labelledby="pay-test-cards">
      <h2 id="pay-test-cards">{t('checkoutTest.cards')}</h2>
      <div className="pay-table-wrap">
        <table className="pay-table">
          <thead>
            <tr>
              <th scope="col">{t('checkoutTest.cardNumber')}</th>
              <th scope="col">{t('checkoutTest.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {TEST_CARDS.map((c) => (
              <tr key={c.number}>
                <td className="pay-mono pay-digits">{c.number}</td>
                <td>{i18n.language === 'en' ? c.en : c.ko}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
