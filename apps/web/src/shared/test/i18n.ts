/**
 * For unit tests (never imported by the app): i18next with every catalogue loaded eagerly, so
 * `useTranslation('<feature>')` renders real strings without suspending.
 *   import { initTestI18n } from '../../shared/test/i18n'; beforeAll(() => initTestI18n());
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enShared from '../i18n/en.json';
import koPages from '../i18n/ko-pages.json';
import koShared from '../i18n/ko.json';
import { addJosaFormatter } from '../i18n/josa';

const ko = import.meta.glob<{ default: Record<string, unknown> }>('../../features/*/i18n/ko.json', { eager: true });
const en = import.meta.glob<{ default: Record<string, unknown> }>('../../features/*/i18n/en.json', { eager: true });
const nsOf = (path: string) => path.split('/')[3]!;
const bundle = (m: typeof ko) => Object.fromEntries(Object.entries(m).map(([p, mod]) => [nsOf(p), mod.default]));

export async function initTestI18n(lng: 'ko' | 'en' = 'ko') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { ko: { translation: { ...koShared, ...koPages }, ...bundle(ko) }, en: { translation: enShared, ...bundle(en) } },
      lng,
      fallbackLng: 'ko',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    addJosaFormatter(i18next);
  } else await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
  return i18next;
}
