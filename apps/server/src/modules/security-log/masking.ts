/**
 * Personal data kept out of the security log where the purpose allows (docs/security-log.md
 * "Masking"): an identifier someone typed at a failed sign-in is kept only as `a***@domain`
 * (enough to see an attack on one domain or a typo, not enough to list addresses).
 */
export function maskEmail(value: string): string {
  const v = value.trim();
  const at = v.lastIndexOf('@');
  if (at < 0) return maskName(v);
  const local = v.slice(0, at);
  const domain = v.slice(at + 1).toLowerCase();
  return `${[...local][0] ?? ''}***@${domain}`;
}

/** A username or other identifier: its first character and its length class only. */
export function maskName(value: string): string {
  const chars = [...value.trim()];
  return chars.length === 0 ? '' : `${chars[0]}***`;
}

/** A user agent cut to what tells a device apart (no tracking-length strings). */
export function trimUserAgent(ua: string | undefined | null): string | null {
  return ua ? ua.slice(0, 300) : null;
}
