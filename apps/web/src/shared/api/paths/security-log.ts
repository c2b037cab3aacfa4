/** The security log's paths: the back office's search and the member's own sign-ins and sessions. */
const seg = encodeURIComponent;

export const securityLogPaths = {
  adminSearch: '/api/admin/security-log',
  signIns: '/api/users/me/sign-ins',
  sessions: '/api/users/me/sessions',
  session: (id: string) => `/api/users/me/sessions/${seg(id)}`,
  endOthers: '/api/users/me/sessions/end-others',
} as const;
