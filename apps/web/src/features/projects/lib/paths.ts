/**
 * Addresses of the project pages. Slugs keep Korean readable in links, copies and the status
 * bar: only the characters that would change the address's meaning (`%`, `/`, `?`, `#`, spaces
 * and controls) are percent-encoded; the browser encodes the rest on the wire and the router
 * decodes it.
 */
export const readableSegment = (s: string) =>
  // eslint-disable-next-line no-control-regex
  s.replace(/[%/?#\\\s\u0000-\u001f\u007f]/g, (c) => encodeURIComponent(c));
export const projectPath = (slug: string) => `/project/${readableSegment(slug)}`;
export const projectEditPath = (slug: string) => `${projectPath(slug)}/edit`;
export const projectApplicationsPath = (slug: string) => `${projectPath(slug)}?tab=applications`;
