/** The shape of the demo projects (seed-content.ts assembles them; seed.ts loads them). */
import type { ProjectBodyInput, ProjectStatus } from '@moim/contract';

/** Demo people by the local part of their e-mail (accounts seeder order). */
export type Who = 'leader' | 'member' | 'haneul' | 'doyun' | 'minjun' | 'seoyun' | 'jiho' | 'yerin' | 'seungwoo' | 'sua';
export const OTHERS: Who[] = ['haneul', 'doyun', 'minjun', 'seoyun', 'jiho', 'yerin', 'seungwoo', 'sua'];

export interface DemoApplication {
  who: Who;
  /** index into the project's positions */
  position: number;
  outcome: 'APPROVED' | 'PENDING' | 'REJECTED' | 'WITHDRAWN';
  note?: string;
}

export interface DemoProject {
  owner: Who;
  /** created this many days before today */
  daysAgo: number;
  /** the status it ends in */
  status: ProjectStatus;
  /** last recruiting day, days after creation (null: open-ended) */
  deadlineAfter: number | null;
  project: Omit<ProjectBodyInput, 'recruitmentDeadline' | 'startDate'> & { startAfter?: number };
  applications: DemoApplication[];
  /** distinct viewers to count */
  views: number;
}
