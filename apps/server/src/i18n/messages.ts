/**
 * The server's message catalogue: every text the server writes for a person (in-app
 * notifications, mail subjects and bodies) in Korean and English, chosen by the reader's
 * locale (`users.locale`, set by the web). Notifications are stored as a key and its parameters
 * and rendered when read or mailed (docs/architecture.md "Server-made texts"), so a reader who
 * switches language sees the inbox in the new language.
 *
 * Parameters are plain strings and numbers; amounts are numbers (formatted per locale) and
 * instants ISO strings (formatted with Intl in Asia/Seoul, the service's time zone). Korean
 * particles follow the word before them (`josa`, es-hangul), never "이(가)".
 */
import { josa } from './josa.ts';

export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

export type MessageParams = Readonly<Record<string, string | number>>;

/** Per-locale formatting the texts use. */
export interface Fmt {
  readonly locale: Locale;
  /** an amount in won: 12,000원 / ₩12,000 */
  won(n: string | number | undefined): string;
  /** an instant, date and time in Seoul: 2026년 12월 6일 오후 2:00 / December 6, 2026 at 2:00 PM */
  dateTime(iso: string | number | undefined): string;
  /** a user-written title set off: 「SQL 첫걸음」 / "SQL Basics" */
  q(s: string | number | undefined): string;
}

type Text = (p: MessageParams, f: Fmt) => string;

const str = (v: string | number | undefined) => (v === undefined ? '' : String(v));

