/**
 * i18next with Korean first (bundled) and English loaded on demand. The chosen language is
 * kept in localStorage under `lang` and mirrored on <html lang>. The app passes in the
 * catalogues (shared + one namespace per feature).
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Locale = 'ko' | 'en';
export const LOCALES: Locale[] = ['ko', 'en'];
const LANG_KEY = 'lang';
let englishLoader: (() => Promise<Resource['en']>) | null = null;

function initialLocale(): Locale {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'ko') return saved;
  } catch {
    /* storage unavailable */
  }
  return 'ko';
}

export async function initI18n(ko: Resource['ko'], loadEnglish: () => Promise<Resource['en']>): Promise<typeof i18next> {
  englishLoader = loadEnglish;
  await i18next.use(initReactI18next).init({
    resources: { ko },
    lng: 'ko',
    fallbackLng: 'ko',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const lng = initialLocale();
  if (lng !== 'ko') await changeLocale(lng);
  document.documentElement.lang = i18next.language;
  return i18next;
}

export async function changeLocale(lng: Locale): Promise<void> {
  if (lng === 'en' && englishLoader && !i18next.hasResourceBundle('en', 'translation')) {
    const en = await englishLoader();
    for (const [ns, bundle] of Object.entries(en ?? {})) i18next.addResourceBundle('en', ns, bundle, true, true);
  }
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    /* ignore */
  }
}

export { i18next };
