/**
 * An integer with thousands separators ("1,234,567"), the same as `n.toLocaleString()` in a
 * Korean or American English browser (or Intl.NumberFormat('ko-KR' / 'en-US')), without ICU:
 * a renderer's first Intl formatter (and `toLocaleString()` is one) costs 50–250 ms of main
 * thread, and the lab's and home page's first renders show counts (docs/rendering.md,
 * "Start-up work in short tasks"). Other browser locales, and anything but a safe
 * integer, go through `toLocaleString()` as before. `locale` fixes the locale (an Intl tag or
 * the UI language); without it the browser's own is used, as `toLocaleString()` does.
 */
export function formatCount(n: number, locale?: string): string {
  const tag = locale ?? (typeof navigator === 'undefined' ? '' : navigator.language);
  if (Number.isSafeInteger(n) && /^(ko|en)(-(KR|US))?$/i.test(tag)) {
    const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
    return n < 0 ? `-${digits}` : digits;
  }
  return locale ? n.toLocaleString(locale) : n.toLocaleString();
}
