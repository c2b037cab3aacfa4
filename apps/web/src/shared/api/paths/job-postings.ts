/** The job-postings module's paths (SPEC §7); segments from data URI-encoded. */
const seg = encodeURIComponent;
const job = (id: string) => `/api/job-postings/${seg(id)}`;
const adminJobs = '/api/admin/job-postings';

export const jobPostingsPaths = {
  /** GET: the search page */
  root: '/api/job-postings',
  facets: '/api/job-postings/facets',
  stats: '/api/job-postings/stats',
  skills: '/api/job-postings/skills',
  byId: job,
  /** PUT / DELETE */
  bookmark: (id: string) => `${job(id)}/bookmark`,
  corrections: '/api/job-postings/corrections',
  unsubscribe: '/api/job-postings/alerts/unsubscribe',
  myProfile: '/api/job-postings/me/profile',
  myBookmarks: '/api/job-postings/me/bookmarks',
  myRecent: '/api/job-postings/me/recent',
  mySavedSearches: '/api/job-postings/me/saved-searches',
  mySavedSearch: (id: string) => `/api/job-postings/me/saved-searches/${seg(id)}`,
  myCorrections: '/api/job-postings/me/corrections',
} as const;

export const adminJobPostingsPaths = {
  runs: `${adminJobs}/runs`,
  run: (id: string) => `${adminJobs}/runs/${seg(id)}`,
  runItems: (id: string) => `${adminJobs}/runs/${seg(id)}/items`,
  sources: `${adminJobs}/sources`,
  source: (id: string) => `${adminJobs}/sources/${seg(id)}`,
  runSource: (id: string) => `${adminJobs}/sources/${seg(id)}/run`,
  imports: `${adminJobs}/imports`,
  corrections: `${adminJobs}/corrections`,
  correction: (id: string) => `${adminJobs}/corrections/${seg(id)}`,
  postings: `${adminJobs}/postings`,
  posting: (id: string) => `${adminJobs}/postings/${seg(id)}`,
} as const;
