import type { ErrorTexts } from './types.ts';

/** Error messages of the projects area (docs/api-wire.md "Languages"): one key, Korean and English. */
export const PROJECTS_ERRORS = {
  // the project
  'projects.notFound': { ko: '프로젝트를 찾을 수 없습니다.', en: 'Project not found.' },
  'projects.ownerOnly': { ko: '프로젝트 소유자만 할 수 있습니다.', en: 'Only the project’s owner can do this.' },
  'projects.cancelledNotEditable': { ko: '취소된 프로젝트는 고칠 수 없습니다.', en: 'A cancelled project cannot be edited.' },
  'projects.deadlineFromToday': {
    ko: '모집 마감일은 오늘이나 그 이후여야 합니다.',
    en: 'The recruitment deadline must be today or later.',
  },
  'projects.deadlineWithinYear': { ko: '모집 마감일은 1년 안으로 정해 주세요.', en: 'Set the recruitment deadline within a year.' },
  'projects.positionNotFoundNamed': { ko: '포지션을 찾을 수 없습니다: {{position}}', en: 'Position not found: {{position}}' },
  'projects.positionHasMembers': {
    ko: '합류한 멤버가 있는 포지션은 삭제할 수 없습니다: {{position}}',
    en: 'A position members have joined cannot be removed: {{position}}',
  },
  'projects.positionHasPending': {
    ko: '검토를 기다리는 지원이 있는 포지션은 삭제할 수 없습니다: {{position}}',
    en: 'A position with applications waiting for review cannot be removed: {{position}}',
  },
  'projects.countBelowFilled': {
    ko: '「{{position}}」 포지션에는 이미 {{filled}}명이 합류해서 모집 인원을 {{filled}}명보다 줄일 수 없습니다.',
    en: '{{filled}} people have joined the “{{position}}” position, so it cannot seek fewer than {{filled}}.',
  },
  // status moves
  'projects.cannotPublish': {
    ko: "지금 상태({{status}})에서는 '게시' 작업을 할 수 없습니다.",
    en: 'A project in status {{status}} cannot be published.',
  },
  'projects.cannotCloseRecruitment': {
    ko: "지금 상태({{status}})에서는 '모집 마감' 작업을 할 수 없습니다.",
    en: 'A project in status {{status}} cannot close recruitment.',
  },
  'projects.cannotReopen': {
    ko: "지금 상태({{status}})에서는 '모집 재개' 작업을 할 수 없습니다.",
    en: 'A project in status {{status}} cannot reopen recruitment.',
  },
  'projects.cannotComplete': {
    ko: "지금 상태({{status}})에서는 '완료' 작업을 할 수 없습니다.",
    en: 'A project in status {{status}} cannot be completed.',
  },
  'projects.cannotCancel': {
    ko: "지금 상태({{status}})에서는 '취소' 작업을 할 수 없습니다.",
    en: 'A project in status {{status}} cannot be cancelled.',
  },
  'projects.deadlinePassed': {
    ko: '모집 마감일이 지났습니다. 마감일을 바꾼 뒤 다시 시도해 주세요.',
    en: 'The recruitment deadline has passed. Change the deadline and try again.',
  },
  'projects.statusJustChanged': {
    ko: '프로젝트 상태가 방금 바뀌었습니다. 새로고침 후 다시 시도해 주세요.',
    en: 'The project’s status just changed. Reload and try again.',
  },
  // applications
  'projects.applicationNotFound': { ko: '지원서를 찾을 수 없습니다.', en: 'Application not found.' },
  'projects.positionNotFound': { ko: '포지션을 찾을 수 없습니다.', en: 'Position not found.' },
  'projects.ownProject': { ko: '자신의 프로젝트에는 지원할 수 없습니다.', en: 'You cannot apply to your own project.' },
  'projects.notRecruiting': { ko: '지금은 지원을 받지 않는 프로젝트입니다.', en: 'This project is not taking applications now.' },
  'projects.positionFull': { ko: '「{{position}}」 포지션은 모집이 끝났습니다.', en: 'The “{{position}}” position is filled.' },
  'projects.alreadyMember': { ko: '이미 이 프로젝트의 멤버입니다.', en: 'You are already a member of this project.' },
  'projects.alreadyApplied': {
    ko: '이미 검토를 기다리는 지원서가 있습니다. 결과를 기다리거나 지원을 취소한 뒤 다시 지원해 주세요.',
    en: 'You already have an application waiting for review. Wait for the decision, or cancel it and apply again.',
  },
  'projects.alreadyDecided': { ko: '이미 처리된 지원서입니다.', en: 'This application has already been decided.' },
  'projects.acceptWhileOpen': {
    ko: '모집 중이거나 진행 중인 프로젝트에서만 지원을 승인할 수 있습니다.',
    en: 'Applications can be accepted only while the project is recruiting or in progress.',
  },
  'projects.seatsFull': { ko: '이 포지션은 이미 모집 인원이 다 찼습니다.', en: 'This position is already full.' },
  'projects.cancelPendingOnly': { ko: '검토 중인 지원서만 취소할 수 있습니다.', en: 'Only an application under review can be cancelled.' },
} as const satisfies ErrorTexts;
