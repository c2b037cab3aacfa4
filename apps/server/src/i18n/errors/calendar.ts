import type { ErrorTexts } from './types.ts';

/** Error messages of the calendar area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const CALENDAR_ERRORS = {
  'calendar.eventNotFound': { ko: '일정을 찾을 수 없습니다.', en: 'No such event.' },
  'calendar.feedNotFound': { ko: '캘린더 피드를 찾을 수 없습니다.', en: 'No such calendar feed.' },
  'calendar.rangeOrder': { ko: '종료일은 시작일 이후여야 합니다.', en: 'The end date must come after the start date.' },
  'calendar.rangeTooLong': { ko: '한 번에 {{days}}일까지 조회할 수 있습니다.', en: 'At most {{days}} days can be read at once.' },
  'calendar.manageManagersOnly': {
    ko: '스터디 운영진만 일정을 관리할 수 있습니다.',
    en: 'Only the study’s organisers can manage its events.',
  },
  'calendar.remindersMembersOnly': {
    ko: '스터디 멤버만 일정 알림을 설정할 수 있습니다.',
    en: 'Only the study’s members can set session reminders.',
  },
  'calendar.addManagersOnly': { ko: '스터디 운영진만 일정을 추가할 수 있습니다.', en: 'Only the study’s organisers can add events.' },
  'calendar.addOnlyActive': {
    ko: '모집 중이거나 진행 중인 스터디에만 일정을 추가할 수 있습니다.',
    en: 'Events can be added only while the study is recruiting or in progress.',
  },
  'calendar.recruitmentMoves': {
    ko: '모집 마감 일정은 스터디의 모집 마감일을 바꿔서 옮겨 주세요.',
    en: 'The recruitment deadline moves with the study’s deadline: change that instead.',
  },
  'calendar.limitBelowRsvps': {
    ko: '이미 {{count}}명이 참석 신청했습니다.',
    en: 'The limit cannot go below the RSVPs already made ({{count}}).',
  },
  'calendar.dateTaken': { ko: '그 날짜에는 이미 정기 모임이 있습니다.', en: 'There is already a regular session on that date.' },
  'calendar.onlySpecialDeleted': { ko: '특별 일정만 삭제할 수 있습니다.', en: 'Only special events can be deleted.' },
  'calendar.noRsvp': { ko: '참석 신청을 받지 않는 일정입니다.', en: 'This event takes no RSVPs.' },
  'calendar.studyEnded': { ko: '끝난 스터디의 일정입니다.', en: 'This event belongs to a finished study.' },
  'calendar.eventPassed': { ko: '이미 지난 일정입니다.', en: 'This event is over.' },
  'calendar.regularMembersOnly': {
    ko: '정기 모임은 스터디 멤버만 참석 신청할 수 있습니다.',
    en: 'Only the study’s members can RSVP to a regular session.',
  },
  'calendar.eventFull': { ko: '참석 인원이 가득 찼습니다.', en: 'This event is full.' },
  'calendar.noAttendance': { ko: '출석을 기록할 수 없는 일정입니다.', en: 'Attendance is not taken for this event.' },
  'calendar.notYetHeld': {
    ko: '아직 열리지 않은 모임의 출석은 기록할 수 없습니다.',
    en: 'Attendance can be recorded only once the session has taken place.',
  },
  'calendar.membersAttendance': {
    ko: '스터디 멤버의 출석만 기록할 수 있습니다.',
    en: 'Attendance can be recorded only for the study’s members.',
  },
  'calendar.checkInCodeExpired': {
    ko: '시간이 지난 출석 코드입니다. 화면의 새 코드를 입력해 주세요.',
    en: 'This check-in code has expired. Enter the new code on the screen.',
  },
  'calendar.checkInCodeInvalid': {
    ko: '이 모임의 출석 코드가 아닙니다. 화면의 코드를 다시 확인해 주세요.',
    en: 'This is not the check-in code of this session. Check the code on the screen.',
  },
  'calendar.checkInNotOpen': {
    ko: '아직 출석 체크 시간이 아닙니다. 모임 시작 {{minutes}}분 전부터 체크인할 수 있습니다.',
    en: 'Check-in has not opened yet. It opens {{minutes}} minutes before the session.',
  },
  'calendar.checkInClosed': {
    ko: '출석 체크 시간이 끝났습니다. 스터디장에게 문의해 주세요.',
    en: 'Check-in for this session has closed. Ask the leader.',
  },
  'calendar.checkInNoOpenSession': {
    ko: '지금 출석 체크 중인 모임이 없습니다.',
    en: 'No session of this study is open for check-in now.',
  },
  'calendar.checkInMembersOnly': {
    ko: '이 스터디의 멤버만 출석 체크할 수 있습니다.',
    en: 'Only members of this study can check in.',
  },
  'calendar.checkInLeader': { ko: '스터디장은 출석 체크 대상이 아닙니다.', en: 'The leader does not check in to their own study.' },
  'calendar.checkInAlready': { ko: '이미 이 모임에 출석했습니다.', en: 'You have already checked in to this session.' },
  'calendar.checkInCancelled': { ko: '취소된 모임입니다.', en: 'This session has been cancelled.' },
  'calendar.checkInStudyEnded': { ko: '끝난 스터디의 모임에는 출석 체크할 수 없습니다.', en: 'Check-in is closed: the study has ended.' },
  'calendar.checkInLinkOnline': {
    ko: '출석 링크는 온라인 모임에서만 쓸 수 있습니다.',
    en: 'A check-in link is only for online sessions.',
  },
  'calendar.checkInRulesMembersOnly': {
    ko: '스터디 멤버와 운영진만 출석 규칙을 볼 수 있습니다.',
    en: 'Only the study’s members and organisers can see its check-in rules.',
  },
  'calendar.attendanceMembersOnly': {
    ko: '스터디 멤버만 자신의 출석 기록을 볼 수 있습니다.',
    en: 'Only members of this study have an attendance record here.',
  },
} as const satisfies ErrorTexts;
