/**
 * What other features may use from the security log: the settings page's "sign-ins and
 * sessions" section (load it lazily: `lazy(() => import('../security-log').then(…))`).
 */
export { default as SecuritySection } from './security-section';
