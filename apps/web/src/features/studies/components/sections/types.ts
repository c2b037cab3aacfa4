import type { Study, StudyPageSection } from '@moim/contract';

export type SectionOf<T extends StudyPageSection['type']> = Extract<StudyPageSection, { type: T }>;

export interface SectionContext {
  study: Study;
  isAuthenticated: boolean;
  /** the dedicated flagship page (1-tecoteco) gets a special hero */
  flagship: boolean;
}
