/** The studies module's paths (SPEC §7) beyond the shell's (./shell.ts); segments from data URI-encoded. */
import { shellPaths } from './shell';

const seg = encodeURIComponent;
const study = (id: string) => `/api/studies/${seg(id)}`;

export const studiesPaths = {
  ...shellPaths.studies,
  /** GET ?q&type&…&limit: an array; POST: propose */
  root: '/api/studies',
  /** GET ?format=grouped|type */
  my: '/api/studies/my',
  myMemberships: '/api/studies/my/memberships',
  byId: study,
  bySlug: (slug: string) => `/api/studies/slug/${seg(slug)}`,
  applications: (id: string) => `${study(id)}/applications`,
  application: (id: string, applicationId: string) => `${study(id)}/applications/${seg(applicationId)}`,
  decide: (id: string, applicationId: string, decision: 'accept' | 'reject') =>
    `${study(id)}/applications/${seg(applicationId)}/${decision}`,
  /** POST: join the line of a full study; GET: the line (organisers) */
  waitlist: (id: string) => `${study(id)}/waitlist`,
  /** GET: my place and the line's length; DELETE: leave the line */
  myWaitlistPlace: (id: string) => `${study(id)}/waitlist/me`,
  members: (id: string) => `${study(id)}/members`,
  memberRole: (id: string, userId: string) => `${study(id)}/members/${seg(userId)}/role`,
  memberWarnings: (id: string, userId: string) => `${study(id)}/members/${seg(userId)}/warnings`,
  leave: (id: string) => `${study(id)}/members/leave`,
  /** my reminder times for the study's sessions */
  reminders: (id: string) => `${study(id)}/reminders`,
  status: (id: string) => `${study(id)}/status`,
  transitions: (id: string) => `${study(id)}/transitions`,
  events: (id: string) => `${study(id)}/events`,
  event: (id: string, eventId: string) => `${study(id)}/events/${seg(eventId)}`,
  attendance: (id: string, eventId: string) => `${study(id)}/events/${seg(eventId)}/attendance`,
  page: (id: string) => `${study(id)}/page`,
  pageDraft: (id: string) => `${study(id)}/page/draft`,
  pagePublish: (id: string) => `${study(id)}/page/publish`,
  reviews: (id: string) => `${study(id)}/reviews`,
  myReview: (id: string) => `${study(id)}/reviews/mine`,
  payment: (id: string, applicationId: string) => `${study(id)}/applications/${seg(applicationId)}/payment`,
  notifyDeposit: (id: string, applicationId: string) => `${study(id)}/applications/${seg(applicationId)}/payment/notify-deposit`,
  /** PUT / DELETE: the cover image; GET: the image itself (an <img> address) */
  cover: (id: string) => `${study(id)}/cover`,
} as const;

export const adminStudiesPaths = {
  root: '/api/admin/studies',
  queue: '/api/admin/studies/queue',
  byId: (id: string) => `/api/admin/studies/${seg(id)}`,
  applications: (id: string) => `/api/admin/studies/${seg(id)}/applications`,
} as const;
