/** Dates and times in the active locale, shown in Asia/Seoul. */
import { useTranslation } from '../../../shared/i18n';

export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'ko', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Seoul',
  });
  return (iso: string) => f.format(new Date(iso));
}
