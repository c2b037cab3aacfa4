/**
 * The payments module's facade: one `PaymentsService` with the public methods routes and other
 * modules call, built from four parts that share `PaymentDeps` (the house pattern of
 * modules/studies):
 * - checkout-service.ts: the pay panel, starting card and bank-transfer payments, the test item;
 * - confirmation-service.ts: idempotent, race-safe card confirmation and reconciliation;
 *   expiry-service.ts: the expiry of open payments and the recurring sweep;
 * - refund-service.ts: refunds when a member leaves, their retry, the payer's refund account;
 * - back-office-service.ts: the admins' list, detail, deposit decisions, refunds and counts.
 * docs/payments.md has the state machines; repo.ts holds every SQL predicate.
 */
import type {
  AdminPaymentDetail,
  AdminPaymentsQuery,
  AdminRefundBody,
  ApplicationPaymentState,
  CardCheckout,
  ConfirmPaymentBody,
  PaymentMethod,
  PaymentsConfig,
  PaymentView,
  RefundAccount,
  StartPaymentResult,
} from '@moim/contract';
import { TEST_CARDS } from '@moim/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { isAdmin, type AuthUser } from '../../http/auth-guard.ts';
import type { PaymentProvider, TestGateway } from '../../providers/payments/index.ts';
import { BackOfficeService } from './back-office-service.ts';
import { CheckoutService } from './checkout-service.ts';
import { ConfirmationService } from './confirmation-service.ts';
import { applicationStatusOf, bankAccount, paymentView, type PaymentDeps } from './deps.ts';
import { ExpiryService } from './expiry-service.ts';
import type { PaymentsPorts, StudiesPort } from './ports.ts';
import { RefundService, type MemberLeftInput, type MemberLeftResult } from './refund-service.ts';
import * as repo from './repo.ts';
import type { PaymentRow } from './schema.ts';

export { JOB_NOTICE, JOB_RECONCILE, JOB_REFUND, maskAccount } from './deps.ts';
export type { MemberLeftInput, MemberLeftResult } from './refund-service.ts';

export class PaymentsService {
  readonly studies: StudiesPort;
  private readonly d: PaymentDeps;
  private readonly checkout: CheckoutService;
  private readonly confirmation: ConfirmationService;
  private readonly expiry: ExpiryService;
  private readonly refunds: RefundService;
  private readonly backOffice: BackOfficeService;

  constructor(
    private readonly ctx: AppContext,
    /** the modules below payments (ports.ts), injected by the composition root */
    ports: PaymentsPorts,
    readonly provider: PaymentProvider,
    /** the built-in gateway (its hosted checkout; demo data and tests drive it directly) */
    readonly gateway: TestGateway | null = null,
    clock: () => Date = () => new Date(),
  ) {
    this.studies = ports.studies;
    this.d = { ctx, ports, provider, clock, studies: this.studies };
    this.checkout = new CheckoutService(this.d);
    this.confirmation = new ConfirmationService(this.d);
    this.expiry = new ExpiryService(this.d, (id) => this.confirmation.reconcile(id));
    this.refunds = new RefundService(this.d);
    this.backOffice = new BackOfficeService(this.d, this.refunds);
  }

  // ---- views

  config(): PaymentsConfig {
    return {
      provider: this.provider.name,
      clientKey: this.provider.clientKey,
      sdkUrl: this.provider.sdkUrl,
      testMode: this.provider.name === 'test' || this.provider.clientKey.startsWith('test_'),
      testCards: this.provider.name === 'test' ? TEST_CARDS.map((c) => ({ ...c })) : [],
      bank: bankAccount(this.d),
    };
  }

  view(p: PaymentRow, applicationStatus: string | null = null): PaymentView {
    return paymentView(this.d, p, applicationStatus);
  }

  /** GET /api/payments/{orderId}: the payer or an admin. */
  async get(user: AuthUser, orderId: string): Promise<PaymentView> {
    const p = await repo.byOrderId(this.ctx.db, orderId);
    // another person's payment does not exist for this caller (404, as an unknown order)
    if (!p || (p.userId !== user.id && !isAdmin(user))) throw notFound('payments.notFound');
    return this.view(p, await applicationStatusOf(this.d, p));
  }

  // ---- checkout (checkout-service.ts)

  applicationState(user: AuthUser, studyId: string, applicationId: string): Promise<ApplicationPaymentState> {
    return this.checkout.applicationState(user, studyId, applicationId);
  }

  startStudyPayment(
    user: AuthUser,
    studyId: string,
    applicationId: string,
    method: PaymentMethod,
    returnOrigin?: string,
  ): Promise<StartPaymentResult> {
    return this.checkout.startStudyPayment(user, studyId, applicationId, method, returnOrigin);
  }

  notifyDeposit(user: AuthUser, studyId: string, applicationId: string, depositor?: string): Promise<PaymentView> {
    return this.checkout.notifyDeposit(user, studyId, applicationId, depositor);
  }

  startTestCheckout(user: AuthUser, returnOrigin?: string): Promise<CardCheckout> {
    return this.checkout.startTestCheckout(user, returnOrigin);
  }

  // ---- confirmation and expiry (confirmation-service.ts, expiry-service.ts)

  confirm(user: AuthUser, body: ConfirmPaymentBody): Promise<PaymentView> {
    return this.confirmation.confirm(user, body);
  }

  reconcile(paymentId: string): Promise<void> {
    return this.confirmation.reconcile(paymentId);
  }

  /** An application closed unpaid (the `studies.application-closed` event): its open payments expire. */
  onApplicationClosed(applicationId: string, applicationStatus: string, cause?: string): Promise<number> {
    return this.expiry.onApplicationClosed(applicationId, applicationStatus, cause);
  }

  sweep(): Promise<{ expired: number; reconciled: number }> {
    return this.expiry.sweep();
  }

  // ---- refunds (refund-service.ts)

  onMemberLeft(event: MemberLeftInput, tx?: Tx): Promise<MemberLeftResult> {
    return this.refunds.onMemberLeft(event, tx);
  }

  retryAutomaticRefund(paymentId: string, reason: string): Promise<void> {
    return this.refunds.retryAutomaticRefund(paymentId, reason);
  }

  setRefundAccount(user: AuthUser, orderId: string, account: RefundAccount): Promise<PaymentView> {
    return this.refunds.setRefundAccount(user, orderId, account);
  }

  // ---- back office (back-office-service.ts)

  adminCounts(): Promise<{ depositsToConfirm: number; refundsToDecide: number }> {
    return this.backOffice.adminCounts();
  }

  adminList(q: AdminPaymentsQuery) {
    return this.backOffice.adminList(q);
  }

  adminDetail(id: string): Promise<AdminPaymentDetail> {
    return this.backOffice.adminDetail(id);
  }

  adminConfirmDeposit(admin: AuthUser, id: string, note?: string): Promise<AdminPaymentDetail> {
    return this.backOffice.adminConfirmDeposit(admin, id, note);
  }

  adminReturnDeposit(admin: AuthUser, id: string, note: string): Promise<AdminPaymentDetail> {
    return this.backOffice.adminReturnDeposit(admin, id, note);
  }

  adminRefund(admin: AuthUser, id: string, body: AdminRefundBody): Promise<AdminPaymentDetail> {
    return this.backOffice.adminRefund(admin, id, body);
  }

  adminDeclineRefund(admin: AuthUser, id: string, note: string): Promise<AdminPaymentDetail> {
    return this.backOffice.adminDeclineRefund(admin, id, note);
  }
}
