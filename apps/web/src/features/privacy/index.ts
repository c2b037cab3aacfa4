/**
 * What other features may use from privacy: the settings page's "your data" section (load it
 * lazily: `lazy(() => import('../privacy').then(…))`).
 */
export { default as DataExportSection } from './data-export-section';
