/** The live channel's path (server: modules/live/paths.ts; docs/live.md). */
export const livePaths = {
  socket: '/api/live',
} as const;
