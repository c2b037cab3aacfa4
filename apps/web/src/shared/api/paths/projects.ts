/** The projects module's paths (SPEC §7); segments from data URI-encoded. */
const seg = encodeURIComponent;
const projectPath = (id: string) => `/api/projects/${seg(id)}`;

export const projectsPaths = {
  /** GET: the list page; POST: create */
  root: '/api/projects',
  my: '/api/projects/my',
  bySlug: (slug: string) => `/api/projects/slug/${seg(slug)}`,
  /** PUT: replace; DELETE */
  byId: projectPath,
  status: (id: string) => `${projectPath(id)}/status`,
  applications: (id: string) => `${projectPath(id)}/applications`,
  /** DELETE ?applicantId=me: cancel one's own application (as study applications) */
  application: (id: string, applicationId: string) => `${projectPath(id)}/applications/${seg(applicationId)}`,
  /** POST: the owner's decision (accept with an optional reviewNote, reject with one) */
  decide: (id: string, applicationId: string, verb: 'accept' | 'reject') => `${projectPath(id)}/applications/${seg(applicationId)}/${verb}`,
} as const;