function fmtFor(locale: Locale): Fmt {
  const tag = locale === 'ko' ? 'ko-KR' : 'en-US';
  return {
    locale,
    won: (n) => {
      const v = Number(n ?? 0);
      return locale === 'ko' ? `${v.toLocaleString('ko-KR')}원` : `₩${v.toLocaleString('en-US')}`;
    },
    dateTime: (iso) => {
      if (iso === undefined || iso === '') return '-';
      const d = new Date(iso);
      if (Number.isNaN(d.getTime())) return '-';
      return new Intl.DateTimeFormat(tag, { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' }).format(d);
    },
    q: (s) => (locale === 'ko' ? `「${str(s)}」` : `“${str(s)}”`),
  };
}

// --- Korean ----------------------------------------------------------------------------------

const PROJECT_MOVED_KO: Record<string, string> = {
  PUBLISH: '모집을 시작했습니다',
  CLOSE_RECRUITMENT: '모집을 마감하고 진행 중입니다',
  REOPEN: '모집을 다시 시작했습니다',
  COMPLETE: '완료되었습니다',
  CANCEL: '취소되었습니다',
};
const PROJECT_MOVED_EN: Record<string, string> = {
  PUBLISH: 'is now recruiting',
  CLOSE_RECRUITMENT: 'closed recruitment and is in progress',
  REOPEN: 'is recruiting again',
  COMPLETE: 'is completed',
  CANCEL: 'was cancelled',
};
const CORRECTION_STATUS_KO: Record<string, string> = { OPEN: '접수', IN_REVIEW: '검토 중', RESOLVED: '반영 완료', REJECTED: '반려' };
const CORRECTION_STATUS_EN: Record<string, string> = {
  OPEN: 'received',
  IN_REVIEW: 'in review',
  RESOLVED: 'resolved',
  REJECTED: 'declined',
};
const AUTO_CLOSE_KO: Record<string, string> = {
  COMPLETE: '프로젝트가 완료되어 지원을 마감했습니다.',
  CANCEL: '프로젝트가 취소되어 지원을 마감했습니다.',
  DELETE: '프로젝트가 삭제되어 지원을 마감했습니다.',
};
const AUTO_CLOSE_EN: Record<string, string> = {
  COMPLETE: 'The project was completed, so applications are closed.',
  CANCEL: 'The project was cancelled, so applications are closed.',
  DELETE: 'The project was deleted, so applications are closed.',
};
const METHOD_KO: Record<string, string> = { CARD: '카드', TRANSFER: '계좌이체' };
const METHOD_EN: Record<string, string> = { CARD: 'card', TRANSFER: 'bank transfer' };

const ko = {
  // studies
  'notice.study.approved.title': () => '스터디가 승인되었습니다',
  'notice.study.approved.body': (p, f) => `${josa(f.q(p.study), '이/가')} 승인되어 모집을 시작합니다.`,
  'notice.study.rejected.title': () => '스터디 제안이 반려되었습니다',
  'notice.study.rejected.body': (p, f) => `${f.q(p.study)} 반려 사유: ${str(p.reason)}`,
  'notice.study.started.title': () => '스터디가 시작되었습니다',
  'notice.study.started.body': (p, f) => `${josa(f.q(p.study), '이/가')} 시작되었습니다. 첫 모임에서 만나요!`,
  'notice.study.completed.title': () => '스터디가 완료되었습니다',
  'notice.study.completed.body': (p, f) => `${josa(f.q(p.study), '을/를')} 마쳤습니다. 후기를 남겨 주세요.`,
  'notice.study.terminated.title': () => '스터디가 중단되었습니다',
  'notice.study.terminated.body': (p, f) => `${josa(f.q(p.study), '이/가')} 중단되었습니다.${p.reason ? ` 사유: ${str(p.reason)}` : ''}`,
  'notice.study.reactivated.title': () => '스터디가 다시 열렸습니다',
  'notice.study.reactivated.body': (p, f) => `${josa(f.q(p.study), '이/가')} 다시 활성화되었습니다.`,
  'notice.study.applicationReceived.title': () => '새 참가 신청이 도착했습니다',
  'notice.study.applicationReceived.body': (p, f) => `${f.q(p.study)}에 새 신청이 있습니다.`,
  'notice.study.applicationConfirmed.title': () => '참가 신청이 승인되었습니다',
  'notice.study.applicationConfirmed.body': (p, f) => `${f.q(p.study)} 멤버가 되었습니다. 환영합니다!`,
  'notice.study.applicationAccepted.title': () => '참가 신청이 승인되었습니다',
  'notice.study.applicationAccepted.body': (p, f) =>
    `${f.q(p.study)} 참가가 승인되었습니다. ${f.dateTime(p.deadline)}까지 ${josa(f.won(p.amount), '을/를')} 결제하면 참가가 확정됩니다.`,
  'notice.study.waitlistJoined.title': () => '대기 순서가 되어 참가가 확정되었습니다',
  'notice.study.waitlistJoined.body': (p, f) => `자리가 나서 ${f.q(p.study)} 멤버가 되었습니다. 환영합니다!`,
  'notice.study.waitlistOffer.title': () => '대기 순서가 되어 자리가 났습니다',
  'notice.study.waitlistOffer.body': (p, f) =>
    `${f.q(p.study)}에 자리가 났습니다. ${f.dateTime(p.deadline)}까지 ${josa(f.won(p.amount), '을/를')} 결제하면 참가가 확정되고, 기한이 지나면 다음 대기자에게 넘어갑니다.`,
  'notice.study.applicationRejected.title': () => '참가 신청 결과 안내',
  'notice.study.applicationRejected.body': (p, f) => `${f.q(p.study)} 신청이 반려되었습니다: ${str(p.note)}`,
  'notice.study.paymentExpired.title': () => '결제 기한이 지났습니다',
  'notice.study.paymentExpired.body': (p, f) => `${f.q(p.study)} 결제 기한이 지나 참가 승인이 취소되었습니다.`,
  'notice.study.paymentDue.title': () => '결제 기한이 다가옵니다',
  'notice.study.paymentDue.body': (p, f) =>
    `${f.q(p.study)} 참가비 ${josa(f.won(p.amount), '을/를')} ${f.dateTime(p.deadline)}까지 결제해 주세요.`,
  'notice.study.memberRemoved.title': () => '스터디 참여가 종료되었습니다',
  'notice.study.memberRemoved.body': (p, f) => `${f.q(p.study)}에서 리더가 참여를 종료했습니다.`,
  'notice.study.memberWarned.title': () => '스터디 경고를 받았습니다',
  'notice.study.memberWarned.body': (p, f) => `${f.q(p.study)} 경고 ${str(p.count)}회: ${str(p.reason)}`,
  'notice.study.memberDeactivated.title': () => '경고 누적으로 참여가 중지되었습니다',
  'notice.study.memberDeactivated.body': (p, f) =>
    `${f.q(p.study)} 경고 ${str(p.count)}회: ${str(p.reason)} — 경고 ${str(p.count)}회로 참여가 중지되었습니다.`,
  // projects
  'notice.project.applicationReceived.title': () => '새 프로젝트 지원이 도착했습니다',
  'notice.project.applicationReceived.body': (p, f) =>
    `${josa(str(p.applicant), '이/가')} ${f.q(p.project)}의 ${str(p.position)} 포지션에 지원했습니다.`,
  'notice.project.applicationApproved.title': () => '프로젝트 지원이 승인되었습니다',
  'notice.project.applicationApproved.body': (p, f) => `${f.q(p.project)}의 ${str(p.position)} 포지션으로 합류했습니다. 환영합니다!`,
  'notice.project.applicationRejected.title': () => '프로젝트 지원 결과 안내',
  'notice.project.applicationRejected.body': (p, f) =>
    `${f.q(p.project)}의 ${str(p.position)} 포지션 지원이 반려되었습니다.\n소유자의 메모: ${str(p.note)}`,
  'notice.project.applicationWithdrawn.title': () => '프로젝트 지원이 취소되었습니다',
  'notice.project.applicationWithdrawn.body': (p, f) =>
    `${josa(str(p.applicant), '이/가')} ${f.q(p.project)}의 ${str(p.position)} 포지션 지원을 취소했습니다.`,
  'notice.project.recruitmentClosed.title': () => '모집 마감일이 지나 모집을 마감했습니다',
  'notice.project.recruitmentClosed.body': (p, f) =>
    `${f.q(p.project)} 모집이 마감되어 진행 중으로 바뀌었습니다. 더 모집하려면 마감일을 바꾼 뒤 모집을 다시 여세요.`,
  'notice.project.statusChanged.title': (p, f) => `${josa(f.q(p.project), '이/가')} ${PROJECT_MOVED_KO[str(p.action)] ?? ''}`,
  'notice.project.statusChanged.body': (p, f) =>
    `참여 중인 프로젝트 ${josa(f.q(p.project), '이/가')} ${PROJECT_MOVED_KO[str(p.action)] ?? ''}.`,
  'notice.project.deleted.title': (p, f) => `${josa(f.q(p.project), '이/가')} 삭제되었습니다`,
  'notice.project.deleted.body': (p, f) => `참여 중인 프로젝트 ${josa(f.q(p.project), '이/가')} 소유자에 의해 삭제되었습니다.`,
  'notice.project.applicationClosed.title': () => '프로젝트 지원 결과 안내',
  'notice.project.applicationClosed.body': (p, f) =>
    `${f.q(p.project)}의 ${str(p.position)} 포지션 지원이 반려되었습니다.\n소유자의 메모: ${AUTO_CLOSE_KO[str(p.reason)] ?? ''}`,
  'project.autoCloseNote.COMPLETE': () => AUTO_CLOSE_KO.COMPLETE!,
  'project.autoCloseNote.CANCEL': () => AUTO_CLOSE_KO.CANCEL!,
  'project.autoCloseNote.DELETE': () => AUTO_CLOSE_KO.DELETE!,
  // job postings
  'notice.jobs.correction.title': (p) => `정정 요청이 '${CORRECTION_STATUS_KO[str(p.status)] ?? str(p.status)}' 상태가 되었습니다`,
  'notice.jobs.correction.body': (p) => [p.posting, p.note].filter(Boolean).map(str).join(' — '),
  'mail.jobs.alert.subject': (p) => `[moim] '${str(p.search)}'에 새 공고 ${str(p.count)}건`,
  'mail.jobs.alert.intro': (p) => `${str(p.name)}님, 저장한 검색 '${str(p.search)}'에 맞는 새 채용 공고가 ${str(p.count)}건 올라왔습니다.`,
  'mail.jobs.alert.more': (p) => `…외 ${str(p.count)}건 더 보기`,
  'mail.jobs.alert.unsubscribe': () => '이 알림 수신 거부',
  // payments
  'notice.payment.confirmed.title': () => '결제 완료',
  'notice.payment.confirmed.body': (p) => `${str(p.what)} 참여가 확정되었습니다.`,
  'notice.payment.depositReturned.title': () => '입금 확인 보류',
  'notice.payment.depositReturned.body': (p) => str(p.note),
  'notice.payment.refundRequested.title': () => '환불 요청 접수',
  'notice.payment.refundRequested.body': (p) => `${str(p.what)} 환불 요청이 접수되었습니다.`,
  'notice.payment.refundDeclined.title': () => '환불 불가 안내',
  'notice.payment.refundDeclined.body': (p) => str(p.note),
  'notice.payment.refunded.title': () => '환불 완료',
  'notice.payment.refunded.body': (p, f) => `${f.won(p.amount)} 환불되었습니다.`,
  'mail.payment.confirmed.subject': (p) => `[moim] ${str(p.what)} 결제가 완료되었습니다`,
  'mail.payment.confirmed.lines': (p, f) =>
    [
      `${str(p.what)} 결제가 완료되어 참여가 확정되었습니다.`,
      `결제 금액: ${f.won(p.amount)} (${METHOD_KO[str(p.method)] ?? str(p.method)})`,
      `주문번호: ${str(p.orderId)}`,
    ].join('\n'),
  'mail.payment.depositReturned.subject': (p) => `[moim] ${str(p.what)} 입금 확인이 보류되었습니다`,
  'mail.payment.depositReturned.lines': (p, f) =>
    [
      `${str(p.what)} 입금을 확인하지 못했습니다.`,
      `운영자 메모: ${str(p.note) || '-'}`,
      `입금자명 ${str(p.depositor) || '-'}, ${josa(f.won(p.amount), '을/를')} 다시 확인하신 뒤 입금 완료를 알려 주세요. 기한: ${f.dateTime(p.deadline)}`,
    ].join('\n'),
  'mail.payment.refundRequested.subject': (p) => `[moim] ${str(p.what)} 환불 요청이 접수되었습니다`,
  'mail.payment.refundRequested.lines': (p, f) =>
    [
      `${str(p.what)} 환불 요청이 접수되었습니다.`,
      p.refundDue
        ? `환불 예정 금액: ${f.won(p.refundDue)}. ${p.hasAccount ? '등록하신 계좌로 보내 드립니다.' : '환불받을 계좌를 등록해 주세요.'}`
        : '스터디가 시작된 뒤라 운영자가 환불 금액을 정해 안내해 드립니다.',
      `주문번호: ${str(p.orderId)}`,
    ].join('\n'),
  'mail.payment.refundDeclined.subject': (p) => `[moim] ${str(p.what)} 환불 요청 결과를 알려 드립니다`,
  'mail.payment.refundDeclined.lines': (p) =>
    [`${str(p.what)} 환불 요청이 받아들여지지 않았습니다.`, `운영자 메모: ${str(p.note) || '-'}`, `주문번호: ${str(p.orderId)}`].join('\n'),
  'mail.payment.refunded.subject': (p) => `[moim] ${str(p.what)} 환불이 완료되었습니다`,
  'mail.payment.refunded.lines': (p, f) =>
    [
      `${str(p.what)} 결제 중 ${josa(f.won(p.amount), '이/가')} 환불되었습니다.`,
      p.method === 'CARD' ? '카드사 사정에 따라 취소가 반영되기까지 며칠 걸릴 수 있습니다.' : '등록하신 계좌로 송금했습니다.',
      `주문번호: ${str(p.orderId)}`,
    ].join('\n'),
  // session reminders (docs/reminders.md)
  'notice.session.reminder.title': (p) => `${str(p.lead)} 스터디 일정이 시작됩니다`,
  'notice.session.reminder.body': (p, f) =>
    `${f.q(p.title)} 일정이 ${f.dateTime(p.startsAt)}에 시작합니다.${p.place ? ` 장소: ${str(p.place)}` : ''}`,
  'reminder.lead.minutes': (p) => `${str(p.n)}분 후`,
  'reminder.lead.hours': (p) => `${str(p.n)}시간 후`,
  'reminder.lead.days': (p) => `${str(p.n)}일 후`,
  'reminder.online': () => '온라인',
  'mail.reminder.subject': (p, f) => `[moim] 일정 알림: ${f.q(p.title)} ${f.dateTime(p.startsAt)}`,
  'mail.reminder.attached': () =>
    '첨부한 캘린더 파일(.ics)을 열면 일정이 캘린더에 추가됩니다. 일정이 바뀌거나 취소되면 다시 알려 드립니다.',
  'mail.reminder.settings': () => '알림 시간은 스터디 페이지에서 바꾸거나 끌 수 있습니다.',
  'mail.session.updated.subject': (p, f) => `[moim] 일정 변경: ${f.q(p.title)} ${f.dateTime(p.startsAt)}`,
  'mail.session.updated.lines': (p, f) => `${f.q(p.title)} 일정이 바뀌었습니다. 새 시작 시각: ${f.dateTime(p.startsAt)}`,
  'mail.session.cancelled.subject': (p, f) => `[moim] 일정 취소: ${f.q(p.title)} ${f.dateTime(p.startsAt)}`,
  'mail.session.cancelled.lines': (p, f) => `${f.dateTime(p.startsAt)}에 예정된 ${f.q(p.title)} 일정이 취소되었습니다.`,
  // members' data
  'notice.dataExport.ready.title': () => '내 데이터 내보내기 파일이 준비되었습니다',
  'notice.dataExport.ready.body': (p, f) =>
    `요청하신 내보내기 파일을 내려받을 수 있습니다. 설정 페이지에서 본인 확인 후 ${f.dateTime(p.until)}까지 내려받으세요.`,
  // mail frame
  'mail.greeting': (p) => `${str(p.name)}님, 안녕하세요.`,
  'mail.notification.subject': (p) => `[moim] ${str(p.title)}`,
  'mail.viewOnMoim': () => 'moim에서 보기',
  // accounts
  'mail.passwordReset.subject': () => '[moim] 비밀번호 재설정 안내',
  'mail.passwordReset.request': () => 'moim 계정의 비밀번호 재설정을 요청하셨습니다. 아래 링크에서 새 비밀번호를 설정해 주세요.',
  'mail.passwordReset.button': () => '비밀번호 재설정하기',
  'mail.passwordReset.ttl': (p) => `이 링크는 ${str(p.minutes)}분 동안 한 번만 쓸 수 있습니다.`,
  'mail.passwordReset.ignore': () => '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.',
  'mail.emailChange.subject': () => '[moim] 새 이메일 주소를 확인해 주세요',
  'mail.emailChange.request': () => 'moim 계정의 이메일을 이 주소로 바꾸려고 합니다. 아래 링크를 열면 변경이 끝납니다.',
  'mail.emailChange.button': () => '이메일 변경 확인하기',
  'mail.emailChange.ttl': (p) => `이 링크는 ${str(p.minutes)}분 동안 한 번만 쓸 수 있습니다.`,
  'mail.emailChange.ignore': () => '요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 이메일은 바뀌지 않습니다.',
  'mail.emailChangeRequested.subject': () => '[moim] 이메일 변경 요청 안내',
  'mail.emailChangeRequested.body': (p) =>
    `계정의 이메일을 ${str(p.to)} 주소로 바꾸는 요청이 있었습니다. 새 주소에서 확인해야 바뀝니다. 요청하지 않았다면 바로 비밀번호를 바꾸고 로그인 기록을 확인해 주세요.`,
  'mail.emailChanged.subject': () => '[moim] 이메일이 변경되었습니다',
  'mail.emailChanged.body': (p) =>
    `계정의 이메일이 ${str(p.to)} 주소로 바뀌었습니다. 이 주소로는 더 이상 로그인할 수 없습니다. 요청하지 않았다면 운영진에게 바로 알려 주세요.`,
  'notice.account.secondFactorReset.title': () => '2단계 인증이 초기화되었습니다',
  'notice.account.secondFactorReset.body': () =>
    '관리자가 계정의 2단계 인증을 초기화했습니다. 비밀번호로 로그인한 뒤 보안 설정에서 다시 등록해 주세요. 요청하지 않았다면 바로 비밀번호를 바꾸고 운영진에게 알려 주세요.',
  'notice.admin.secondFactorReset.title': () => '회원의 2단계 인증이 초기화되었습니다',
  'notice.admin.secondFactorReset.body': (p) =>
    `관리자 ${str(p.admin)}님이 회원 ${str(p.member)}님의 2단계 인증을 초기화했습니다. 본인이 한 일이 아니라면 보안 로그를 확인해 주세요.`,
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof ko;

// --- English ---------------------------------------------------------------------------------

const en: Record<MessageKey, Text> = {
  'notice.study.approved.title': () => 'Your study was approved',
  'notice.study.approved.body': (p, f) => `${f.q(p.study)} was approved and is now recruiting.`,
  'notice.study.rejected.title': () => 'Your study proposal was declined',
  'notice.study.rejected.body': (p, f) => `${f.q(p.study)}, reason: ${str(p.reason)}`,
  'notice.study.started.title': () => 'Your study has started',
  'notice.study.started.body': (p, f) => `${f.q(p.study)} has started. See you at the first session!`,
  'notice.study.completed.title': () => 'Your study is completed',
  'notice.study.completed.body': (p, f) => `You finished ${f.q(p.study)}. Please leave a review.`,
  'notice.study.terminated.title': () => 'A study was stopped',
  'notice.study.terminated.body': (p, f) => `${f.q(p.study)} was stopped.${p.reason ? ` Reason: ${str(p.reason)}` : ''}`,
  'notice.study.reactivated.title': () => 'Your study was reopened',
  'notice.study.reactivated.body': (p, f) => `${f.q(p.study)} is active again.`,
  'notice.study.applicationReceived.title': () => 'A new application arrived',
  'notice.study.applicationReceived.body': (p, f) => `${f.q(p.study)} has a new application.`,
  'notice.study.applicationConfirmed.title': () => 'Your application was accepted',
  'notice.study.applicationConfirmed.body': (p, f) => `You are now a member of ${f.q(p.study)}. Welcome!`,
  'notice.study.applicationAccepted.title': () => 'Your application was accepted',
  'notice.study.applicationAccepted.body': (p, f) =>
    `Your application to ${f.q(p.study)} was accepted. Pay ${f.won(p.amount)} by ${f.dateTime(p.deadline)} to confirm your seat.`,
  'notice.study.waitlistJoined.title': () => 'A seat opened: you are in',
  'notice.study.waitlistJoined.body': (p, f) => `A seat opened in ${f.q(p.study)} and you are now a member. Welcome!`,
  'notice.study.waitlistOffer.title': () => 'A seat opened for you',
  'notice.study.waitlistOffer.body': (p, f) =>
    `A seat opened in ${f.q(p.study)}. Pay ${f.won(p.amount)} by ${f.dateTime(p.deadline)} to take it; after that it passes to the next person in line.`,
  'notice.study.applicationRejected.title': () => 'About your application',
  'notice.study.applicationRejected.body': (p, f) => `Your application to ${f.q(p.study)} was declined: ${str(p.note)}`,
  'notice.study.paymentExpired.title': () => 'The payment deadline has passed',
  'notice.study.paymentExpired.body': (p, f) => `The payment deadline for ${f.q(p.study)} passed, so the acceptance was cancelled.`,
  'notice.study.paymentDue.title': () => 'Payment deadline coming up',
  'notice.study.paymentDue.body': (p, f) => `Please pay the ${f.won(p.amount)} fee for ${f.q(p.study)} by ${f.dateTime(p.deadline)}.`,
  'notice.study.memberRemoved.title': () => 'Your study membership ended',
  'notice.study.memberRemoved.body': (p, f) => `The leader ended your membership in ${f.q(p.study)}.`,
  'notice.study.memberWarned.title': () => 'You received a study warning',
  'notice.study.memberWarned.body': (p, f) => `${f.q(p.study)}, warning ${str(p.count)}: ${str(p.reason)}`,
  'notice.study.memberDeactivated.title': () => 'Your membership was suspended after repeated warnings',
  'notice.study.memberDeactivated.body': (p, f) =>
    `${f.q(p.study)}, warning ${str(p.count)}: ${str(p.reason)} — after ${str(p.count)} warnings your membership was suspended.`,
  'notice.project.applicationReceived.title': () => 'A new project application arrived',
  'notice.project.applicationReceived.body': (p, f) =>
    `${str(p.applicant)} applied for the ${str(p.position)} position in ${f.q(p.project)}.`,
  'notice.project.applicationApproved.title': () => 'Your project application was approved',
  'notice.project.applicationApproved.body': (p, f) => `You joined ${f.q(p.project)} as ${str(p.position)}. Welcome!`,
  'notice.project.applicationRejected.title': () => 'About your project application',
  'notice.project.applicationRejected.body': (p, f) =>
    `Your application for the ${str(p.position)} position in ${f.q(p.project)} was declined.\nNote from the owner: ${str(p.note)}`,
  'notice.project.applicationWithdrawn.title': () => 'A project application was withdrawn',
  'notice.project.applicationWithdrawn.body': (p, f) =>
    `${str(p.applicant)} withdrew their application for the ${str(p.position)} position in ${f.q(p.project)}.`,
  'notice.project.recruitmentClosed.title': () => 'Recruitment closed at the deadline',
  'notice.project.recruitmentClosed.body': (p, f) =>
    `Recruitment for ${f.q(p.project)} closed and the project is now in progress. To recruit more, change the deadline and reopen recruitment.`,
  'notice.project.statusChanged.title': (p, f) => `${f.q(p.project)} ${PROJECT_MOVED_EN[str(p.action)] ?? ''}`,
  'notice.project.statusChanged.body': (p, f) => `The project ${f.q(p.project)} you take part in ${PROJECT_MOVED_EN[str(p.action)] ?? ''}.`,
  'notice.project.deleted.title': (p, f) => `${f.q(p.project)} was deleted`,
  'notice.project.deleted.body': (p, f) => `The project ${f.q(p.project)} you take part in was deleted by its owner.`,
  'notice.project.applicationClosed.title': () => 'About your project application',
  'notice.project.applicationClosed.body': (p, f) =>
    `Your application for the ${str(p.position)} position in ${f.q(p.project)} was closed: ${AUTO_CLOSE_EN[str(p.reason)] ?? ''}`,
  'project.autoCloseNote.COMPLETE': () => AUTO_CLOSE_EN.COMPLETE!,
  'project.autoCloseNote.CANCEL': () => AUTO_CLOSE_EN.CANCEL!,
  'project.autoCloseNote.DELETE': () => AUTO_CLOSE_EN.DELETE!,
  'notice.jobs.correction.title': (p) => `Your correction request is now '${CORRECTION_STATUS_EN[str(p.status)] ?? str(p.status)}'`,
  'notice.jobs.correction.body': (p) => [p.posting, p.note].filter(Boolean).map(str).join(' — '),
  'mail.jobs.alert.subject': (p) => `[moim] ${str(p.count)} new postings for '${str(p.search)}'`,
  'mail.jobs.alert.intro': (p) => `Hello ${str(p.name)}, ${str(p.count)} new job postings match your saved search '${str(p.search)}'.`,
  'mail.jobs.alert.more': (p) => `…and ${str(p.count)} more`,
  'mail.jobs.alert.unsubscribe': () => 'Stop these alerts',
  'notice.payment.confirmed.title': () => 'Payment complete',
  'notice.payment.confirmed.body': (p) => `Your place in ${str(p.what)} is confirmed.`,
  'notice.payment.depositReturned.title': () => 'Deposit not confirmed yet',
  'notice.payment.depositReturned.body': (p) => str(p.note),
  'notice.payment.refundRequested.title': () => 'Refund request received',
  'notice.payment.refundRequested.body': (p) => `Your refund request for ${str(p.what)} was received.`,
  'notice.payment.refundDeclined.title': () => 'Refund declined',
  'notice.payment.refundDeclined.body': (p) => str(p.note),
  'notice.payment.refunded.title': () => 'Refund complete',
  'notice.payment.refunded.body': (p, f) => `${f.won(p.amount)} was refunded.`,
  'mail.payment.confirmed.subject': (p) => `[moim] Payment for ${str(p.what)} is complete`,
  'mail.payment.confirmed.lines': (p, f) =>
    [
      `Your payment for ${str(p.what)} is complete and your place is confirmed.`,
      `Amount: ${f.won(p.amount)} (${METHOD_EN[str(p.method)] ?? str(p.method)})`,
      `Order number: ${str(p.orderId)}`,
    ].join('\n'),
  'mail.payment.depositReturned.subject': (p) => `[moim] Your deposit for ${str(p.what)} is on hold`,
  'mail.payment.depositReturned.lines': (p, f) =>
    [
      `We could not confirm your deposit for ${str(p.what)}.`,
      `Note from the operator: ${str(p.note) || '-'}`,
      `Please check the depositor name ${str(p.depositor) || '-'} and the amount ${f.won(p.amount)}, then tell us the transfer is done. Deadline: ${f.dateTime(p.deadline)}`,
    ].join('\n'),
  'mail.payment.refundRequested.subject': (p) => `[moim] Refund request for ${str(p.what)} received`,
  'mail.payment.refundRequested.lines': (p, f) =>
    [
      `Your refund request for ${str(p.what)} was received.`,
      p.refundDue
        ? `Refund due: ${f.won(p.refundDue)}. ${p.hasAccount ? 'We will send it to the account you registered.' : 'Please register the account to refund to.'}`
        : 'The study has started, so an operator will decide the refund amount and let you know.',
      `Order number: ${str(p.orderId)}`,
    ].join('\n'),
  'mail.payment.refundDeclined.subject': (p) => `[moim] About your refund request for ${str(p.what)}`,
  'mail.payment.refundDeclined.lines': (p) =>
    [
      `Your refund request for ${str(p.what)} was declined.`,
      `Note from the operator: ${str(p.note) || '-'}`,
      `Order number: ${str(p.orderId)}`,
    ].join('\n'),
  'mail.payment.refunded.subject': (p) => `[moim] Refund for ${str(p.what)} is complete`,
  'mail.payment.refunded.lines': (p, f) =>
    [
      `${f.won(p.amount)} of your payment for ${str(p.what)} was refunded.`,
      p.method === 'CARD'
        ? 'Depending on the card company, the cancellation may take a few days to show.'
        : 'We sent it to the account you registered.',
      `Order number: ${str(p.orderId)}`,
    ].join('\n'),
  // session reminders (docs/reminders.md)
  'notice.session.reminder.title': (p) => `A study session starts ${str(p.lead)}`,
  'notice.session.reminder.body': (p, f) =>
    `${f.q(p.title)} starts on ${f.dateTime(p.startsAt)}.${p.place ? ` Where: ${str(p.place)}` : ''}`,
  'reminder.lead.minutes': (p) => `in ${str(p.n)} minutes`,
  'reminder.lead.hours': (p) => (Number(p.n) === 1 ? 'in 1 hour' : `in ${str(p.n)} hours`),
  'reminder.lead.days': (p) => (Number(p.n) === 1 ? 'in 1 day' : `in ${str(p.n)} days`),
  'reminder.online': () => 'Online',
  'mail.reminder.subject': (p, f) => `[moim] Reminder: ${f.q(p.title)} ${f.dateTime(p.startsAt)}`,
  'mail.reminder.attached': () =>
    'Open the attached calendar file (.ics) to add the session to your calendar. If it moves or is cancelled, we will tell you again.',
  'mail.reminder.settings': () => 'You can change or turn off these reminders on the study’s page.',
  'mail.session.updated.subject': (p, f) => `[moim] Moved: ${f.q(p.title)} ${f.dateTime(p.startsAt)}`,
  'mail.session.updated.lines': (p, f) => `${f.q(p.title)} now starts on ${f.dateTime(p.startsAt)}.`,
  'mail.session.cancelled.subject': (p, f) => `[moim] Cancelled: ${f.q(p.title)} ${f.dateTime(p.startsAt)}`,
  'mail.session.cancelled.lines': (p, f) => `${f.q(p.title)} on ${f.dateTime(p.startsAt)} is cancelled.`,
  'notice.dataExport.ready.title': () => 'Your data export is ready',
  'notice.dataExport.ready.body': (p, f) =>
    `The export you asked for can be downloaded from your settings, after confirming it is you, until ${f.dateTime(p.until)}.`,
  'mail.greeting': (p) => `Hello ${str(p.name)},`,
  'mail.notification.subject': (p) => `[moim] ${str(p.title)}`,
  'mail.viewOnMoim': () => 'View on moim',
  'mail.passwordReset.subject': () => '[moim] Reset your password',
  'mail.passwordReset.request': () => 'You asked to reset the password of your moim account. Set a new password with the link below.',
  'mail.passwordReset.button': () => 'Reset my password',
  'mail.passwordReset.ttl': (p) => `The link works once, for ${str(p.minutes)} minutes.`,
  'mail.passwordReset.ignore': () => 'If you did not ask for this, ignore this mail: your password stays the same.',
  'mail.emailChange.subject': () => '[moim] Confirm your new e-mail address',
  'mail.emailChange.request': () => 'Your moim account is changing its e-mail to this address. Open the link below to finish the change.',
  'mail.emailChange.button': () => 'Confirm the e-mail change',
  'mail.emailChange.ttl': (p) => `The link works once, for ${str(p.minutes)} minutes.`,
  'mail.emailChange.ignore': () => 'If you did not ask for this, ignore this mail: nothing changes.',
  'mail.emailChangeRequested.subject': () => '[moim] A change of your e-mail was requested',
  'mail.emailChangeRequested.body': (p) =>
    `Someone asked to change your account's e-mail to ${str(p.to)}. It changes only once the new address confirms. If it was not you, change your password now and check your sign-in history.`,
  'mail.emailChanged.subject': () => '[moim] Your e-mail was changed',
  'mail.emailChanged.body': (p) =>
    `Your account's e-mail is now ${str(p.to)}. You can no longer sign in with this address. If it was not you, tell the team at once.`,
  'notice.account.secondFactorReset.title': () => 'Your two-step verification was reset',
  'notice.account.secondFactorReset.body': () =>
    'An admin reset the two-step verification of your account. Sign in with your password and set it up again in your security settings. If you did not ask for this, change your password now and tell the team.',
  'notice.admin.secondFactorReset.title': () => "A member's two-step verification was reset",
  'notice.admin.secondFactorReset.body': (p) =>
    `Admin ${str(p.admin)} reset the two-step verification of member ${str(p.member)}. If that was not expected, check the security log.`,
};

/** Both catalogues, for the completeness test. */
export const MESSAGES: Record<Locale, Record<MessageKey, Text>> = { ko, en };

export function isLocale(v: unknown): v is Locale {
  return v === 'ko' || v === 'en';
}

export function isMessageKey(k: string): k is MessageKey {
  return Object.prototype.hasOwnProperty.call(ko, k);
}

/** One text in `locale` (unknown locales read Korean). */
export function t(locale: Locale | string | null | undefined, key: MessageKey, params: MessageParams = {}): string {
  const l: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return MESSAGES[l][key](params, fmtFor(l));
}

/** The notices: keys that have both a `.title` and a `.body`. */
type NoticeOf<K> = K extends `notice.${infer B}.title` ? `notice.${B}` : never;
export type NoticeKey = NoticeOf<MessageKey>;

export function isNoticeKey(k: string): k is NoticeKey {
  return isMessageKey(`${k}.title`) && isMessageKey(`${k}.body`);
}

/** A notification's title and body in `locale`. */
export function renderNotice(locale: Locale | string | null | undefined, key: NoticeKey, params: MessageParams = {}) {
  return {
    title: t(locale, `${key}.title` as MessageKey, params),
    body: t(locale, `${key}.body` as MessageKey, params),
  };
}
