/**
 * For unit tests (never imported by the app): the app's translator with every catalogue loaded
 * eagerly, so `useTranslation('<feature>')` renders real strings without suspending.
 *   import { initTestI18n } from '../../shared/test/i18n'; beforeAll(() => initTestI18n());
 */
import enShared from '../i18n/en.json';
import koPages from '../i18n/ko-pages.json';
import koShared from '../i18n/ko.json';
import { addJosaFormatter } from '../i18n/josa';
import { i18n, type Catalogue } from '../i18n/translator';

const ko = import.meta.glob<{ default: Catalogue }>('../../features/*/i18n/ko.json', { eager: true });
const en = import.meta.glob<{ default: Catalogue }>('../../features/*/i18n/en.json', { eager: true });
const nsOf = (path: string) => path.split('/')[3]!;
const bundle = (m: typeof ko) => Object.fromEntries(Object.entries(m).map(([p, mod]) => [nsOf(p), mod.default]));

export async function initTestI18n(lng: 'ko' | 'en' = 'ko') {
  if (!i18n.isInitialized) {
    i18n.init({
      lng,
      resources: { ko: { translation: { ...koShared, ...koPages }, ...bundle(ko) }, en: { translation: enShared, ...bundle(en) } },
    });
    addJosaFormatter(i18n);
  } else await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
  return i18n;
}
