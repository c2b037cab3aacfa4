/** The admin overview's paths (SPEC §7). */
export const adminPaths = {
  users: '/api/admin/users',
  mailOutbox: '/api/admin/mail/outbox',
  overview: '/api/admin/overview',
} as const;
