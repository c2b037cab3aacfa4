/** The server catalogue is complete in both languages (issue 13 item 9). */
import { describe, expect, it } from 'vitest';
import { isNoticeKey, LOCALES, MESSAGES, type MessageKey, renderNotice, t } from './messages.ts';

const HANGUL = /[\uAC00-\uD7A3\u3131-\u318E]/;
/** Latin parameters, so any Hangul in an English text comes from the catalogue itself. */
const PARAMS = {
  study: 'SQL Basics',
  project: 'Side Project',
  applicant: 'Alex',
  position: 'Backend',
  reason: 'COMPLETE',
  note: 'see you',
  count: 2,
  amount: 12000,
  deadline: '2026-12-06T05:00:00.000Z',
  what: 'SQL Basics',
  orderId: 'ORD-1',
  method: 'CARD',
  depositor: 'Alex',
  refundDue: 6000,
  hasAccount: 1,
  name: 'Alex',
  search: 'backend',
  title: 'Hello',
  status: 'RESOLVED',
  posting: 'QA engineer',
  action: 'PUBLISH',
  minutes: 30,
};

describe('server message catalogue', () => {
  it('has every key in every language', () => {
    const keys = (l: (typeof LOCALES)[number]) => Object.keys(MESSAGES[l]).sort();
    for (const l of LOCALES) {
      expect(keys(l), `keys of ${l}`).toEqual(keys('ko'));
      for (const k of keys(l)) expect(typeof MESSAGES[l][k as MessageKey], `${l} ${k}`).toBe('function');
    }
  });

  it('renders every text non-empty, English without Hangul and Korean with it', () => {
    for (const key of Object.keys(MESSAGES.ko) as MessageKey[]) {
      const en = t('en', key, PARAMS);
      const ko = t('ko', key, PARAMS);
      expect(en.trim(), key).not.toBe('');
      expect(ko.trim(), key).not.toBe('');
      expect(en, `English ${key}`).not.toMatch(HANGUL);
      // Korean texts are written in Korean (those that only join parameters excepted)
      if (
        ![
          'notice.jobs.correction.body',
          'notice.payment.depositReturned.body',
          'notice.payment.refundDeclined.body',
          'mail.notification.subject',
        ].includes(key)
      ) {
        expect(ko, `Korean ${key}`).toMatch(HANGUL);
      }
    }
  });

  it('picks Korean particles from the word and formats per locale', () => {
    expect(renderNotice('ko', 'notice.study.approved', { study: 'SQL 첫걸음' }).body).toBe('「SQL 첫걸음」이 승인되어 모집을 시작합니다.');
    expect(renderNotice('ko', 'notice.study.approved', { study: '모던 자바' }).body).toBe('「모던 자바」가 승인되어 모집을 시작합니다.');
    const ko = renderNotice('ko', 'notice.study.paymentDue', { study: 'SQL', amount: 12000, deadline: '2026-12-06T05:00:00.000Z' }).body;
    expect(ko).toContain('12,000원을');
    expect(ko).toContain('2026년 12월 6일');
    const en = renderNotice('en', 'notice.study.paymentDue', { study: 'SQL', amount: 12000, deadline: '2026-12-06T05:00:00.000Z' }).body;
    expect(en).toContain('₩12,000');
    expect(en).toContain('December 6, 2026');
    expect(isNoticeKey('notice.study.approved')).toBe(true);
    expect(isNoticeKey('notice.nope')).toBe(false);
  });
});
