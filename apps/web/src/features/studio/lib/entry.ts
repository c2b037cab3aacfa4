/** Login and signup links from the studio remember where to come back to and carry the studio's branding. */
export function studioEntryParams(pathname: string): string {
  return `?returnTo=${encodeURIComponent(pathname)}&brand=studio`;
}
