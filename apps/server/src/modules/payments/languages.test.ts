/**
 * The payments' refusals in the reader's language (docs/api-wire.md "Languages"). The provider's
 * own refusal reaches a Korean reader as the provider wrote it and an English reader in English,
 * its code in `details.providerCode`; moim's own refusals (another person's order, a wrong
 * amount, the wrong address, refunds) are keys rendered in either language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorInReaderLanguage } from '../../../test/languages.ts';
import type { TestApp } from '../../../test/support.ts';
import { TOSS_ERRORS } from '../../providers/payments/toss-protocol.ts';
import {
  CARD,
  createPaymentsTestApp,
  makeUser,
  payerJourney,
  studyApplications,
  type TestClock,
  type TestUser,
} from './payments-test-kit.ts';

let t: TestApp;
let clock: TestClock;
let admin: TestUser;
let leader: TestUser;
let member: TestUser;
let other: TestUser;
beforeAll(async () => {
  ({ t, clock } = await createPaymentsTestApp());
  admin = await makeUser(t, { admin: true });
  leader = await makeUser(t);
  member = await makeUser(t);
  other = await makeUser(t);
});
afterAll(() => t.close());

const { payUrl, checkout } = payerJourney(() => ({ t, admin }));
const { accepted } = studyApplications(() => ({ t, leader, admin, clock }));

describe.each(['ko', 'en'] as const)('payment refusals (%s)', (locale) => {
  const headers = { 'accept-language': locale };
  const confirm = (u: TestUser, body: object) =>
    t.call({ method: 'POST', url: '/api/payments/confirm', headers: { ...u.auth, ...headers }, payload: body });

  it('says the provider’s refusal in the reader’s language, with its code', async () => {
    const declined = await confirm(member, await checkout(member, await accepted(member), CARD.decline));
    expect(declined.status).toBe(422);
    expect(declined.body.error.details).toMatchObject({ reason: 'PROVIDER_REFUSED', providerCode: 'REJECT_CARD_PAYMENT' });
    expectErrorInReaderLanguage(declined.body, locale);
    const words = locale === 'ko' ? TOSS_ERRORS.REJECT_CARD_PAYMENT.message : TOSS_ERRORS.REJECT_CARD_PAYMENT.en;
    expect(declined.body.error.message).toBe(words);
  });

  it('answers moim’s own refusals in the reader’s language', async () => {
    const s = await checkout(member, await accepted(member));
    const theirs = await confirm(other, s);
    expect(theirs.status).toBe(404);
    expectErrorInReaderLanguage(theirs.body, locale);
    const wrong = await confirm(member, { ...s, amount: s.amount + 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.fields).toMatchObject([{ path: 'body.amount', code: 'mismatch' }]);
    expectErrorInReaderLanguage(wrong.body, locale);
    const nowhere = await t.call({
      method: 'POST',
      url: payUrl(await accepted(member)),
      headers: { ...member.auth, ...headers, host: 'moim.intranet:8080', origin: 'http://moim.intranet:8080' },
      payload: { method: 'CARD' },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error.code).toBe('BIZ-3005');
    expectErrorInReaderLanguage(nowhere.body, locale);
    const paid = await confirm(member, s);
    expect(paid.status).toBe(200);
    const id = paid.body.data.id;
    const tooMuch = await t.call({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: { ...admin.auth, ...headers },
      payload: { amount: s.amount + 1, reason: '테스트' },
    });
    expect(tooMuch.status).toBe(400);
    expectErrorInReaderLanguage(tooMuch.body, locale);
    const account = await t.call({
      method: 'PUT',
      url: `/api/payments/${s.orderId}/refund-account`,
      headers: { ...member.auth, ...headers },
      payload: { refundAccount: { bank: '국민은행', number: '123-45', holder: '김회원' } },
    });
    expect(account.status).toBe(422);
    expectErrorInReaderLanguage(account.body, locale);
  });
});
