/**
 * How a stored link reads on a card: without its scheme, "www." and a closing slash
 * ("https://www.github.com/me/" → "github.com/me"), so the owner sees where it goes at a glance.
 */
export function linkText(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}
