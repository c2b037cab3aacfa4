import type { Study } from '@moim/contract';

/** Public pages use the slug; action pages (apply, manage, review) use the id. */
export const studyPath = (s: Pick<Study, 'slug' | 'id'>) => `/study/${s.slug || s.id}`;
export const applyPath = (s: Pick<Study, 'id'>) => `/study/${s.id}/apply`;
export const managePath = (s: Pick<Study, 'id'>) => `/study/${s.id}/manage`;
export const reviewPath = (s: Pick<Study, 'id'>) => `/study/${s.id}/review/write`;
export const loginPath = (returnTo: string) => `/login?returnTo=${encodeURIComponent(returnTo)}`;
/** The payments feature's checkout page for an accepted application. */
export const checkoutPath = (studyId: string, applicationId: string) =>
  `/payment/checkout?studyId=${encodeURIComponent(studyId)}&applicationId=${encodeURIComponent(applicationId)}`;
