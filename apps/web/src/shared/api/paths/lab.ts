/** The lab module's paths (SPEC §7); segments from data URI-encoded. */
const seg = encodeURIComponent;

export const labPaths = {
  rosters: '/api/lab/rosters',
  roster: (id: string) => `/api/lab/rosters/${seg(id)}`,
  /** GET: my history; POST: record one; DELETE: clear */
  draws: '/api/lab/draws',
  importDraws: '/api/lab/draws/import',
  drawStats: '/api/lab/draws/stats',
} as const;
