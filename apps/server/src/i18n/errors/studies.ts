import type { ErrorTexts } from './types.ts';

/** Error messages of the studies area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const STUDIES_ERRORS = {
  // the study
  'studies.notFound': { ko: '스터디를 찾을 수 없습니다.', en: 'No such study.' },
  'studies.leaderOnly': { ko: '스터디 리더만 할 수 있습니다.', en: 'Only the study’s leader can do this.' },
  'studies.depositLeaderOnly': {
    ko: '보증금 규칙은 스터디 리더만 바꿀 수 있습니다.',
    en: 'Only the study’s leader can change the deposit rule.',
  },
  'studies.depositLocked': {
    ko: '이미 자리를 잡은 멤버가 있어 보증금 규칙을 바꿀 수 없습니다.',
    en: 'Members already hold seats under this deposit rule; it can no longer change.',
  },
  'studies.managersOnly': { ko: '스터디 운영진만 할 수 있습니다.', en: 'Only the study’s organisers can do this.' },
  'studies.adminOnly': { ko: '관리자만 할 수 있습니다.', en: 'Only an admin can do this.' },
  'studies.statusLeaderOnly': { ko: '스터디 리더나 관리자만 할 수 있습니다.', en: 'Only the study’s leader or an admin can do this.' },
  'studies.historyLeaderOnly': { ko: '스터디 리더나 관리자만 볼 수 있습니다.', en: 'Only the study’s leader or an admin can see this.' },
  'studies.editLeaderOnly': { ko: '스터디 리더나 관리자만 수정할 수 있습니다.', en: 'Only the study’s leader or an admin can edit it.' },
  'studies.deleteLeaderOnly': {
    ko: '스터디 리더나 관리자만 삭제할 수 있습니다.',
    en: 'Only the study’s leader or an admin can delete it.',
  },
  'studies.coverLeaderOnly': {
    ko: '스터디 리더나 관리자만 커버 이미지를 바꿀 수 있습니다.',
    en: 'Only the study’s leader or an admin can change its cover.',
  },
  'studies.noCover': { ko: '커버 이미지가 없습니다.', en: 'This study has no cover image.' },
  'studies.notEditable': { ko: '지금 상태에서는 스터디를 수정할 수 없습니다.', en: 'The study cannot be edited in its current state.' },
  'studies.costLocked': {
    ko: '이미 참가가 확정되었거나 결제를 기다리는 멤버가 있어 비용을 바꿀 수 없습니다.',
    en: 'The cost cannot change while members are confirmed or waiting to pay.',
  },
  'studies.capacityBelowSeats': {
    ko: '정원은 현재 참가 인원({{seatsTaken}}명)보다 적을 수 없습니다.',
    en: 'The capacity cannot be below the seats already taken ({{seatsTaken}}).',
  },
  'studies.notDeletable': {
    ko: '반려되었거나 중단된 스터디만 삭제할 수 있습니다.',
    en: 'Only a returned or stopped study can be deleted.',
  },
  'studies.reasonNeeded': { ko: '사유를 입력해 주세요.', en: 'Please give a reason.' },
  'studies.transitionNotAllowed': {
    ko: '{{status}} 상태에서는 {{actionObject}} 할 수 없습니다.',
    en: '{{action}} is not possible while the study is {{status}}.',
  },
  // members
  'studies.memberNotFound': { ko: '스터디 멤버를 찾을 수 없습니다.', en: 'No such member in this study.' },
  'studies.membersOnlyList': { ko: '스터디 멤버만 멤버 목록을 볼 수 있습니다.', en: 'Only the study’s members can see its member list.' },
  'studies.removeLeaderOnly': {
    ko: '스터디 리더나 관리자만 멤버를 내보낼 수 있습니다.',
    en: 'Only the study’s leader or an admin can remove a member.',
  },
  'studies.warnLeaderOnly': {
    ko: '스터디 리더나 관리자만 경고할 수 있습니다.',
    en: 'Only the study’s leader or an admin can give a warning.',
  },
  'studies.roleLeaderOnly': {
    ko: '스터디 리더나 관리자만 역할을 바꿀 수 있습니다.',
    en: 'Only the study’s leader or an admin can change roles.',
  },
  'studies.leaderCannotLeave': { ko: '스터디 리더는 스터디를 떠날 수 없습니다.', en: 'The study’s leader cannot leave it.' },
  'studies.leaveOnlyActive': {
    ko: '모집 중이거나 진행 중인 스터디에서만 나갈 수 있습니다.',
    en: 'You can leave a study only while it is recruiting or in progress.',
  },
  'studies.warnLeader': { ko: '스터디 리더에게는 경고할 수 없습니다.', en: 'The study’s leader cannot be warned.' },
  'studies.warnOnlyActive': {
    ko: '진행 중인 스터디에서만 경고할 수 있습니다.',
    en: 'Warnings can be given only while the study is running.',
  },
  // applications
  'studies.applicationNotFound': { ko: '신청서를 찾을 수 없습니다.', en: 'No such application.' },
  'studies.ownStudy': { ko: '자신이 운영하는 스터디에는 신청할 수 없습니다.', en: 'You cannot apply to a study you run.' },
  'studies.alreadyMember': { ko: '이미 참여 중인 스터디입니다.', en: 'You are already a member of this study.' },
  'studies.warnedOut': {
    ko: '경고 누적으로 활동이 중지된 스터디에는 다시 신청할 수 없습니다.',
    en: 'You were stopped in this study after repeated warnings and cannot apply again.',
  },
  'studies.full': { ko: '정원이 마감되었습니다.', en: 'This study is full.' },
  'studies.notOpen': { ko: '지금은 이 스터디에 신청할 수 없습니다.', en: 'This study is not taking applications now.' },
  'studies.alreadyApplied': { ko: '이미 신청한 스터디입니다.', en: 'You have already applied to this study.' },
  'studies.unknownQuestion': { ko: '알 수 없는 질문입니다: {{questionId}}', en: 'Unknown question: {{questionId}}' },
  'studies.answeredTwice': { ko: '같은 질문에 두 번 답할 수 없습니다.', en: 'A question cannot be answered twice.' },
  'studies.answerRequired': { ko: '필수 질문에 답해 주세요: {{question}}', en: 'Please answer every required question.' },
  'studies.applicationsManagersOnly': {
    ko: '스터디 운영진만 신청서를 볼 수 있습니다.',
    en: 'Only the study’s organisers can see its applications.',
  },
  'studies.decideManagersOnly': {
    ko: '스터디 운영진만 신청을 처리할 수 있습니다.',
    en: 'Only the study’s organisers can decide applications.',
  },
  'studies.noSeatLeft': { ko: '정원이 가득 차 더 받을 수 없습니다.', en: 'The study is full; no one more can be accepted.' },
  'studies.notPending': { ko: '대기 중인 신청만 처리할 수 있습니다.', en: 'Only a pending application can be decided.' },
  'studies.acceptOnlyActive': {
    ko: '모집 중이거나 진행 중인 스터디에서만 신청을 승인할 수 있습니다.',
    en: 'Applications can be accepted only while the study is recruiting or in progress.',
  },
  'studies.cancelOwnOnly': { ko: '본인의 신청만 취소할 수 있습니다.', en: 'You can cancel only your own application.' },
  'studies.cancelNotOpen': {
    ko: '대기 중이거나 결제 전인 신청만 취소할 수 있습니다.',
    en: 'Only a pending or unpaid application can be cancelled.',
  },
  'studies.applicationState': {
    ko: '신청 상태({{status}})에서는 할 수 없는 작업입니다.',
    en: 'Not possible while the application is {{status}}.',
  },
  'studies.paymentOverdue': { ko: '결제 기한이 지났습니다.', en: 'The payment deadline has passed.' },
  'studies.amountMismatch': { ko: '결제 금액이 참가비와 다릅니다.', en: 'The amount paid differs from the fee.' },
  // the waitlist
  'studies.waitlistNotFull': {
    ko: '아직 자리가 있는 스터디입니다. 대기자 명단 대신 바로 신청해 주세요.',
    en: 'This study still has seats: apply directly instead of joining the waitlist.',
  },
  'studies.waitlistClosed': { ko: '지금은 이 스터디의 대기자 명단에 등록할 수 없습니다.', en: 'This study’s waitlist is not open now.' },
  'studies.alreadyWaitlisted': {
    ko: '이미 대기자 명단에 있거나 신청한 스터디입니다.',
    en: 'You are already on the waitlist or have applied.',
  },
  'studies.notOnWaitlist': { ko: '대기자 명단에 등록되어 있지 않습니다.', en: 'You are not on this study’s waitlist.' },
  'studies.waitlistManagersOnly': {
    ko: '스터디 운영진만 대기자 명단을 볼 수 있습니다.',
    en: 'Only the study’s organisers can see its waitlist.',
  },
  // the study page
  'studies.draftNotFound': { ko: '초안을 찾을 수 없습니다.', en: 'No such draft.' },
  'studies.pageManagersOnly': { ko: '스터디 운영진만 페이지를 편집할 수 있습니다.', en: 'Only the study’s organisers can edit its page.' },
  'studies.publishManagersOnly': {
    ko: '스터디 운영진만 페이지를 게시할 수 있습니다.',
    en: 'Only the study’s organisers can publish its page.',
  },
  'studies.noDraft': { ko: '게시할 초안이 없습니다.', en: 'There is no draft to publish.' },
} as const satisfies ErrorTexts;
