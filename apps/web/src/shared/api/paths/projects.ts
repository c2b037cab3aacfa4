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
  decide: (id: string, applicationId: string, verb: 'approve' | 'reject' | 'withdraw') =>
    `${projectPath(id)}/applications/${seg(applicationId)}/${verb}`,
} as const;
