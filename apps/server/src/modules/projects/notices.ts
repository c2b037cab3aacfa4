/**
 * What the projects module tells people through the inbox (and mail): every decision on an
 * application, a new or withdrawn application, the deadline closing recruitment, status moves.
 * Korean particles follow the word before them (es-hangul `josa`).
 */
import type { NotifyInput, ProjectAction } from '@moim/contract';
import { josa } from 'es-hangul';

type P = { slug: string; name: string };

const quoted = (p: P) => `「${p.name}」`;
/** 「name」 with the particle that fits the name itself (the bracket does not decide it). */
const quotedJosa = (p: P, particle: Parameters<typeof josa>[1]) => `${quoted(p)}${josa.pick(p.name, particle)}`;
const pagePath = (p: P) => `/project/${encodeURIComponent(p.slug)}`;
const inboxPath = (p: P) => `${pagePath(p)}?tab=applications`;

export function applicationReceived(p: P, applicant: string, position: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_RECEIVED',
    title: '새 프로젝트 지원이 도착했습니다',
    body: `${josa(applicant, '이/가')} ${quoted(p)}의 ${position} 포지션에 지원했습니다.`,
    link: inboxPath(p),
  };
}

export function applicationApproved(p: P, position: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_APPROVED',
    title: '프로젝트 지원이 승인되었습니다',
    body: `${quoted(p)}의 ${position} 포지션으로 합류했습니다. 환영합니다!`,
    link: pagePath(p),
  };
}

export function applicationRejected(p: P, position: string, note: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_REJECTED',
    title: '프로젝트 지원 결과 안내',
    body: `${quoted(p)}의 ${position} 포지션 지원이 반려되었습니다.\n소유자의 메모: ${note}`,
    link: pagePath(p),
  };
}

export function applicationWithdrawn(p: P, applicant: string, position: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_WITHDRAWN',
    title: '프로젝트 지원이 취소되었습니다',
    body: `${josa(applicant, '이/가')} ${quoted(p)}의 ${position} 포지션 지원을 취소했습니다.`,
    link: inboxPath(p),
    mail: false,
  };
}

export function recruitmentClosedByDeadline(p: P): NotifyInput {
  return {
    type: 'PROJECT_RECRUITMENT_CLOSED',
    title: '모집 마감일이 지나 모집을 마감했습니다',
    body: `${quoted(p)} 모집이 마감되어 진행 중으로 바뀌었습니다. 더 모집하려면 마감일을 바꾼 뒤 모집을 다시 여세요.`,
    link: pagePath(p),
  };
}

const MOVED: Record<ProjectAction, string> = {
  PUBLISH: '모집을 시작했습니다',
  CLOSE_RECRUITMENT: '모집을 마감하고 진행 중입니다',
  REOPEN: '모집을 다시 시작했습니다',
  COMPLETE: '완료되었습니다',
  CANCEL: '취소되었습니다',
};

export function statusChanged(p: P, action: ProjectAction): NotifyInput {
  return {
    type: 'PROJECT_STATUS_CHANGED',
    title: `${quotedJosa(p, '이/가')} ${MOVED[action]}`,
    body: `참여 중인 프로젝트 ${quotedJosa(p, '이/가')} ${MOVED[action]}.`,
    link: action === 'CANCEL' ? '/project' : pagePath(p),
  };
}

export function projectDeleted(p: P): NotifyInput {
  return {
    type: 'PROJECT_STATUS_CHANGED',
    title: `${quotedJosa(p, '이/가')} 삭제되었습니다`,
    body: `참여 중인 프로젝트 ${quotedJosa(p, '이/가')} 소유자에 의해 삭제되었습니다.`,
    link: '/project',
  };
}

/** The note pending applications get when their project ends before a decision. */
export const AUTO_CLOSE_NOTE: Record<'COMPLETE' | 'CANCEL' | 'DELETE', string> = {
  COMPLETE: '프로젝트가 완료되어 지원을 마감했습니다.',
  CANCEL: '프로젝트가 취소되어 지원을 마감했습니다.',
  DELETE: '프로젝트가 삭제되어 지원을 마감했습니다.',
};
