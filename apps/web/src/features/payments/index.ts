/**
 * What other features may use from payments: the pay panel a study page embeds for an accepted
 * application (`<PayPanel studyId applicationId />`) and the hooks behind it.
 */
export { PayPanel, type PayPanelProps } from './components/pay-panel';
export { useApplicationPayment, usePaymentsConfig } from './api';
