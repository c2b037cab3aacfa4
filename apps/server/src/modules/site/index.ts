/** The site module's public entry: installation facts for the browser under /api/public (no dependencies). */
export { createSiteModule } from './routes.ts';
