/**
 * What other features may use from job-postings: the job-search skill profile section the account
 * settings page embeds (load it lazily: `lazy(() => import('../job-postings').then(…))`).
 */
export { default as SkillProfileSection } from './profile/skill-profile-section';
