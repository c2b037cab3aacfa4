/** The admin overview's paths (SPEC §7). */
export const adminPaths = {
  users: '/api/admin/users',
  /** a member's second factor, and an admin's reset of a lost one */
  userSecondFactor: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/second-factor`,
  userSecondFactorReset: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/second-factor/reset`,
  mailOutbox: '/api/admin/mail/outbox',
  overview: '/api/admin/overview',
} as const;
