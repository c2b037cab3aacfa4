/**
 * Helpers for the payments tests: users with tokens, a stand-in for the studies module's payment
 * hooks (for the rules that need a clock or states the studies API cannot reach quickly), and
 * driving the built-in gateway's hosted checkout the way a browser does.
 */
import { TEST_CARDS, type ApplicationStatus } from '@moim/contract';
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../test/support.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApplicationForPayment } from '../studies/index.ts';
import type { StudiesPaymentHooks } from './ports.ts';

export const CARD: { approve: string; decline: string; network: string } = {
  approve: TEST_CARDS[0].number,
  decline: TEST_CARDS[1].number,
  network: TEST_CARDS[2].number,
};

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
  auth: { authorization: string };
}

export async function makeUser(t: TestApp, opts: { name?: string; admin?: boolean } = {}): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const name = opts.name ?? `회원${tag.slice(0, 4)}`;
  const email = `pay-${tag}@example.com`;
  const u = await t.api.users.createUser({
    email,
    name,
    password: `pw-${tag}-long-enough!`,
    admin: opts.admin ?? false,
    checkPolicy: false,
  });
  const token = await t.ctx.tokens.sign({
    id: u.id,
    roles: opts.admin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'],
    systemRole: opts.admin ? 'ROLE_ADMIN' : 'ROLE_USER',
  });
  return { id: u.id, email, name, token, auth: { authorization: `Bearer ${token}` } };
}

/** An application as the studies module describes it to payments (the real type). */
export type FakeApplication = ApplicationForPayment;

/**
 * The studies module's payment hooks, in memory: it implements the real `StudiesPaymentHooks`
 * type (the compiler checks every signature, transaction parameter included) and is handed to the
 * payments module through `createTestApp({ overrides })`. Its state lives in memory, so it cannot
 * roll back with the caller's transaction: tests of commit/rollback behaviour use the real studies
 * module (studies-integration.test.ts).
 */
export class FakeStudies implements StudiesPaymentHooks {
  readonly apps = new Map<string, FakeApplication>();
  readonly members = new Set<string>();
  confirmCalls = 0;

  add(applicant: TestUser, o: Partial<FakeApplication> = {}): FakeApplication {
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const a: FakeApplication = {
      applicationId: crypto.randomUUID(),
      studyId: crypto.randomUUID(),
      studyTitle: '테코테코 1기',
      studySlug: 'fake-study',
      studyStatus: 'APPROVED',
      studyStartDate: day(14),
      applicantId: applicant.id,
      applicantName: applicant.name,
      status: 'ACCEPTED',
      amount: 30_000,
      paymentDeadline: new Date(Date.now() + 72 * 3600_000),
      paidAmount: null,
      checkoutId: null,
      confirmedAt: null,
      ...o,
    };
    this.apps.set(a.applicationId, a);
    return a;
  }

  private get(id: string, from: ApplicationStatus[]): FakeApplication {
    const a = this.apps.get(id);
    if (!a) throw new AppError('BIZ-3001');
    if (!from.includes(a.status)) throw new AppError('BIZ-3002', `신청 상태(${a.status})에서는 할 수 없는 작업입니다.`);
    return a;
  }

  async getApplicationForPayment(id: string, _tx?: Tx) {
    const a = this.apps.get(id);
    return a ? { ...a } : null;
  }
  async confirmPaidApplication(_tx: Tx, id: string, paidAmount: number, checkoutId?: string) {
    const a = this.get(id, ['ACCEPTED', 'PAYMENT_PENDING']);
    this.confirmCalls++;
    a.status = 'CONFIRMED';
    a.paidAmount = paidAmount;
    if (checkoutId) a.checkoutId = checkoutId;
    this.members.add(`${a.studyId}:${a.applicantId}`);
  }
  async markPaymentPending(id: string, _tx?: Tx) {
    this.get(id, ['ACCEPTED']).status = 'PAYMENT_PENDING';
  }
  async returnToAccepted(id: string, _tx?: Tx) {
    this.get(id, ['PAYMENT_PENDING']).status = 'ACCEPTED';
  }
  async refundApplication(id: string, _tx?: Tx) {
    const a = this.get(id, ['CONFIRMED']);
    a.status = 'REFUNDED';
    this.members.delete(`${a.studyId}:${a.applicantId}`);
  }
  async setCheckoutId(id: string, checkoutId: string, _tx?: Tx) {
    const a = this.apps.get(id);
    if (a) a.checkoutId = checkoutId;
  }
}

/** An app whose payments module receives the in-memory studies hooks (same interface type). */
export async function createAppWithFakeStudies(opts: TestAppOptions = {}): Promise<{ t: TestApp; fake: FakeStudies }> {
  const fake = new FakeStudies();
  const t = await createTestApp({ ...opts, overrides: { ...opts.overrides, paymentsStudies: fake } });
  return { t, fake };
}

/** The hosted checkout, as a browser submits it: returns where the gateway redirected. */
export async function payOnCheckoutPage(t: TestApp, checkoutUrl: string, cardNumber: string, action: 'pay' | 'cancel' = 'pay') {
  const page = await t.call({ method: 'GET', url: checkoutUrl });
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}: ${String(page.body).slice(0, 300)}`);
  const q = new URL(checkoutUrl, 'http://x').searchParams;
  const form = new URLSearchParams(q);
  form.set('cardNumber', cardNumber);
  form.set('action', action);
  const res = await t.call({
    method: 'POST',
    url: '/api/payments/test-gateway/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const location = String(res.headers.location ?? '');
  const params = location ? Object.fromEntries(new URL(location, 'http://x').searchParams) : {};
  return { status: res.status, location, params, html: typeof res.body === 'string' ? res.body : '' };
}
