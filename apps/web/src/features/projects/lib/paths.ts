/** Addresses of the project pages (slugs keep Korean; the router decodes them). */
export const projectPath = (slug: string) => `/project/${encodeURIComponent(slug)}`;
export const projectEditPath = (slug: string) => `${projectPath(slug)}/edit`;
export const projectApplicationsPath = (slug: string) => `${projectPath(slug)}?tab=applications`;
