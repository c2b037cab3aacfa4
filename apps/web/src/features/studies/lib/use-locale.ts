import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';

/** 'ko' | 'en' for formatters and the contract's label pairs. */
export function useLocale(): 'ko' | 'en' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ko';
}

/** "Now" fixed for the life of the component, so renders stay pure. */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
