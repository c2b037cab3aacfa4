/**
 * The payments module's facade: one `PaymentsService` with the public methods routes and other
 * modules call, delegating to its parts, which index.ts builds over one shared `PaymentContext`:
 * - checkout-service.ts: the pay panel, starting card and bank-transfer payments, the test item;
 * - confirmation-service.ts: idempotent, race-safe card confirmation and reconciliation;
 *   expiry-service.ts: the expiry of open payments and the recurring sweep;
 * - refund-service.ts: refunds when a member leaves, their retry, the payer's refund account;
 * - back-office-service.ts: the admins' list, detail, deposit decisions, refunds and counts;
 * - deposit-service.ts: deposits returned by attendance, their settlement sweep and card refunds.
 * docs/payments.md has the state machines; repo.ts holds every SQL predicate.
 */
import type { DepositService } from './deposit-service.ts';
import type {
  AdminPaymentCounts,
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
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { isAdmin, type AuthUser } from '../../http/auth-guard.ts';
import type { PaymentProvider, TestGateway } from '../../providers/payments/index.ts';
import type { BackOfficeService } from './back-office-service.ts';
import type { CheckoutService } from './checkout-service.ts';
import type { ConfirmationService } from './confirmation-service.ts';
import { applicationStatusOf, bankAccount, paymentView, type PaymentContext } from './payment-context.ts';
import type { ExpiryService } from './expiry-service.ts';
import type { StudiesPort } from './ports.ts';
import type { MemberLeftInput, MemberLeftResult, RefundService } from './refund-service.ts';
import * as repo from './repo.ts';
import type { PaymentRow } from './schema.ts';

export type { MemberLeftInput, MemberLeftResult } from './refund-service.ts';

/** The parts the facade delegates to, built by index.ts over one `PaymentContext`. */
export interface PaymentParts {
  checkout: CheckoutService;
  confirmation: ConfirmationService;
  expiry: ExpiryService;
  refunds: RefundService;
  backOffice: BackOfficeService;
  deposits: DepositService;
}

export class PaymentsService {
  readonly studies: StudiesPort;
  readonly provider: PaymentProvider;
  private readonly checkout: CheckoutService;
  private readonly confirmation: ConfirmationService;
  private readonly expiry: ExpiryService;
  private readonly refunds: RefundService;
  private readonly backOffice: BackOfficeService;
  /** deposits returned by attendance (deposit-service.ts) */
  readonly deposits: DepositService;

  constructor(
    private readonly d: PaymentContext,
    parts: PaymentParts,
    /** the built-in gateway (its hosted checkout; demo data and tests drive it directly) */
    readonly gateway: TestGateway | null = null,
  ) {
    this.studies = d.studies;
    this.provider = d.provider;
    this.checkout = parts.checkout;
    this.confirmation = parts.confirmation;
    this.expiry = parts.expiry;
    this.refunds = parts.refunds;
    this.backOffice = parts.backOffice;
    this.deposits = parts.deposits;
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
    const p = await repo.byOrderId(this.d.ctx.db, orderId);
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

  adminCounts(): Promise<AdminPaymentCounts> {
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
