/** Money and time as the payment pages show them: KRW, Asia/Seoul. */
import type { TFunction } from '../../../shared/i18n';
import { formatDateTime as sharedDateTime } from '../../../shared/lib/format';

export { formatKrw } from '../../../shared/lib/format';

/** The shared date-time format, or a dash where a payment has no such moment yet. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  return iso ? sharedDateTime(iso, locale) : '—';
}

/** "2일 3시간" / "2d 3h" / "45분" until `iso` (Intl unit formats), or null when it has passed. */
export function timeLeft(iso: string | null | undefined, now: number, locale: string): string | null {
  if (!iso) return null;
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return null;
  const m = Math.floor(ms / 60_000);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  const tag = locale.startsWith('en') ? 'en-US' : 'ko-KR';
  const unit = (n: number, u: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(tag, { style: 'unit', unit: u, unitDisplay: 'narrow' }).format(n);
  return d > 0 ? `${unit(d, 'day')} ${unit(h, 'hour')}` : h > 0 ? `${unit(h, 'hour')} ${unit(min, 'minute')}` : unit(min, 'minute');
}

/** The provider's failure in the UI language: Korean as the provider said it; known codes in English. */
export function providerMessage(t: TFunction, locale: string, code: string | null | undefined, message: string | null | undefined): string {
  const known = code ? t(`providerErrors.${code}`, { defaultValue: '' }) : '';
  if (locale === 'en') return known || message || t('fail.unknown');
  return message || known || t('fail.unknown');
}
