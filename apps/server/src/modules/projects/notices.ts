/**
 * What the projects module tells people through the inbox (and mail): every decision on an
 * application, a new or withdrawn application, the deadline closing recruitment, status moves.
 * The texts are the server catalogue's (i18n/messages.ts), rendered in each reader's language.
 */
import type { ProjectAction } from '@moim/contract';
import { DEFAULT_LOCALE, type Locale, t } from '../../i18n/messages.ts';
import { notice, type NotifyInput } from '../notifications/index.ts';

type P = { slug: string; name: string };

const pagePath = (p: P) => `/project/${encodeURIComponent(p.slug)}`;
const inboxPath = (p: P) => `${pagePath(p)}?tab=applications`;

export function applicationReceived(p: P, applicant: string, position: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_RECEIVED',
    message: notice('notice.project.applicationReceived', { project: p.name, applicant, position }),
    link: inboxPath(p),
  };
}

export function applicationApproved(p: P, position: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_APPROVED',
    message: notice('notice.project.applicationApproved', { project: p.name, position }),
    link: pagePath(p),
  };
}

export function applicationRejected(p: P, position: string, note: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_REJECTED',
    message: notice('notice.project.applicationRejected', { project: p.name, position, note }),
    link: pagePath(p),
  };
}

/** A pending application closed because its project ended (completed, cancelled or deleted). */
export function applicationClosed(p: P, position: string, reason: 'COMPLETE' | 'CANCEL' | 'DELETE'): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_REJECTED',
    message: notice('notice.project.applicationClosed', { project: p.name, position, reason }),
    link: pagePath(p),
  };
}

export function applicationWithdrawn(p: P, applicant: string, position: string): NotifyInput {
  return {
    type: 'PROJECT_APPLICATION_WITHDRAWN',
    message: notice('notice.project.applicationWithdrawn', { project: p.name, applicant, position }),
    link: inboxPath(p),
    mail: false,
  };
}

export function recruitmentClosedByDeadline(p: P): NotifyInput {
  return {
    type: 'PROJECT_RECRUITMENT_CLOSED',
    message: notice('notice.project.recruitmentClosed', { project: p.name }),
    link: pagePath(p),
  };
}

export function statusChanged(p: P, action: ProjectAction): NotifyInput {
  return {
    type: 'PROJECT_STATUS_CHANGED',
    message: notice('notice.project.statusChanged', { project: p.name, action }),
    link: action === 'CANCEL' ? '/project' : pagePath(p),
  };
}

export function projectDeleted(p: P): NotifyInput {
  return {
    type: 'PROJECT_STATUS_CHANGED',
    message: notice('notice.project.deleted', { project: p.name }),
    link: '/project',
  };
}

/** The note pending applications get when their project ends before a decision (stored on the application). */
export function autoCloseNote(reason: 'COMPLETE' | 'CANCEL' | 'DELETE', locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, `project.autoCloseNote.${reason}`);
}
