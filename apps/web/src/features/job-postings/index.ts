/**
 * What other features may use from ignition: the job-search skill profile section the account
 * settings page embeds (load it lazily: `lazy(() => import('../ignition').then(…))`).
 */
export { default as SkillProfileSection } from './profile/skill-profile-section';
