/**
 * i18next with Korean first (bundled) and English loaded on demand. The chosen language is
 * kept in localStorage under `lang` and mirrored on <html lang>.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ko from './ko.json';

export type Locale = 'ko' | 'en';
export const LOCALES: Locale[] = ['ko', 'en'];
const LANG_KEY = 'lang';

function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'ko') return saved;
  } catch {
    /* storage unavailable */
  }
  return 'ko';
}

async function loadCatalogue(lng: Locale) {
  if (lng === 'en' && !i18next.hasResourceBundle('en', 'translation')) {
    const en = (await import('./en.json')).default;
    i18next.addResourceBundle('en', 'translation', en, true, true);
  }
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = initialLocale();
  await i18next.use(initReactI18next).init({
    resources: { ko: { translation: ko } },
    lng: 'ko',
    fallbackLng: 'ko',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (lng !== 'ko') await changeLocale(lng);
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function changeLocale(lng: Locale): Promise<void> {
  await loadCatalogue(lng);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    /* ignore */
  }
}

export { i18next };
