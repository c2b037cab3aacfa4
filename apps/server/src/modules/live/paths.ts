/** The live channel's path under /api (the web's table: apps/web/src/shared/api/paths/live.ts). */
export const LIVE_PATH = '/live';
