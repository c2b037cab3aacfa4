/** The health module's public entry: liveness and readiness under /api/health (no dependencies). */
export { createHealthModule } from './routes.ts';
